// Plain-text helpers shared across domains; turning markup into text and back lives in sanitize.server.ts.

/** One line of at most `length` characters, cut with an ellipsis (audit log labels). */
export function excerpt(text: string, length = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

import type { APIRequestContext } from "@playwright/test";

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code.startsWith("#x") || code.startsWith("#X")) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(Number(code.slice(1)));
    return entities[code.toLowerCase()] ?? whole;
  });
}

/**
 * The operator settings form (/admin/settings) as the page fills it in, field by field, read from the HTML an
 * administrator gets: what a browser would post back unchanged.
 */
export function settingsFormOf(html: string): Record<string, string> {
  const form = /<form[^>]*id="site-settings"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1];
  if (!form) throw new Error("no settings form on the page");
  const values: Record<string, string> = {};
  for (const input of form.matchAll(/<input\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(input[0])?.[1];
    if (name) values[decode(name)] = decode(/\bvalue="([^"]*)"/.exec(input[0])?.[1] ?? "");
  }
  for (const textarea of form.matchAll(/<textarea\b[^>]*\bname="([^"]*)"[^>]*>([\s\S]*?)<\/textarea>/g)) {
    // The HTML parser drops one newline right after <textarea>, and React writes one when the text starts with one.
    values[decode(textarea[1]!)] = decode(textarea[2]!.replace(/^\n/, ""));
  }
  return values;
}

/** The current form, read by an administrator's client. */
export async function currentSettingsForm(admin: APIRequestContext): Promise<Record<string, string>> {
  const response = await admin.get("/admin/settings");
  if (response.status() !== 200) throw new Error(`/admin/settings answered ${response.status()}`);
  return settingsFormOf(await response.text());
}

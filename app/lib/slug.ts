const transliterations: Record<string, string> = {
  ä: "ae",
  ö: "oe",
  ü: "ue",
  ß: "ss",
  Ä: "ae",
  Ö: "oe",
  Ü: "ue",
  ẞ: "ss",
};

export const SLUG_MAX_LENGTH = 80;

/** Readable German URL slug: "Größere Rankings für Ärzte" → "groessere-rankings-fuer-aerzte". */
export function slugify(title: string): string {
  const slug = title
    .replace(/[äöüßÄÖÜẞ]/g, (char) => transliterations[char] ?? char)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const cut = slug.slice(0, SLUG_MAX_LENGTH).replace(/-+$/g, "");
  return cut || "diskussion";
}

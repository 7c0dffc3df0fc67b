/**
 * Text for XML (feeds, sitemaps, the share images' SVG): the five markup characters escaped, and the characters
 * XML 1.0 does not allow at all (control characters other than tab, line feed and carriage return, U+FFFE/U+FFFF,
 * lone surrogates) left out. A member's title may hold them, and one such character makes the whole document
 * unreadable.
 */
export function escapeXml(value: string): string {
  return value
    .replace(
      // eslint-disable-next-line no-control-regex -- the characters XML forbids are what this matches
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      "",
    )
    .replace(/[<>&'"]/g, (char) => XML_ENTITIES[char]!);
}

const XML_ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" };

import { shareImage } from "./seo";
import { site } from "./site";
import { shortenAtWord } from "./format";
import { escapeXml } from "./xml";

/**
 * The share images (og:image, 1200×630) as SVG, for sharp to draw: the
 * forum's default one (scripts/brand-files.ts, at build time) and one per
 * discussion (app/server/seo/share-image.server.ts, on first request). The
 * favicon's letter tile, the brand's colours from app/app.css.
 */
const BRAND_600 = "#ea580c";
const BRAND_800 = "#9a3412";
const BRAND_50 = "#fff7ed";
const INK = "#1c1917";
/** The "Gelöst" badge of the lists (green-900 on green-50, a green-300 rim: app/components/ui/badge.tsx, light theme). */
const SOLVED_INK = "#14532d";
const SOLVED_FILL = "#f0fdf4";
const SOLVED_RIM = "#86efac";
export const TILE_LETTER = "M9 23V9h3.2l3.8 6.4L19.8 9H23v14h-3v-8.6l-3.4 5.6h-1.2L12 14.4V23z";
const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

/**
 * What a discussion's share image address names after `?v=`: the page's last change (decision 0027) and whether it is
 * solved, which the image shows and which may change within the change's millisecond. A new value is a new address,
 * so the image may be kept a year under each.
 */
export function shareImageVersion(changedAt: Date | string, solved: boolean): string {
  return `${new Date(changedAt).getTime()}${solved ? "s" : ""}`;
}

/** The favicon's tile at `size` pixels. */
export function tileSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BRAND_600}"/><path d="${TILE_LETTER}" fill="#fff"/></svg>`;
}

/**
 * The tile for Android's masks: square, the orange to every edge. The letter stays as on the tile: its corners lie
 * 31 % of the width from the middle, inside the circle of 40 % that every mask keeps.
 */
export function maskableTileSvg(size: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND_600}"/><path d="${TILE_LETTER}" fill="#fff"/></svg>`;
}

function frame(content: string): string {
  const { width, height } = shareImage;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${BRAND_50}"/>
  <rect width="${width}" height="24" fill="${BRAND_600}"/>
  <rect y="${height - 24}" width="${width}" height="24" fill="${BRAND_600}"/>
${content}
</svg>`;
}

/** The forum's own image: its tile, name and tagline. */
export function defaultShareImageSvg(): string {
  return frame(`  <g transform="translate(96 120) scale(6.5)">
    <rect width="32" height="32" rx="7" fill="${BRAND_600}"/>
    <path d="${TILE_LETTER}" fill="#fff"/>
  </g>
  <text x="96" y="450" font-family="${FONT}" font-size="76" font-weight="700" fill="${INK}">${escapeXml(site.name)}</text>
  <text x="96" y="520" font-family="${FONT}" font-size="40" fill="${BRAND_800}">${escapeXml(site.tagline)}</text>`);
}

/** Characters of the title a line holds at 60 px (DejaVu Sans Bold averages about 0.6 em a character). */
const TITLE_LINE_CHARACTERS = 28;
const TITLE_LINES = 4;

/**
 * Words into lines of at most `perLine` characters, at most `lines` of them;
 * what does not fit ends the last line with "…". A word longer than a line is
 * cut where it must be.
 */
export function wrapTitle(title: string, perLine = TITLE_LINE_CHARACTERS, lines = TITLE_LINES): string[] {
  const words = title.trim().split(/\s+/);
  const wrapped: string[] = [];
  let current = "";
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= perLine || !current) {
      current = candidate;
      continue;
    }
    wrapped.push(current);
    current = word;
    if (wrapped.length === lines - 1) {
      wrapped.push(shortenAtWord(words.slice(index).join(" "), perLine));
      return wrapped.map((line) => shortenAtWord(line, perLine));
    }
  }
  if (current) wrapped.push(current);
  return wrapped.map((line) => shortenAtWord(line, perLine));
}

/** The pill 'Gelöst' with its check mark, right-aligned on the category's line (its top at 108, its end at 1104). */
function solvedBadgeSvg(): string {
  const width = 226;
  const x = 1104 - width;
  return `  <g>
    <rect x="${x}" y="104" width="${width}" height="60" rx="30" fill="${SOLVED_FILL}" stroke="${SOLVED_RIM}" stroke-width="3"/>
    <path d="M${x + 32} 134 l12 12 l22 -24" fill="none" stroke="${SOLVED_INK}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>
    <text x="${x + 80}" y="146" font-family="${FONT}" font-size="32" font-weight="700" fill="${SOLVED_INK}">Gelöst</text>
  </g>
`;
}

/** A discussion's image: the category above its title ('Gelöst' beside it once solved), the answers and the forum's name below. */
export function discussionShareImageSvg(discussion: {
  title: string;
  categoryLabel: string;
  repliesCount: number;
  solved: boolean;
}): string {
  const lines = wrapTitle(discussion.title);
  // The first line under the category, whatever the number of lines: four end above the footer.
  const titleTop = 232;
  const answers = `${discussion.repliesCount.toLocaleString("de-DE")} ${discussion.repliesCount === 1 ? "Antwort" : "Antworten"}`;
  return frame(`  <text x="96" y="150" font-family="${FONT}" font-size="34" font-weight="700" fill="${BRAND_800}">${escapeXml(discussion.categoryLabel)}</text>
${discussion.solved ? solvedBadgeSvg() : ""}  <text font-family="${FONT}" font-size="60" font-weight="700" fill="${INK}">${lines
    .map((line, index) => `<tspan x="96" y="${titleTop + index * 68}">${escapeXml(line)}</tspan>`)
    .join("")}</text>
  <g transform="translate(96 494) scale(2.5)">
    <rect width="32" height="32" rx="7" fill="${BRAND_600}"/>
    <path d="${TILE_LETTER}" fill="#fff"/>
  </g>
  <text x="196" y="550" font-family="${FONT}" font-size="38" font-weight="700" fill="${INK}">${escapeXml(site.name)}</text>
  <text x="1104" y="550" text-anchor="end" font-family="${FONT}" font-size="34" fill="${BRAND_800}">${escapeXml(answers)}</text>`);
}

/**
 * The default share image (og:image): 1200×630 PNG in the brand's orange with
 * the forum's name, drawn from SVG with sharp as the last step of
 * `npm run build` (into build/client, the public files) rather than kept in
 * the repository as a binary. Texts and sizes come from app/lib/site.ts and
 * app/lib/seo.ts, so a renamed forum gets a new image.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { shareImage } from "../app/lib/seo";
import { site } from "../app/lib/site";

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

// The favicon's letter tile (public/favicon.svg), scaled; brand colours from app/app.css.
const BRAND_600 = "#ea580c";
const BRAND_800 = "#9a3412";
const BRAND_50 = "#fff7ed";
const LETTER = "M9 23V9h3.2l3.8 6.4L19.8 9H23v14h-3v-8.6l-3.4 5.6h-1.2L12 14.4V23z";
const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

export function shareImageSvg(): string {
  const { width, height } = shareImage;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${BRAND_50}"/>
  <rect width="${width}" height="24" fill="${BRAND_600}"/>
  <rect y="${height - 24}" width="${width}" height="24" fill="${BRAND_600}"/>
  <g transform="translate(96 120) scale(6.5)">
    <rect width="32" height="32" rx="7" fill="${BRAND_600}"/>
    <path d="${LETTER}" fill="#fff"/>
  </g>
  <text x="96" y="450" font-family="${FONT}" font-size="76" font-weight="700" fill="#1c1917">${escapeXml(site.name)}</text>
  <text x="96" y="520" font-family="${FONT}" font-size="40" fill="${BRAND_800}">${escapeXml(site.tagline)}</text>
</svg>`;
}

export async function renderShareImage(): Promise<Buffer> {
  return sharp(Buffer.from(shareImageSvg())).png({ compressionLevel: 9, palette: true }).toBuffer();
}

const OUTPUT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "build", "client", shareImage.path);

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
  fs.writeFileSync(OUTPUT, await renderShareImage());
}

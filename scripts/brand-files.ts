/**
 * The forum's brand files, drawn from SVG with sharp as the last step of
 * `npm run build` (into build/client, the public files) rather than kept in
 * the repository as binaries:
 * - the default share image (og:image), 1200×630 PNG in the brand's orange
 *   with the forum's name;
 * - `/favicon.ico` (16 and 32 px) for the clients and crawlers that ask for it
 *   without reading the page's `<link rel="icon">`;
 * - the app icons (180 px for iOS, 192 and 512 px) and `/manifest.webmanifest`,
 *   so "Zum Startbildschirm hinzufügen" shows the forum's name and tile.
 * Texts and sizes come from app/lib/site.ts and app/lib/seo.ts, so a renamed
 * forum gets new files.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { appIcons, shareImage, WEB_MANIFEST_PATH, webManifest } from "../app/lib/seo";
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

/** The favicon's letter tile (public/favicon.svg) at `size` pixels. */
export function renderTile(size: number): Promise<Buffer> {
  const tile = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${BRAND_600}"/><path d="${LETTER}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(tile)).png({ compressionLevel: 9 }).toBuffer();
}

/**
 * An ICO file holding PNG images (allowed since Windows Vista, read by every
 * browser): the 6-byte header, a 16-byte entry per image, then the images.
 * Written here because the npm packages for it pin odd runtime dependencies,
 * and the format is this short.
 */
export function icoOf(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0); // 0 means 256
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}

const CLIENT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "build", "client");

async function writeBrandFiles() {
  const write = (publicPath: string, content: Buffer | string) => {
    const file = path.join(CLIENT_DIR, publicPath);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  };
  write(shareImage.path, await renderShareImage());
  write("/favicon.ico", icoOf(await Promise.all([16, 32].map(async (size) => ({ size, png: await renderTile(size) })))));
  for (const icon of appIcons) write(icon.path, await renderTile(icon.size));
  write(WEB_MANIFEST_PATH, JSON.stringify(webManifest(), null, 2));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await writeBrandFiles();
}

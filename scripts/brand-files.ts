/**
 * The forum's brand files, drawn from SVG with sharp as the last step of
 * `npm run build` (into build/client, the public files) rather than kept in
 * the repository as binaries:
 * - the default share image (og:image), 1200×630 PNG in the brand's orange
 *   with the forum's name;
 * - `/favicon.ico` (16 and 32 px) for the clients and crawlers that ask for it
 *   without reading the page's `<link rel="icon">`;
 * - the app icons (180 px for iOS, 192 and 512 px, a maskable 512 px for
 *   Android) and `/manifest.webmanifest`, so "Zum Startbildschirm hinzufügen"
 *   shows the forum's name and tile (its screenshots are committed in
 *   public/brand, taken by `npm run screenshots`).
 * Texts and sizes come from app/lib/site.ts and app/lib/seo.ts, so a renamed
 * forum gets new files.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { appIcons, maskableIcon, shareImage, WEB_MANIFEST_PATH, webManifest } from "../app/lib/seo";
import { defaultShareImageSvg, maskableTileSvg, tileSvg } from "../app/lib/share-image";

export async function renderShareImage(): Promise<Buffer> {
  return sharp(Buffer.from(defaultShareImageSvg())).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** The favicon's letter tile (public/favicon.svg) at `size` pixels. */
export function renderTile(size: number): Promise<Buffer> {
  return sharp(Buffer.from(tileSvg(size)))
    .png({ compressionLevel: 9 })
    .toBuffer();
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
  write(
    maskableIcon.path,
    await sharp(Buffer.from(maskableTileSvg(maskableIcon.size)))
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
  write(WEB_MANIFEST_PATH, JSON.stringify(webManifest(), null, 2));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await writeBrandFiles();
}

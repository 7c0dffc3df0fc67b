import type { Locator } from "@playwright/test";
import sharp from "sharp";

/** A screenshot-like PNG: a chart of bars, 1,200 × 800. */
export async function chartPng(barColour = "#16a34a"): Promise<Buffer> {
  const bars = [120, 260, 200, 420, 380, 560]
    .map((height, i) => `<rect x="${120 + i * 170}" y="${700 - height}" width="110" height="${height}" fill="${barColour}"/>`)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#f8fafc"/>${bars}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Pastes a file into the editor as the clipboard would hand it over. */
export async function pasteFile(editor: Locator, file: { name: string; type: string; bytes: Buffer }) {
  await editor.evaluate(
    (element, { name, type, bytes }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name, { type }));
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    { name: file.name, type: file.type, bytes: [...file.bytes] },
  );
}

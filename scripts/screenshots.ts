/**
 * `npm run screenshots`: starts the built production server on an in-memory
 * database with the demo content and photographs the first screen of the
 * home page and a discussion, at 1280 and 375 px, in the light and the dark
 * theme, into docs/screenshots/ (shown in README.md), as small palette PNGs. The light home page at the
 * sizes of `appScreenshots` also goes to public/brand: the web app manifest's screenshots, which Android's
 * install dialog shows. Run `npm run build` first; renew the pictures after a visible change.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { appScreenshots } from "../app/lib/seo";
import { findDiscussionPath, startDemoServer } from "./lib/bench-server";

const OUT_DIR = "docs/screenshots";
const [narrow, wide] = appScreenshots;
const WIDTHS = { desktop: { width: wide.width, height: wide.height }, phone: { width: narrow.width, height: narrow.height } } as const;
const THEMES = ["light", "dark"] as const;

async function main() {
  const server = await startDemoServer({ port: process.env.SCREENSHOTS_PORT ? Number(process.env.SCREENSHOTS_PORT) : undefined });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium" });
  try {
    const pages = { home: "/", discussion: await findDiscussionPath(server.url) };
    fs.mkdirSync(OUT_DIR, { recursive: true });
    for (const [widthName, viewport] of Object.entries(WIDTHS)) {
      for (const theme of THEMES) {
        // The system's setting decides, as for a first visit; the cookie banner is answered already.
        const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme: theme, locale: "de-DE" });
        await context.addInitScript(() => window.localStorage.setItem("cookie-consent", "true"));
        const page = await context.newPage();
        for (const [pageName, pagePath] of Object.entries(pages)) {
          await page.goto(`${server.url}${pagePath}`, { waitUntil: "networkidle" });
          await page.locator("html[data-hydrated], html[data-enhanced]").waitFor({ state: "attached" });
          const file = path.join(OUT_DIR, `${pageName}-${widthName}-${theme}.png`);
          const shot = await page.screenshot({ animations: "disabled", caret: "hide" });
          // A palette PNG: a third of the size of the full-colour one, and text stays sharp (JPEG would blur it).
          await sharp(shot).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9, dither: 0 }).toFile(file);
          console.log(`${file}  ${Math.round(fs.statSync(file).size / 1024)} KB`);
          const manifestShot = appScreenshots.find((shot) => shot.width === viewport.width);
          if (pageName === "home" && theme === "light" && manifestShot) fs.copyFileSync(file, path.join("public", manifestShot.path));
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

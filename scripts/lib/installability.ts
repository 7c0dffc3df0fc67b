/**
 * Whether Chromium offers to install the forum ("Zum Startbildschirm hinzufügen", the install button): the question
 * Lighthouse's `installable-manifest` audit asked Chromium until Lighthouse 12 removed its PWA checks. Asked of the
 * browser that Lighthouse drives (its DevTools port), in the profile's own context: an incognito one is never
 * offered an install, and Chromium's headless shell answers no error for anything.
 */
import { chromium } from "@playwright/test";

export interface Installability {
  /** Chromium's reasons not to offer the install (`Page.getInstallabilityErrors`), e.g. "manifest-missing-suitable-icon". */
  errors: string[];
  /** What Chromium found wrong with the manifest itself (`Page.getAppManifest`). */
  manifestErrors: string[];
  manifestUrl: string;
}

export async function installabilityOf(devtoolsPort: number, url: string): Promise<Installability> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${devtoolsPort}`);
  const context = browser.contexts()[0];
  if (!context) throw new Error("no default browser context to check installability in");
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: "load" });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    const manifest = await cdp.send("Page.getAppManifest");
    return {
      errors: installabilityErrors.map(
        (error) => `${error.errorId}${error.errorArguments.map((argument) => ` ${argument.name}=${argument.value}`).join("")}`,
      ),
      manifestErrors: manifest.errors.map((error) => error.message),
      manifestUrl: manifest.url,
    };
  } finally {
    await page.close();
  }
}

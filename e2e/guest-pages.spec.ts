import { request } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { DEMO_PASSWORD, storageStateOf } from "./auth-helpers";
import { firstDiscussion, newestArchiveMonth, profileOf } from "./content-helpers";

/**
 * Guests read without the framework (decision record 0036): each
 * reading page loads exactly one script, the enhancement script, within its
 * budget; the pages where a guest fills a form, and every page of a member,
 * keep the full app.
 */

const BUDGET_BROTLI_BYTES = 10_000;
const GUEST_SCRIPT = /^\/assets\/guest-[\w-]+\.js$/;

type PagePath = string | ((request: APIRequestContext) => Promise<string>);

const readingPages: PagePath[] = [
  "/",
  "/subforum/seo",
  "/category/tools",
  firstDiscussion,
  (request) => profileOf(request, "Hoffmann"),
  "/members",
  "/search",
  "/search?q=Backlinks",
  "/archive",
  newestArchiveMonth,
  "/impressum",
  "/agb",
  "/datenschutz",
];

/** Every script the page requests while it loads, by path. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test("a guest's reading pages load the enhancement script and nothing of the framework", async ({ page, visit, baseURL }) => {
  // Thirteen pages: about a minute on a busy two-core machine.
  test.setTimeout(150_000);
  const scripts = recordScripts(page);
  for (const entry of readingPages) {
    const path = typeof entry === "string" ? entry : await entry(page.request);
    scripts.length = 0;
    const response = await visit(path);
    expect(scripts, path).toHaveLength(1);
    expect(scripts[0], path).toMatch(GUEST_SCRIPT);
    const html = await response.text();
    expect(html, `${path}: no module preloads`).not.toContain('rel="modulepreload"');
    // JSON-LD is data, not a script; nothing else inline may run.
    const inline = [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((match) => match[1]!)
      .filter((attributes) => !/type="application\/ld\+json"/.test(attributes));
    expect(inline, path).toEqual([expect.stringMatching(/^ type="module" src="\/assets\/guest-[\w-]+\.js"$/)]);
    await expect(page.locator("html"), path).not.toHaveAttribute("data-hydrated");
  }

  // Its size as the server sends it to a browser that takes brotli (bytes on the wire, not decompressed).
  const wire = await bytesOnTheWire(new URL(scripts[0]!, baseURL).href);
  expect(wire.encoding).toBe("br");
  expect(brotliDecompressSync(wire.body).toString("utf8")).toContain("enhanced");
  expect(wire.body.byteLength, "enhancement script, brotli bytes").toBeLessThanOrEqual(BUDGET_BROTLI_BYTES);
});

function bytesOnTheWire(url: string): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "Accept-Encoding": "br" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ body: Buffer.concat(chunks), encoding: res.headers["content-encoding"] }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

test("the guest page cache hands out the page without the framework too", async ({ playwright, baseURL }) => {
  const guest = await playwright.request.newContext({ baseURL });
  await expect.poll(async () => (await guest.get("/impressum")).headers()["x-page-cache"]).toBe("hit");
  const html = await (await guest.get("/impressum")).text();
  expect(html).toMatch(/<script type="module" src="\/assets\/guest-[\w-]+\.js"><\/script>/);
  expect(html).not.toContain("__reactRouterContext");
  await guest.dispose();
});

test("pages where a guest fills a form keep the full app", async ({ page, visit }) => {
  const scripts = recordScripts(page);
  for (const path of ["/auth", "/auth?tab=register", "/reset-password", "/email-confirmation?email=neu%40example.com"]) {
    scripts.length = 0;
    await visit(path);
    await expect(page.locator("html"), path).toHaveAttribute("data-hydrated", "true");
    expect(
      scripts.some((script) => /\/assets\/framework-/.test(script)),
      path,
    ).toBe(true);
    expect(
      scripts.some((script) => GUEST_SCRIPT.test(script)),
      path,
    ).toBe(false);
  }
});

test.describe("a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("gets the full app on the reading pages", async ({ page, visit }) => {
    test.setTimeout(90_000);
    const scripts = recordScripts(page);
    for (const path of ["/", "/members", "/impressum"]) {
      scripts.length = 0;
      await visit(path);
      await expect(page.locator("html"), path).toHaveAttribute("data-hydrated", "true");
      expect(
        scripts.some((script) => GUEST_SCRIPT.test(script)),
        path,
      ).toBe(false);
    }
  });
});

test("a guest who signs in from a reading page gets the full app on the next page: the live bell and the editor", async ({
  page,
  visit,
}) => {
  test.setTimeout(60_000);
  const discussion = await firstDiscussion(page.request);
  await visit(discussion);
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  await page.getByRole("contentinfo").getByRole("link", { name: "Anmelden", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/auth");
  await waitForHydration(page);
  await page.getByLabel("E-Mail").fill("jonas.schulz@example.com");
  await page.getByLabel("Passwort", { exact: true }).fill(DEMO_PASSWORD);
  const live = page.waitForRequest((request) => new URL(request.url()).pathname === "/notifications/live");
  await page.getByRole("button", { name: "Anmelden", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByTestId("notification-bell")).toBeVisible();
  await live;

  await visit(discussion);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // The comment field is the app's: typing a mention opens its member suggestions.
  const field = page.getByLabel("Ihr Kommentar");
  await field.click();
  await field.pressSequentially("@Lena", { delay: 30 });
  await expect(page.getByRole("listbox", { name: "Mitglieder erwähnen" }).getByRole("option").first()).toBeVisible();
});

test("a guest's code blocks get the copy button from the enhancement script", async ({ page, visit }) => {
  // The demo discussion with a JSON-LD code block (db/seed/demo-content.ts).
  await visit("/discussion/productgroup-markup-fuer-varianten-hat-das-schon-jemand-produktiv-im-einsatz");
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "true");
  const button = page.locator(".code-block").first().getByRole("button", { name: "Code kopieren" });
  await expect(button).toBeVisible();
  await expect(button).toHaveText("Kopieren");
});

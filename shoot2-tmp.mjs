import { chromium } from "playwright-core";
const base = "http://localhost:3400";
const slug = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
for (const [name, width, dark] of [["report-375", 375, false], ["report-desktop-dark", 1280, true]]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: dark ? "dark" : "light" });
  const page = await context.newPage();
  await page.goto(base + "/auth");
  await page.fill('input[name="email"]', "jonas.schulz@example.com");
  await page.fill('input[name="password"]', "demo-passwort");
  await page.click('form button[type="submit"]');
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"));
  await page.goto(base + "/discussion/" + slug);
  await page.getByRole("button", { name: "Alle akzeptieren" }).click().catch(() => {});
  const first = page.locator('[data-testid="comment"]').nth(1);
  await first.getByText("Melden").first().click();
  await first.scrollIntoViewIfNeeded();
  console.log(name, await page.evaluate(() => document.documentElement.scrollWidth));
  await first.screenshot({ path: `/tmp/shots/${name}.png` });
  if (name === "report-375") {
    await first.getByRole("radio", { name: "Sonstiges" }).check();
    await first.getByRole("button", { name: "Beitrag melden" }).click();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `/tmp/shots/report-refused.png` });
  }
  await context.close();
}
await browser.close();

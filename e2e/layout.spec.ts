import { storageStateOf } from "./auth-helpers";
import { expect, test, waitForHydration } from "./fixtures";

test.describe("sidebar", () => {
  test("Ctrl+B collapses and expands it, and the state survives a reload", async ({ page, visit }) => {
    await visit("/");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await expect(page.getByRole("searchbox", { name: "Diskussionen durchsuchen" })).toBeVisible();

    await page.keyboard.press("Control+b");
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    // Collapsed: icons only, no search box.
    await expect(page.getByRole("searchbox", { name: "Diskussionen durchsuchen" })).toHaveCount(0);

    await page.reload();
    await waitForHydration(page);
    await expect(sidebar).toHaveAttribute("data-state", "collapsed");
    const cookies = await page.context().cookies();
    const state = cookies.find((c) => c.name === "sidebar_state");
    expect(state?.value).toBe("false");
    // Seven days, give or take the test's own runtime.
    expect((state?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120);

    await page.getByTestId("sidebar-toggle").click();
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
    await page.reload();
    await expect(sidebar).toHaveAttribute("data-state", "expanded");
  });

  test("the server renders the collapsed state from the cookie", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "sidebar_state", value: "false", url: baseURL! }]);
    const response = await page.request.get("/", { headers: { Cookie: "sidebar_state=false" } });
    expect(await response.text()).toContain('data-state="collapsed"');
  });

  test("Subforen group is open by default and can be closed", async ({ page, visit }) => {
    await visit("/");
    const sidebar = page.getByTestId("sidebar");
    const seoLink = sidebar.getByRole("link", { name: /SEO/ }).first();
    await expect(seoLink).toBeVisible();
    await expect(sidebar.getByText("AI Overviews, ChatGPT, Perplexity und generative Suche")).toBeVisible();
    await sidebar.getByRole("button", { name: "Subforen" }).click();
    await expect(sidebar.getByRole("link", { name: /KI-Suche/ })).toHaveCount(0);
  });

  test("on a 375 px screen it opens as an overlay and closes again", async ({ page, visit }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await visit("/");
    await expect(page.getByTestId("sidebar")).toBeHidden();
    await page.getByTestId("sidebar-toggle").click();
    const overlay = page.getByTestId("mobile-sidebar");
    await expect(overlay).toBeVisible();
    await expect(overlay.getByRole("link", { name: "Mitglieder" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(overlay).toBeHidden();

    await page.getByTestId("sidebar-toggle").click();
    await expect(overlay).toBeVisible();
    await overlay.getByRole("button", { name: "Seitenleiste schließen" }).click();
    await expect(overlay).toBeHidden();

    // Following a link closes the overlay too.
    await page.getByTestId("sidebar-toggle").click();
    await overlay.getByRole("link", { name: "Dashboard" }).click();
    await expect(overlay).toBeHidden();
  });
});

test.describe("sidebar of a member", () => {
  test.use({ storageState: storageStateOf("member") });

  test("its links open in the app and mark the page shown as current", async ({ page, visit }) => {
    await visit("/");
    const sidebar = page.getByTestId("sidebar");
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    // A mark on the window survives only a navigation inside the app, not a new document.
    await page.evaluate(() => Object.assign(window, { stayedInApp: true }));
    const members = page.waitForResponse((response) => new URL(response.url()).pathname === "/members.data");
    await sidebar.getByRole("link", { name: "Mitglieder" }).click();
    expect((await members).status()).toBe(200);
    await expect(page).toHaveURL(/\/members$/);
    await expect(sidebar.getByRole("link", { name: "Mitglieder" })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
    expect(await page.evaluate(() => (window as { stayedInApp?: boolean }).stayedInApp)).toBe(true);
  });

  test("on a 375 px screen a link of the overlay opens the page in the app and closes it", async ({ page, visit }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await visit("/");
    await page.getByTestId("sidebar-toggle").click();
    const overlay = page.getByTestId("mobile-sidebar");
    await page.evaluate(() => Object.assign(window, { stayedInApp: true }));
    const members = page.waitForResponse((response) => new URL(response.url()).pathname === "/members.data");
    await overlay.getByRole("link", { name: "Mitglieder" }).click();
    expect((await members).status()).toBe(200);
    await expect(overlay).toBeHidden();
    await expect(page).toHaveURL(/\/members$/);
    expect(await page.evaluate(() => (window as { stayedInApp?: boolean }).stayedInApp)).toBe(true);
  });
});

test.describe("sidebar search", () => {
  test("submits trimmed text to /search and ignores blank input", async ({ page, visit }) => {
    // Every way to the search page asks the server: a document request, or its loader's `.data` request.
    const searches: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/search" || url.pathname === "/search.data") searches.push(`${url.pathname}${url.search}`);
    });
    await visit("/");
    // A listener on window runs after React's on the root: it sees whether the handler stopped the browser's own submission.
    await page.evaluate(() => {
      const seen: boolean[] = [];
      Object.assign(window, { __searchSubmits: seen });
      window.addEventListener("submit", (event) => seen.push(event.defaultPrevented));
    });
    const box = page.getByRole("searchbox", { name: "Diskussionen durchsuchen" });

    await box.fill("   ");
    await box.press("Enter");
    // The blank submission has been handled, and the browser's own navigation was stopped.
    const submits = () => page.evaluate(() => (window as unknown as { __searchSubmits?: boolean[] }).__searchSubmits);
    await expect.poll(submits, { message: "one submission, handled in this page without a navigation" }).toEqual([true]);

    await box.fill("  Backlinks kaufen  ");
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search");
    expect(new URL(page.url()).searchParams.get("q")).toBe("Backlinks kaufen");
    // Requests are reported in the order they were sent: a navigation the blank submission started would be listed first.
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.filter((search) => new URLSearchParams(search.split("?")[1]).get("q") !== "Backlinks kaufen")).toEqual([]);
    await expect(page.getByRole("searchbox", { name: "Suchbegriff" })).toHaveValue("Backlinks kaufen");
  });
});

test.describe("logo", () => {
  test("falls back to an orange letter tile when the image fails", async ({ page, allowConsoleError }) => {
    allowConsoleError(/ERR_FAILED/);
    await page.route("**/brand/logo.svg", (route) => route.abort());
    await page.goto("/");
    await expect(page.getByTestId("sidebar").getByTestId("logo-fallback")).toHaveText("M");
  });
});

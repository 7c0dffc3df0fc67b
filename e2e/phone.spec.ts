import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ROLES, signInOverHttp, storageStateOf, type Role } from "./auth-helpers";
import { firstDiscussion, ownCommentInEditing, profileOf, secondMembersPage } from "./content-helpers";

/**
 * Phones: no page is wider than the screen at 320 and 375 px, for guests and
 * signed-in members alike; the floating create button keeps out of the way;
 * and without JavaScript guests and members still reach every kind of page
 * from the home page, by clicking.
 *
 * Each kind of visitor walks its pages in one browser context, and each page
 * is loaded once at 375 px and measured again after narrowing to 320 px.
 */

type PagePath = string | ((request: APIRequestContext) => Promise<string>);

interface Walk {
  name: string;
  as?: Role;
  pages: Array<{ path: PagePath; status?: number }>;
}

const walks: Walk[] = [
  {
    name: "guest: home, listings and a discussion",
    pages: [
      { path: "/" },
      { path: "/subforum/seo" },
      { path: "/category/allgemein" },
      { path: "/category/tools" },
      { path: "/category/events" },
      { path: firstDiscussion },
      { path: "/gibt-es-nicht/wirklich", status: 404 },
    ],
  },
  {
    name: "guest: members, search and profiles",
    pages: [
      { path: "/members" },
      { path: "/members?q=Hoffmann" },
      { path: (request) => profileOf(request, "Hoffmann") },
      { path: "/search" },
      { path: "/search?q=Backlinks" },
      { path: secondMembersPage },
    ],
  },
  {
    name: "guest: legal pages and signing in",
    pages: [
      { path: "/impressum" },
      { path: "/agb" },
      { path: "/datenschutz" },
      { path: "/auth" },
      { path: "/auth?tab=register" },
      { path: "/email-confirmation?email=neu%40example.com" },
    ],
  },
  {
    name: "guest: passwords, magic links and unsubscribing",
    pages: [
      { path: "/auth?mode=forgot-password" },
      { path: "/auth?mode=magic-link" },
      { path: "/reset-password" },
      { path: "/reset-password?error=access_denied&error_description=Email+link+is+invalid+or+has+expired" },
      { path: "/notifications/unsubscribe?token=ungueltig", status: 400 },
    ],
  },
  {
    name: "member: writing and the own profile",
    as: "member",
    pages: [
      { path: "/" },
      { path: firstDiscussion },
      { path: "/create-discussion?category=seo" },
      { path: (request) => profileOf(request, "Köhler") },
      { path: async (request) => `${await profileOf(request, "Köhler")}?edit=1` },
      { path: "/members" },
    ],
  },
  {
    name: "member: reading, finding and not finding",
    as: "member",
    pages: [
      { path: "/notifications" },
      { path: "/search" },
      { path: "/search?q=Backlinks" },
      { path: "/subforum/seo" },
      { path: "/category/tools" },
      { path: "/agb" },
      { path: "/gibt-es-nicht/wirklich", status: 404 },
    ],
  },
  {
    name: "member: refused, editing a comment, other members",
    as: "member",
    pages: [
      { path: "/admin", status: 403 },
      { path: ownCommentInEditing },
      { path: (request) => profileOf(request, "Hoffmann") },
      { path: secondMembersPage },
      { path: "/profile/gibt-es-nicht", status: 404 },
      { path: "/discussion/gibt-es-nicht", status: 404 },
    ],
  },
  {
    name: "moderator: a discussion with the moderation tools",
    as: "moderator",
    pages: [{ path: firstDiscussion }],
  },
  {
    name: "administrator: admin panel and moderation",
    as: "admin",
    pages: [{ path: "/admin" }, { path: firstDiscussion }, { path: async (request) => `${await firstDiscussion(request)}?edit=1` }],
  },
  {
    name: "pending member",
    as: "pending",
    pages: [{ path: "/pending-approval" }],
  },
];

/** The page's width and every visible element reaching past the screen's edges (a box that scrolls itself is fine). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollsItself = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    const tooWide: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      if (!element.checkVisibility()) continue;
      const box = element.getBoundingClientRect();
      // Visually hidden text (sr-only) is a 1 px box by design.
      if (box.width <= 1 || box.height <= 1) continue;
      if ((box.right > width + 0.5 || box.left < -0.5) && !scrollsItself(element)) {
        tooWide.push(
          `<${element.tagName.toLowerCase()}> "${(element.textContent ?? "").trim().slice(0, 40)}" ${Math.round(box.left)}..${Math.round(box.right)}`,
        );
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, tooWide: tooWide.slice(0, 5) };
  });
}

test.describe("no page is wider than a phone", () => {
  // Up to seven pages, each measured at two widths: about 12 s on a busy two-core machine.
  test.describe.configure({ timeout: 45_000 });
  for (const walk of walks) {
    test.describe(() => {
      if (walk.as) test.use({ storageState: storageStateOf(walk.as) });
      test.use({ viewport: { width: 375, height: 740 } });

      test(`${walk.name} at 375 and 320 px`, async ({ page, visit }) => {
        for (const entry of walk.pages) {
          const path = typeof entry.path === "string" ? entry.path : await entry.path(page.request);
          await page.setViewportSize({ width: 375, height: 740 });
          await visit(path, { status: entry.status });
          for (const width of [375, 320]) {
            await page.setViewportSize({ width, height: 740 });
            const measured = await overflow(page);
            expect(measured, `${path} at ${width} px`).toEqual({ scrollWidth: width, width, tooWide: [] });
          }
        }
      });
    });
  }
});

test.describe("the floating create button", () => {
  test.use({ storageState: storageStateOf("member"), viewport: { width: 375, height: 740 } });

  test("leaves the page's last line free and stays away from writing", async ({ page, visit }) => {
    await visit("/");
    // The cookie banner covers the bottom of a phone's screen until the first choice.
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Nur notwendige" }).click();
    const button = page.getByTestId("floating-create");
    await expect(button).toBeVisible();
    // In a landmark: axe's `region` rule (e2e/fixtures.ts) checks that no content lies outside one.
    await expect(page.getByRole("navigation", { name: "Schnellaktion" }).getByTestId("floating-create")).toBeVisible();

    // Scrolled to the very end, nothing of the footer lies under the button.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const buttonBox = (await button.boundingBox())!;
    const footerItems = page.getByRole("contentinfo").locator("a, p");
    for (const box of await Promise.all((await footerItems.all()).map((item) => item.boundingBox()))) {
      if (!box) continue;
      const overlaps =
        box.x < buttonBox.x + buttonBox.width &&
        box.x + box.width > buttonBox.x &&
        box.y < buttonBox.y + buttonBox.height &&
        box.y + box.height > buttonBox.y;
      expect(overlaps, `footer item at ${JSON.stringify(box)} under the button`).toBe(false);
    }

    await button.click();
    await page.waitForURL((url) => url.pathname === "/create-discussion");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(button).toHaveCount(0);
    // Leaving the form brings it back.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(button).toBeVisible();
  });
});

test.describe("a phone without JavaScript", () => {
  // Reduced motion: the jump to the navigation is instant rather than a smooth scroll.
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 }, reducedMotion: "reduce" });

  const mainPages: Array<{ link: string; path: string; heading: RegExp }> = [
    { link: "Dashboard", path: "/", heading: /.+/ },
    { link: "SEO", path: "/subforum/seo", heading: /SEO/ },
    { link: "SEA", path: "/subforum/sea", heading: /SEA/ },
    { link: "KI-Suche", path: "/subforum/ai", heading: /KI-Suche/ },
    { link: "Allgemein", path: "/category/allgemein", heading: /Allgemein/ },
    { link: "Tools", path: "/category/tools", heading: /Tools/ },
    { link: "Events", path: "/category/events", heading: /Events/ },
    { link: "Mitglieder", path: "/members", heading: /Mitglieder/ },
    { link: "Suche", path: "/search", heading: /Diskussionen durchsuchen/ },
    { link: "Archiv", path: "/archive", heading: /Archiv/ },
    { link: "Impressum", path: "/impressum", heading: /Impressum/ },
    { link: "AGB", path: "/agb", heading: /Allgemeine Geschäfts/ },
    { link: "Datenschutz", path: "/datenschutz", heading: /Datenschutz/ },
    // Last: the sign-in page has a layout of its own, without the top bar.
    { link: "Anmelden", path: "/auth", heading: /.+/ },
  ];

  /** The top bar's menu button leads to the footer's navigation, on every page with a top bar. */
  async function openMenu(page: Page) {
    await page.getByTestId("sidebar-toggle").click();
    await page.waitForURL((url) => url.hash === "#footer-community");
  }

  // Fourteen pages in a row, one click on the menu and one on the link each: thirteen took up to 20 s on a busy
  // two-core machine, so a budget of its own.
  test("a guest reaches every main page from home by clicking only", async ({ page }) => {
    test.setTimeout(75_000);
    await page.goto("/");
    for (const target of mainPages) {
      await openMenu(page);
      const navigation = page.getByRole("contentinfo");
      await navigation.getByRole("link", { name: target.link, exact: true }).click();
      await page.waitForURL((url) => url.pathname === target.path);
      await expect(page.getByRole("heading", { level: 1 }).first(), target.path).toHaveText(target.heading);
    }
  });

  // Nine pages, most of them a click away from the last: about as long as the main pages.
  test("a guest reaches a discussion, its author, search results, members page 2 and the sign-up from home", async ({ page }) => {
    test.setTimeout(75_000);
    const secondPage = await secondMembersPage(page.request);
    const heading = page.getByRole("heading", { level: 1 }).first();
    await page.goto("/");

    await page.locator('main a[href^="/discussion/"]').first().click();
    await page.waitForURL((url) => url.pathname.startsWith("/discussion/"));
    await expect(heading).toBeVisible();
    await page.locator('main a[href^="/profile/"]').first().click();
    await page.waitForURL((url) => url.pathname.startsWith("/profile/"));
    await expect(heading).toBeVisible();

    await openMenu(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Suche", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/search");
    const search = page.getByRole("search", { name: "Diskussionen durchsuchen" });
    await search.getByRole("searchbox").fill("Backlinks");
    await search.getByRole("button", { name: "Suchen" }).click();
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === "Backlinks");
    const result = page.locator('main a[href^="/discussion/"]').first();
    await expect(result).toBeVisible();
    await result.click();
    await page.waitForURL((url) => url.pathname.startsWith("/discussion/"));
    await expect(heading).toBeVisible();

    await openMenu(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Mitglieder", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/members");
    await page.getByRole("navigation", { name: "Seitennavigation" }).getByRole("link", { name: "Weiter" }).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === secondPage);
    await expect(page.getByTestId("member-card").first()).toBeVisible();

    // Last: the sign-in page has a layout of its own, without the top bar.
    await openMenu(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Anmelden", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/auth");
    await page.getByRole("navigation", { name: "Anmelden oder registrieren" }).getByRole("link", { name: "Registrieren" }).click();
    await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("tab") === "register");
    await expect(heading).toHaveText("Registrieren");
  });

  test("'Cookie-Einstellungen' on the home page leads to the cookie section of the privacy page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie-Einstellungen" }).click();
    await page.waitForURL((url) => url.pathname === "/datenschutz" && url.hash === "#cookies");
    await expect(page.getByRole("heading", { name: "4. Cookies und lokaler Speicher" })).toBeInViewport();
    await expect(page.getByRole("region", { name: "Cookies und lokaler Speicher" }).getByRole("table")).toBeVisible();
  });

  test("a member reaches the profile, the notifications and the writing form from home, and signs out", async ({ page }) => {
    // A session of its own rather than the shared one of storageStateOf("member"): signing out ends the
    // session, and the other tests still need theirs.
    await signInOverHttp(page, ROLES.member.email, ROLES.member.password);
    await page.goto("/");
    const account = page.getByRole("contentinfo").getByRole("navigation", { name: "Konto" });
    const targets: Array<{ link: string; path: (pathname: string) => boolean; heading: string }> = [
      { link: "Profil", path: (pathname) => pathname.startsWith("/profile/"), heading: "Sabine" },
      { link: "Benachrichtigungen", path: (pathname) => pathname === "/notifications", heading: "Benachrichtigungen" },
      { link: "Diskussion erstellen", path: (pathname) => pathname === "/create-discussion", heading: "Neue Diskussion starten" },
    ];
    for (const target of targets) {
      await openMenu(page);
      await account.getByRole("link", { name: target.link, exact: true }).click();
      await page.waitForURL((url) => target.path(url.pathname));
      await expect(page.getByRole("heading", { level: 1 }).first(), target.link).toHaveText(target.heading);
    }
    await expect(account.getByRole("link", { name: "Admin Panel" })).toHaveCount(0);

    await openMenu(page);
    await account.getByRole("button", { name: "Abmelden" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Anmelden", exact: true })).toBeVisible();
    await expect(account).toHaveCount(0);
    expect((await page.request.get("/notifications", { maxRedirects: 0 })).status(), "signed out").toBe(302);
  });

  test.describe(() => {
    test.use({ storageState: storageStateOf("admin") });

    test("an administrator reaches the Admin Panel from home", async ({ page }) => {
      await page.goto("/");
      await openMenu(page);
      await page.getByRole("contentinfo").getByRole("navigation", { name: "Konto" }).getByRole("link", { name: "Admin Panel" }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await expect(page.getByRole("heading", { level: 1 }).first()).toHaveText("Admin Panel");
    });
  });
});

import { request as requests, type APIRequestContext, type Page } from "@playwright/test";
import { expect, test, testClientIp } from "./fixtures";
import { DEMO_PASSWORD, signInOverHttp, signUpOverHttp, storageStateOf, type Role } from "./auth-helpers";
import { firstDiscussion, newestArchiveMonth, profileOf, secondMembersPage } from "./content-helpers";
import { linkIn, waitForMail } from "./mail";
import { slugify } from "../app/lib/slug";
import { sendOverHttp, startConversationOverHttp } from "./message-helpers";

const DEMO_IMAGE_DISCUSSION = "AI Overviews fressen unsere Klicks: CTR-Einbruch von 38 % bei Ratgebern";

/** Opens the sidebar's user menu (a <details>) and waits for its entries. */
async function openUserMenu(page: Page, within: "sidebar" | "mobile-sidebar") {
  const menu = page.getByTestId(within).getByTestId("user-menu");
  await menu.locator("summary").click();
  await menu.getByRole("link", { name: "Profil" }).waitFor();
}

/** The phone's navigation sheet (JavaScript), open. */
async function openSheet(page: Page) {
  await page.getByTestId("sidebar-toggle").click();
  await page.getByTestId("mobile-sidebar").waitFor();
}

/**
 * axe-core (WCAG 2.1 A/AA) on every page type, in every state a visitor
 * meets it: as guest, pending member, member, moderator and administrator,
 * found and not found, empty and full, at desktop width and on a phone.
 * The states of one kind of visitor are scanned in one browser context, one
 * after another: after the first page its scripts come from the cache, and a
 * page costs a third of a cold start. The other specs check behaviour and do
 * not scan again.
 */
interface PageState {
  /** What the visitor sees. */
  name: string;
  path: string | ((request: APIRequestContext) => Promise<string>);
  status?: number;
  /** Waits until the state is complete (e.g. the editor has loaded). */
  ready?: (page: Page) => Promise<void>;
}

interface Visitor {
  name: string;
  as?: Role;
  width?: number;
  /**
   * Dark: the system is dark and no theme was chosen (prefers-color-scheme
   * decides in CSS). Chosen dark: the system is light, the theme cookie says
   * "dark" and the server renders <html data-theme="dark">.
   */
  theme?: "dark" | "chosen dark";
  states: PageState[];
}

/** Home, after someone else commented on a discussion the visitor has read: its row carries an unread marker. */
async function homeWithUnread(request: APIRequestContext): Promise<string> {
  const origin = new URL((await request.get("/healthz")).url()).origin;
  const writer = await requests.newContext({ baseURL: origin, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  try {
    await signInOverHttp(writer, "juergen.mueller@example.com", DEMO_PASSWORD);
    const title = `Barrierefrei ungelesen ${Date.now()}`;
    await writer.post("/create-discussion", {
      form: { similarSeen: "1", title, category: "general", content: "Neu?", contentFormat: "text" },
      maxRedirects: 0,
    });
    const path = (await (await request.get("/")).text()).match(/href="(\/discussion\/barrierefrei-ungelesen-[^"#?]+)"/)?.[1];
    if (!path) throw new Error("the new discussion is not on the home page");
    await request.get(path);
    await writer.post(path, { form: { intent: "create-comment", content: "Ein neuer Kommentar" }, maxRedirects: 0 });
    return "/";
  } finally {
    await writer.dispose();
  }
}

/** No cookies: a request context made in a test otherwise starts from the test's storage state. */
const NO_SESSION = { cookies: [], origins: [] };

/** A conversation of the member with Aylin (decision 0062), which she answered: unread in the member's list. */
let conversationWithAylin: string | null = null;
async function conversationPath(request: APIRequestContext): Promise<string> {
  if (conversationWithAylin) return conversationWithAylin;
  const aylinId = (await memberProfile(request, "Demir")).split("/").at(-1)!;
  const path = await startConversationOverHttp(request, [aylinId], "Eine Frage zur Barrierefreiheit Ihrer Seiten.", "Barrierefreiheit");
  const origin = new URL((await request.get("/healthz")).url()).origin;
  // A context of its own: the test's storage state (the member's session) would otherwise be its start.
  const aylin = await requests.newContext({
    baseURL: origin,
    storageState: NO_SESSION,
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
  try {
    await signInOverHttp(aylin, "aylin.demir@example.com", DEMO_PASSWORD);
    await sendOverHttp(aylin, path, "Gern, schreiben Sie mir, was Ihnen auffällt.");
  } finally {
    await aylin.dispose();
  }
  conversationWithAylin = path;
  return path;
}

/** A member's profile as a guest finds it in the directory (a member's own page links their own profile first). */
async function memberProfile(request: APIRequestContext, query: string): Promise<string> {
  const origin = new URL((await request.get("/healthz")).url()).origin;
  const guest = await requests.newContext({
    baseURL: origin,
    storageState: NO_SESSION,
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
  try {
    return await profileOf(guest, query);
  } finally {
    await guest.dispose();
  }
}

const visitors: Visitor[] = [
  {
    name: "guest: home and the legal pages",
    states: [
      { name: "home, with the cookie banner", path: "/" },
      { name: "Impressum", path: "/impressum" },
      { name: "AGB", path: "/agb" },
      { name: "Datenschutz", path: "/datenschutz" },
      { name: "an unknown path", path: "/gibt-es-nicht/wirklich", status: 404 },
    ],
  },
  {
    name: "guest: members",
    states: [
      { name: "members directory", path: "/members" },
      { name: "members directory with a search", path: "/members?q=Hoffmann" },
      { name: "members directory without results", path: "/members?q=m%C3%BCller&expertise=seo" },
      { name: "a profile", path: (request) => profileOf(request, "Hoffmann") },
      { name: "a missing profile", path: "/profile/gibt-es-nicht", status: 404 },
      { name: "members directory, page 2", path: secondMembersPage },
    ],
  },
  {
    name: "guest: search",
    states: [
      { name: "search form", path: "/search" },
      { name: "search results", path: "/search?q=Backlinks" },
      { name: "search without results", path: "/search?q=Quantenkompression" },
      { name: "solved discussions", path: "/search?status=solved" },
    ],
  },
  {
    name: "guest: subforums",
    states: [
      { name: "subforum SEO", path: "/subforum/seo" },
      { name: "subforum SEA", path: "/subforum/sea" },
      { name: "subforum KI-Suche", path: "/subforum/ai" },
      { name: "subforum SEO, solved only", path: "/subforum/seo?status=solved" },
      { name: "subforum SEA, open only", path: "/subforum/sea?status=open" },
      { name: "a subforum page past the end", path: "/subforum/seo?page=2", status: 404 },
      { name: "an unknown subforum", path: "/subforum/unbekannt", status: 404 },
    ],
  },
  {
    name: "guest: categories and unsubscribing",
    states: [
      { name: "category Allgemein", path: "/category/allgemein" },
      { name: "category Tools", path: "/category/tools" },
      { name: "category Events", path: "/category/events" },
      { name: "unsubscribing with an invalid link", path: "/notifications/unsubscribe?token=ungueltig", status: 400 },
    ],
  },
  {
    name: "guest: the archive",
    states: [
      { name: "the archive's months", path: "/archive" },
      { name: "a month's discussions", path: newestArchiveMonth },
      { name: "a month without discussions", path: "/archive/1999-01", status: 404 },
    ],
  },
  {
    name: "guest: dialogs and messages",
    states: [
      {
        name: "the cookie settings dialog",
        path: "/",
        ready: async (page) => {
          await page.getByTestId("cookie-banner").getByRole("button", { name: "Einstellungen" }).click();
          await page.getByRole("dialog").waitFor();
        },
      },
      {
        name: "a refused sign-in, its toast open",
        path: "/auth",
        ready: async (page) => {
          await page.getByLabel("E-Mail").fill("niemand.hier@example.com");
          await page.getByLabel("Passwort", { exact: true }).fill("falsches-passwort");
          await page.getByRole("button", { name: "Anmelden", exact: true }).click();
          const toast = page.locator("[data-sonner-toast]");
          await toast.waitFor();
          // The pointer on the toast stops its clock: it is still there when axe looks.
          await toast.hover();
        },
      },
    ],
  },
  {
    name: "guest: discussions",
    states: [
      { name: "a discussion", path: firstDiscussion },
      // The demo's post with a picture (decision 0033): the image and its link to the large version.
      { name: "a discussion with an image", path: `/discussion/${slugify(DEMO_IMAGE_DISCUSSION)}` },
      { name: "a missing discussion", path: "/discussion/gibt-es-nicht", status: 404 },
    ],
  },
  {
    name: "guest: signing in and up",
    states: [
      { name: "sign-in", path: "/auth" },
      { name: "sign-up", path: "/auth?tab=register" },
      { name: "forgot password", path: "/auth?mode=forgot-password" },
      { name: "magic link", path: "/auth?mode=magic-link" },
      { name: "e-mail confirmation sent", path: "/email-confirmation?email=neu%40example.com" },
      { name: "an invalid reset link", path: "/reset-password?error=access_denied&error_description=Email+link+is+invalid+or+has+expired" },
    ],
  },
  {
    name: "guest on a 375 px screen",
    width: 375,
    states: [
      { name: "home", path: "/" },
      { name: "a discussion", path: firstDiscussion },
      { name: "a subforum, solved only", path: "/subforum/seo?status=solved" },
      { name: "home, with the navigation sheet open", path: "/", ready: openSheet },
    ],
  },
  {
    name: "member on a 375 px screen",
    as: "member",
    width: 375,
    states: [
      {
        name: "home, with the navigation sheet and its user menu open",
        path: "/",
        ready: async (page) => {
          await openSheet(page);
          await openUserMenu(page, "mobile-sidebar");
        },
      },
    ],
  },
  {
    name: "pending member",
    as: "pending",
    states: [
      { name: "waiting for approval", path: "/pending-approval" },
      { name: "a discussion, the comment form disabled", path: firstDiscussion },
    ],
  },
  {
    name: "member: home and writing",
    as: "member",
    states: [
      { name: "home", path: "/" },
      { name: "home, with an unread marker", path: homeWithUnread, ready: (page) => page.getByTestId("unread-badge").first().waitFor() },
      { name: "a discussion, with the comment form", path: firstDiscussion },
      { name: "notifications", path: "/notifications" },
      { name: "a subforum, with the watch switch", path: "/subforum/seo" },
      {
        name: "create discussion with the editor loaded",
        path: "/create-discussion?category=seo",
        ready: (page) => page.getByTestId("rich-text-editor").getByRole("textbox", { name: "Inhalt" }).waitFor(),
      },
    ],
  },
  {
    name: "member: messages",
    as: "member",
    states: [
      {
        name: "the conversations, one unread",
        path: async (request) => {
          await conversationPath(request);
          return "/messages";
        },
      },
      {
        name: "a conversation, with the editor loaded",
        path: conversationPath,
        ready: async (page) => {
          await page.getByLabel("Ihre Nachricht").click();
          await page.getByTestId("rich-text-editor").waitFor();
        },
      },
      {
        name: "a new message to a member",
        path: async (request) => `${(await memberProfile(request, "Becker")).replace("/profile/", "/messages/new?to=")}&neu=1`,
      },
    ],
  },
  {
    name: "member: own profile and the admin panel",
    as: "member",
    states: [
      { name: "own profile", path: (request) => profileOf(request, "Köhler") },
      { name: "own profile in edit mode", path: async (request) => `${await profileOf(request, "Köhler")}?edit=1` },
      { name: "the admin panel, refused", path: "/admin", status: 403 },
    ],
  },
  {
    name: "member: finding",
    as: "member",
    states: [
      { name: "home, with the user menu open", path: "/", ready: (page) => openUserMenu(page, "sidebar") },
      { name: "search form", path: "/search" },
      { name: "search results", path: "/search?q=Backlinks" },
      { name: "members directory", path: "/members" },
      { name: "members directory, page 2", path: secondMembersPage },
    ],
  },
  {
    name: "moderator",
    as: "moderator",
    states: [
      { name: "a discussion, with the moderation tools", path: firstDiscussion },
      // Whatever the queue holds at the time (other specs report posts): empty or with items.
      { name: "the review queue", path: "/moderation" },
    ],
  },
  {
    name: "administrator",
    as: "admin",
    states: [
      { name: "the admin panel", path: "/admin" },
      { name: "the transparency report", path: "/admin/transparency" },
      // The demo's second version of the operator settings, with its diff above the form.
      { name: "the operator settings with a version's changes", path: "/admin/settings?fassung=2" },
    ],
  },
  {
    name: "administrator on a 375 px screen",
    as: "admin",
    width: 375,
    // Its tables scroll inside their own boxes, which a keyboard must reach.
    states: [{ name: "the transparency report", path: "/admin/transparency" }],
  },
];

/**
 * Every page state is scanned in both themes (WCAG AA in each): light, then dark from the system's
 * preference on the same loaded page (the CSS follows prefers-color-scheme live, and `scan` waits for the
 * colour transitions to settle), which spares a second load, sign-in and hydration per state. The system's
 * preference changes the CSS and never the HTML, so the dark pass runs the rules that read colours. The phone
 * and a member are also scanned with dark chosen by cookie, which the server renders as
 * <html data-theme="dark">, so both ways to dark are covered.
 */
const allVisitors: Visitor[] = [
  ...visitors,
  ...visitors
    .filter((visitor) => visitor.width || visitor.name === "member: home and writing")
    .map((visitor): Visitor => ({ ...visitor, name: `${visitor.name}, chosen dark`, theme: "chosen dark" })),
];

test.describe.configure({ timeout: 60_000 });

/**
 * At most three page states per test (six scans with the dark ones): about 10 s alone and up to 20 s next
 * to a second worker on a slow two-core machine, a third of the 60 s budget. Within a test the pages share
 * one browser context, so after the first page the scripts come from its cache.
 */
const STATES_PER_TEST = 3;

for (const visitor of allVisitors) {
  const parts = Math.ceil(visitor.states.length / STATES_PER_TEST);
  for (let part = 0; part < parts; part++) {
    const states = visitor.states.slice(part * STATES_PER_TEST, (part + 1) * STATES_PER_TEST);
    test.describe(() => {
      if (visitor.as) test.use({ storageState: storageStateOf(visitor.as) });
      if (visitor.width) test.use({ viewport: { width: visitor.width, height: 740 } });
      test.use({ colorScheme: "light" });
      if (visitor.theme === "chosen dark") {
        test.beforeEach(async ({ context, baseURL }) => {
          await context.addCookies([{ name: "theme", value: "dark", url: baseURL! }]);
        });
      }

      const label = parts > 1 ? `, part ${part + 1} of ${parts}` : "";
      const themes = visitor.theme ? "" : ", light and dark";
      test(`axe, ${visitor.name}${label}${themes} (${states.map((state) => state.name).join("; ")})`, async ({
        page,
        visit,
        checkA11y,
      }) => {
        for (const state of states) {
          const path = typeof state.path === "string" ? state.path : await state.path(page.request);
          await visit(path, { status: state.status });
          await state.ready?.(page);
          await checkA11y();
          if (visitor.theme) continue;
          await page.emulateMedia({ colorScheme: "dark" });
          await expect(page.locator("body")).toHaveCSS("color-scheme", "dark");
          await checkA11y({ colourOnly: true });
          await page.emulateMedia({ colorScheme: "light" });
        }
      });
    });
  }
}

// Both themes, as for every other page state.
for (const [colorScheme, name] of [
  ["light", ""],
  ["dark", ", dark"],
] as const) {
  test.describe(() => {
    test.use({ colorScheme });

    test(`axe: the reset form of a valid link, and the same link once used${name}`, async ({ page, visit, checkA11y, request }) => {
      const email = `a11y.reset.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
      await signUpOverHttp(request, { firstName: "Alma", lastName: "Zugang", email, password: "alma-passwort" });
      const since = Date.now();
      const forgot = await request.post("/auth", { form: { intent: "forgot-password", email }, maxRedirects: 0 });
      expect(forgot.status()).toBeLessThan(400);
      const link = linkIn(await waitForMail(email, "password-reset", since), "/reset-password");

      await visit(link);
      await expect(page.getByRole("heading", { name: "Neues Passwort festlegen" })).toBeVisible();
      await checkA11y();

      await page.getByLabel("Neues Passwort").fill("alma-neues-passwort");
      await page.getByLabel("Passwort bestätigen").fill("alma-neues-passwort");
      await page.getByRole("button", { name: "Passwort speichern" }).click();
      await expect(page.getByRole("heading", { name: "Passwort erfolgreich geändert!" })).toBeVisible();
      await checkA11y();

      await visit(link);
      await expect(page.getByText("Der Link wurde bereits verwendet.")).toBeVisible();
      await checkA11y();
    });
  });
}

import fs from "node:fs";
import { createRequire } from "node:module";
import type axe from "axe-core";
import { test as base, type Browser, expect, type Page, type Request, type Response } from "@playwright/test";

/**
 * Every page visit goes through `visit`: it checks the HTTP status and waits
 * for hydration; together with the listeners below it fails the test on any
 * console error, uncaught exception or 5xx response. The accessibility scan
 * (axe-core, WCAG 2.1 A/AA plus two landmark rules) runs once per page state in
 * e2e/accessibility.spec.ts, not on every visit: at 1–2 s a scan it was most
 * of the suite's time.
 */
export interface VisitOptions {
  /** Expected status of the document (default 200). */
  status?: number;
}

export interface Fixtures {
  visit: (path: string, options?: VisitOptions) => Promise<Response>;
  /**
   * Scans the page as it is now. `colourOnly`: only the rules that read computed colours, for a second
   * theme of the same DOM (the system's dark preference changes the CSS, never the HTML).
   */
  checkA11y: (options?: { colourOnly?: boolean }) => Promise<void>;
  /** Declares a console error the test provokes on purpose (e.g. a blocked image). */
  allowConsoleError: (pattern: RegExp) => void;
}

type TrackedPage = Page & { __allowed?: RegExp[] };

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/**
 * Two best-practice rules outside those tags, on every page too: all content
 * sits in a landmark (`region`), and landmarks of one kind have names of their
 * own (`landmark-unique`). An enabled rule runs next to the tags (axe's rule
 * options win over runOnly tags).
 */
const EXTRA_RULES = { region: { enabled: true }, "landmark-unique": { enabled: true } };

/** The rules whose verdict depends on the theme's colours; everything else reads the DOM, which both themes share. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** The toasts on screen and whether each is leaving: a change during a scan means axe read one mid-fade. */
const toastStates = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")]
      .map((toast) => `${toast.textContent}:${toast.dataset.removed}`)
      .join("|"),
  );

async function settled(page: Page) {
  // A toast fading in is half transparent: axe would judge its contrast mid-transition. Scan the settled page.
  // Endless ones (a spinner) are left running. A toast starts its fade only once sonner marks it mounted, a
  // frame after it appears: until then no transition runs, so wait for the mark, and for full opacity.
  // A toast sent with the page appears only once its code has loaded (data-toast-pending until then).
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.toastPending === undefined &&
      [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]:not([data-removed='true']):not([data-visible='false'])")].every(
        (toast) => toast.dataset.mounted === "true" && getComputedStyle(toast).opacity === "1",
      ) &&
      // A toast on its way out fades too: wait until it is gone.
      document.querySelectorAll("[data-sonner-toast][data-removed='true']").length === 0 &&
      document
        .getAnimations()
        .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
}

async function scan(page: Page, { colourOnly = false } = {}) {
  // sonner closes a toast after 4 s: one that starts to leave while axe reads the page was judged half faded,
  // so the scan runs again once the page has settled (at most twice more; a toast leaves only once).
  for (let attempt = 1; ; attempt++) {
    await settled(page);
    const toastsBefore = await toastStates(page);
    const violations = await violationsOf(page, colourOnly);
    if (violations.length > 0 && attempt < 3 && (await toastStates(page)) !== toastsBefore) continue;
    expect(violations, `axe violations on ${page.url()}`).toEqual([]);
    return;
  }
}

async function violationsOf(page: Page, colourOnly: boolean) {
  const violations = colourOnly
    ? await axeViolations(page, { runOnly: { type: "rule", values: COLOUR_RULES } })
    : await axeViolations(page, { rules: EXTRA_RULES, runOnly: { type: "tag", values: WCAG_TAGS } });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`);
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's violations on the page as it is now (the forum has no frames). axe is put into a document once and
 * run there as often as needed: @axe-core/playwright evaluated its 570 KB twice per scan, which cost more CPU than
 * the rules themselves. Only violations are asked for: axe then builds no selectors for the passed checks.
 */
export async function axeViolations(page: Page, options: axe.RunOptions, include?: string) {
  const injected = () => typeof (window as unknown as { axe?: typeof axe }).axe?.run === "function";
  if (!(await page.evaluate(injected))) await page.evaluate(axeSource);
  const results: axe.AxeResults = await page.evaluate(
    ([include, options]) => (window as unknown as { axe: typeof axe }).axe.run(include ? { include: [include] } : document, options),
    [include, { ...options, resultTypes: ["violations"] }] as [string | undefined, axe.RunOptions],
  );
  return results.violations;
}

export const test = base.extend<Fixtures, { browser: Browser }>({
  // Pages a test opens itself (another member's browser, one without JavaScript) hold their navigations too.
  browser: [
    async ({ browser }, use) => {
      const { newContext } = browser;
      browser.newContext = async (...args) => {
        const context = await newContext.apply(browser, args);
        context.on("page", holdNavigationsForWrites);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],

  page: async ({ page }, use) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": testClientIp() });
    const problems: string[] = [];
    const allowed: RegExp[] = [];
    (page as TrackedPage).__allowed = allowed;

    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const location = message.location().url;
      // 4xx answers are deliberate (validation, refused sign-in, 403); 5xx are caught by the response listener.
      if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return;
      if (allowed.some((pattern) => pattern.test(message.text()))) return;
      problems.push(`console error: ${message.text()} (${location})`);
    });
    page.on("pageerror", (error) => problems.push(`uncaught exception: ${error.message}`));
    page.on("response", (response) => {
      if (response.status() >= 500) problems.push(`HTTP ${response.status()} for ${response.url()}`);
    });
    holdNavigationsForWrites(page);

    await use(page);
    expect(problems, "browser problems during the test").toEqual([]);
  },

  visit: async ({ page }, use) => {
    await use(async (path, options = {}) => {
      const expected = options.status ?? 200;
      const response = await page.goto(path, { waitUntil: "load" });
      if (!response) throw new Error(`no response for ${path}`);
      expect(response.status(), `status of ${path}`).toBe(expected);
      await waitForHydration(page);
      return response;
    });
  },

  allowConsoleError: async ({ page }, use) => {
    await use((pattern) => (page as TrackedPage).__allowed?.push(pattern));
  },

  checkA11y: async ({ page }, use) => {
    await use((options) => scan(page, options));
  },
});

/**
 * A page that shows a change before the server has it (a fetcher's optimistic "Hilfreich", a bookmark, the theme)
 * would let a reload or a new address read the state from before the write: `goto` and `reload` first wait until
 * every write the page sent (any method but GET and HEAD) has its answer. Clicks whose answer the test itself
 * needs go through `untilServerAnswers`.
 */
const holding = new WeakSet<Page>();

function holdNavigationsForWrites(page: Page) {
  if (holding.has(page)) return;
  holding.add(page);
  const writes = new Set<Request>();
  page.on("request", (request) => {
    if (request.method() !== "GET" && request.method() !== "HEAD") writes.add(request);
  });
  page.on("requestfinished", (request) => writes.delete(request));
  page.on("requestfailed", (request) => writes.delete(request));
  const settled = async () => {
    // Each write ends with requestfinished or requestfailed; the bound only turns a lost event into a clear failure.
    await expect
      .poll(async () => writes.size + (await routerBusy(page)), {
        message: "writes still waiting for the server before navigating",
        timeout: 30_000,
      })
      .toBe(0);
  };
  const { goto, reload } = page;
  page.goto = async (...args) => {
    await settled();
    return goto.apply(page, args);
  };
  page.reload = async (...args) => {
    await settled();
    return reload.apply(page, args);
  };
}

/**
 * The app's submissions and fetchers not yet settled. The browser reports a request to the test only after the page
 * sent it, and a fetcher shows its optimistic state before that (it may first ask the server for the route's
 * manifest): the router's own state is what knows a write is on its way the moment the click has run.
 */
async function routerBusy(page: Page): Promise<number> {
  return page
    .evaluate(() => {
      type State = { state: string };
      const router = (window as unknown as { __reactRouterDataRouter?: { state: { navigation: State; fetchers: Map<string, State> } } })
        .__reactRouterDataRouter;
      if (!router) return 0;
      const { navigation, fetchers } = router.state;
      return (navigation.state === "idle" ? 0 : 1) + [...fetchers.values()].filter((fetcher) => fetcher.state !== "idle").length;
    })
    .catch(() => 0); // a document on its way out has no router left to ask
}

/**
 * Does `action` (a click that sends a form or a fetcher) and returns the server's answer to the write it sent:
 * the UI may show the new state at once, before the server has stored it.
 */
export async function untilServerAnswers(page: Page, action: () => Promise<unknown>): Promise<Response> {
  const origin = new URL(page.url()).origin;
  const answer = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).origin === origin);
  await action();
  return answer;
}

let clientIps = 0;

/**
 * A client IP no other caller of the run has (the e2e server trusts one proxy hop): per-address rate limits stay
 * each test's own. Counted, not drawn: 700 random addresses a worker out of 62,500 met each other about four
 * times a run, and a test that used up an address's sign-in attempts could refuse another's sign-in. The counter
 * moves the third part first, so 250 addresses in a row lie in 250 networks (/24): reports from one network weigh
 * once (decision 0030), and one test's members must not share another's.
 */
export function testClientIp(): string {
  clientIps += 1;
  return `10.${test.info().workerIndex % 250}.${clientIps % 250}.${(Math.floor(clientIps / 250) % 250) + 1}`;
}

/**
 * The page's handlers are attached: the root component sets data-hydrated once the app has hydrated;
 * a guest's reading page, which has no app, is ready when its enhancement script set data-enhanced
 * (app/enhance/guest.ts, decision record 0036).
 */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated], html[data-enhanced]").waitFor({ state: "attached" });
}

export { expect };

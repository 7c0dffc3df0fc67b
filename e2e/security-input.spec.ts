import type { APIRequestContext, PlaywrightWorkerArgs } from "@playwright/test";
import { test, expect, testClientIp } from "./fixtures";
import { DEMO_PASSWORD, passSecondStep } from "./auth-helpers";

// Plain HTTP against the built server: what a stranger (or a member with curl) can send.

/** A request context of its own with a signed-in session and a fixed client IP. */
async function signedInContext(playwright: PlaywrightWorkerArgs["playwright"], email: string, password = DEMO_PASSWORD) {
  const ip = testClientIp();
  const context = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": ip },
  });
  const response = await passSecondStep(
    context,
    await context.post("/auth", { form: { intent: "sign-in", email, password }, maxRedirects: 0 }),
    email,
  );
  expect(response.status(), await response.text()).toBe(302);
  return context;
}

test.describe("item 7: redirectTo stays on the site", () => {
  // Dot segments too: the URL parser folds "/.//evil.com" and "/x/../\\evil.com" into "//evil.com", which a check of the
  // text as sent let through.
  const attempts = [
    "/\t/evil.example/pwned",
    "/\t\\evil.example",
    "/%2F/evil.example/pwned",
    "/%5Cevil.example",
    "/ /evil.example/pwned",
    "/\\evil.example",
    "//evil.example",
    "https://evil.example/",
    "/.//evil.com",
    "/x/../\\evil.com",
    "/%2e%2e//evil.com",
  ];

  test("the sign-in form carries only targets on the site", async ({ request }) => {
    const headers = { "X-Forwarded-For": testClientIp() };
    for (const target of attempts) {
      const html = await (await request.get(`/auth?redirectTo=${encodeURIComponent(target)}`, { headers })).text();
      expect(html, JSON.stringify(target)).toContain('<input type="hidden" name="redirectTo" value="/"/>');
    }
    const kept = await (await request.get(`/auth?redirectTo=${encodeURIComponent("/search?q=seo#treffer")}`, { headers })).text();
    expect(kept).toContain('<input type="hidden" name="redirectTo" value="/search?q=seo#treffer"/>');
  });

  test("sign-in with a tab trick, dot segments or CR/LF in redirectTo lands on /", async ({ request, baseURL }) => {
    for (const target of ["/\t/evil.example/pwned", "/members\r\nSet-Cookie: x=1", "/.//evil.com", "/x/../\\evil.com"]) {
      const response = await request.post("/auth", {
        form: { intent: "sign-in", email: "nina.wagner@example.com", password: DEMO_PASSWORD, redirectTo: target },
        headers: { "X-Forwarded-For": testClientIp() },
        maxRedirects: 0,
      });
      expect(response.status(), JSON.stringify(target)).toBe(302);
      // Where the browser goes: the Location read against our address, as the browser reads it.
      expect(new URL(response.headers().location!, baseURL).origin, JSON.stringify(target)).toBe(new URL(baseURL!).origin);
      expect(response.headers().location, JSON.stringify(target)).toBe("/");
    }
  });
});

test.describe("item 8: bad input gets a German 4xx", () => {
  test("a moderator hiding or restoring a comment with a non-UUID id", async ({ playwright }) => {
    const moderator = await signedInContext(playwright, "lena.hoffmann@example.com");
    const html = await (await moderator.get("/subforum/sea")).text();
    // The discussion itself, not its jump to the first unread comment (/unread).
    const path = /href="(\/discussion\/[^"/]+)"/.exec(html)![1]!;
    const forms: Record<string, string>[] = [
      { intent: "hide-comment", commentId: "kein-uuid", reason: "Test" },
      { intent: "restore-comment", commentId: "1' or '1'='1" },
    ];
    for (const form of forms) {
      const response = await moderator.post(path, { form, maxRedirects: 0 });
      expect(response.status(), form.intent).toBeGreaterThanOrEqual(400);
      expect(response.status(), form.intent).toBeLessThan(500);
      expect(await response.text()).toContain("Diesen Kommentar gibt es nicht");
    }
    await moderator.dispose();
  });

  test("an HTTP TRACE request", async ({ request }) => {
    const response = await request.fetch("/", { method: "TRACE", headers: { "X-Forwarded-For": testClientIp() } });
    expect(response.status()).toBe(405);
    expect(response.headers().allow).toBe("GET, HEAD, POST");
    expect(await response.text()).toBe("Diese Anfragemethode wird nicht unterstützt.");
  });

  test("a form posted to a file or a redirect that only answers GET", async ({ request, baseURL }) => {
    for (const path of ["/feed.xml", "/sitemap.xml", "/llms.txt", "/discussion/x/unread", "/discussion/x.md"]) {
      const response = await request.post(path, {
        form: { a: "b" },
        headers: { Origin: baseURL!, "X-Forwarded-For": testClientIp() },
        maxRedirects: 0,
      });
      expect(response.status(), path).toBe(405);
      expect(response.headers().allow, path).toBe("GET, HEAD");
      expect(await response.text(), path).toBe("Diese Anfragemethode wird nicht unterstützt.");
    }
  });

  test("GET on the view counter", async ({ request }) => {
    const response = await request.get("/discussion/x/view", { headers: { "X-Forwarded-For": testClientIp() } });
    expect(response.status()).toBe(405);
    expect(response.headers().allow).toBe("POST");
    expect(await response.text()).toBe("Diese Anfragemethode wird nicht unterstützt.");
  });

  test("a sitemap page that does not exist", async ({ request }) => {
    const response = await request.get("/sitemaps/999.xml", { headers: { "X-Forwarded-For": testClientIp() } });
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("text/plain");
    expect(await response.text()).toBe("Diese Sitemap-Seite gibt es nicht.");
  });
});

/** A fresh discussion of this test's own, so counts and visibility are not shared with other tests. */
async function createOwnDiscussion(member: APIRequestContext, name: string): Promise<string> {
  // Lower-case ASCII words joined by hyphens: the title is its own slug.
  const slug = `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const response = await member.post("/create-discussion", {
    form: {
      similarSeen: "1",
      title: slug,
      category: "seo",
      content: "Ein Beitrag, an dem der Test die Aufrufe zählt.",
      contentFormat: "text",
    },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  return `/discussion/${slug}`;
}

/** Read by a member: a guest's page may come from the page cache, whose count lags by up to its maximum age. */
async function viewsOf(member: APIRequestContext, path: string): Promise<number> {
  const html = await (await member.get(path)).text();
  const match = /([\d.]+)\s*(?:<!-- -->)?\s*Aufrufe/.exec(html);
  if (!match) throw new Error(`no view count on ${path}`);
  return Number(match[1]!.replace(/\./g, ""));
}

test.describe("item 9: the view counter", () => {
  test("counts one view per visitor and time window", async ({ request, playwright }) => {
    const member = await signedInContext(playwright, "juergen.mueller@example.com");
    const path = await createOwnDiscussion(member, "aufrufe-zaehlen");
    const before = await viewsOf(member, path);
    const visitor = { "X-Forwarded-For": testClientIp(), "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" };
    const answers = await Promise.all(Array.from({ length: 40 }, () => request.post(`${path}/view`, { headers: visitor })));
    expect(answers.map((answer) => answer.status())).toEqual(Array(40).fill(204));
    expect(await viewsOf(member, path)).toBe(before + 1);

    // Another visitor still counts.
    const other = { "X-Forwarded-For": testClientIp(), "User-Agent": visitor["User-Agent"] };
    expect((await request.post(`${path}/view`, { headers: other })).status()).toBe(204);
    expect(await viewsOf(member, path)).toBe(before + 2);
    await member.dispose();
  });

  test("a guest who changes the User-Agent is still one visitor", async ({ request, playwright }) => {
    const member = await signedInContext(playwright, "juergen.mueller@example.com");
    const path = await createOwnDiscussion(member, "aufrufe-user-agent");
    const before = await viewsOf(member, path);
    const ip = testClientIp();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request.post(`${path}/view`, {
          headers: { "X-Forwarded-For": ip, "User-Agent": `Mozilla/5.0 (X11; Linux x86_64) Firefox/${120 + i}.0` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status())).toEqual(Array(20).fill(204));
    expect(await viewsOf(member, path)).toBe(before + 1);
    await member.dispose();
  });

  test("a hidden discussion answers like a missing one", async ({ request, playwright }) => {
    const member = await signedInContext(playwright, "juergen.mueller@example.com");
    const path = await createOwnDiscussion(member, "gleich-ausgeblendet");
    const moderator = member;
    expect((await moderator.post(path, { form: { intent: "hide-discussion", reason: "Test" }, maxRedirects: 0 })).status()).toBe(302);

    const headers = { "X-Forwarded-For": testClientIp(), "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" };
    const hidden = await request.post(`${path}/view`, { headers });
    const missing = await request.post("/discussion/gibt-es-nicht-xyz/view", { headers });
    expect(hidden.status()).toBe(404);
    expect(missing.status()).toBe(404);
    expect(await hidden.text()).toBe(await missing.text());
    await member.dispose();
  });
});

test.describe("item 10: no caching of secret-bearing pages, Permissions-Policy", () => {
  for (const path of [
    "/reset-password?token=abc123",
    "/email-confirmation?email=jemand%40example.com",
    "/auth",
    "/auth?mode=magic-link",
    "/search?q=jemand%40example.com",
  ]) {
    test(`${path} is never stored`, async ({ request }) => {
      const response = await request.get(path, { headers: { "X-Forwarded-For": testClientIp() } });
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toContain("no-store");
      expect(response.headers()["cache-control"]).not.toContain("public");
      expect(response.headers().etag).toBeUndefined();
    });
  }

  test("an ordinary guest page stays cacheable", async ({ request }) => {
    const response = await request.get("/search?q=seo", { headers: { "X-Forwarded-For": testClientIp() } });
    expect(response.headers()["cache-control"]).toBe("public, no-cache");
  });

  test("Permissions-Policy denies what the forum does not use", async ({ request }) => {
    for (const path of ["/", "/healthz", "/robots.txt"]) {
      const policy = (await request.get(path, { headers: { "X-Forwarded-For": testClientIp() } })).headers()["permissions-policy"] ?? "";
      for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "interest-cohort", "browsing-topics"]) {
        expect(policy, `${path}: ${feature}`).toContain(`${feature}=()`);
      }
      // Passkeys (decision 0050): our own pages only.
      expect(policy, `${path}: passkeys`).toContain("publickey-credentials-get=(self)");
    }
  });
});

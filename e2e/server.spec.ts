import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, storageStateOf } from "./auth-helpers";
import { testClientIp } from "./fixtures";

// Plain HTTP against the production server: what a crawler or curl sees.
test("home is server-rendered with the discussion titles", async ({ request }) => {
  const response = await request.get("/", { headers: { "Accept-Encoding": "identity" } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<html lang="de"');
  expect(html).toContain("Aktuelle Diskussionen");
  expect((html.match(/href="\/discussion\//g) ?? []).length).toBeGreaterThanOrEqual(12);
});

test("security headers; a member's page allows its inline scripts by nonce, a guest's page by their hashes, a guest's reading page has none", async ({
  request,
  playwright,
  baseURL,
}) => {
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")([^>]*)>([\s\S]*?)<\/script>/g)].map(
      ([, attributes, body]) => ({ attributes: attributes!, body: body! }),
    );

  const guest = await request.get("/");
  const headers = guest.headers();
  const guestPolicy = headers["content-security-policy"] ?? "";
  expect(guestPolicy).toContain("frame-ancestors 'none'");
  expect(guestPolicy).not.toContain("unsafe-eval");
  expect(guestPolicy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(guestPolicy).not.toContain("'nonce-");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"]).toBeUndefined();
  // A guest's reading page runs no inline script at all (decision record 0036), so its policy names none.
  expect(inlineScripts(await guest.text())).toEqual([]);
  expect(guestPolicy).toMatch(/script-src 'self';/);

  // A guest's page with the app, shared by many (the answer for a missing page), names every inline script
  // that runs by its hash (JSON-LD data blocks are never executed).
  const missing = await request.get("/gibt-es-nicht/wirklich");
  expect(missing.status()).toBe(404);
  const missingPolicy = missing.headers()["content-security-policy"] ?? "";
  expect(missingPolicy).not.toContain("'nonce-");
  const guestScripts = inlineScripts(await missing.text());
  expect(guestScripts.length).toBeGreaterThan(0);
  for (const { body } of guestScripts) {
    expect(missingPolicy).toContain(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }

  const member = await playwright.request.newContext({ baseURL, storageState: storageStateOf("member") });
  const memberPage = await member.get("/");
  const memberPolicy = memberPage.headers()["content-security-policy"] ?? "";
  expect(memberPolicy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(memberPolicy).not.toContain("'sha256-");
  const nonce = memberPolicy.match(/'nonce-([^']+)'/)?.[1];
  const memberScripts = inlineScripts(await memberPage.text());
  expect(memberScripts.length).toBeGreaterThan(0);
  for (const { attributes } of memberScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  await member.dispose();
});

test("responses are compressed with brotli or gzip", async ({ request }) => {
  const br = await request.get("/", { headers: { "Accept-Encoding": "br" } });
  expect(br.headers()["content-encoding"]).toBe("br");
  const gzip = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
});

test("hashed assets are cached for a year, marked immutable and sent as compressed at build time", async ({ request }) => {
  // React and React Router (the largest file) load on the sign-in page, which keeps the full app (decision 0036);
  // a guest's reading page loads only the enhancement script. Every page's icons are one sprite (decision 0039).
  // Files under 512 bytes are not worth compressing.
  const signIn = await (await request.get("/auth")).text();
  const home = await (await request.get("/")).text();
  const assets = [
    signIn.match(/\/assets\/framework-[^"]+\.js/)?.[0],
    home.match(/\/assets\/guest-[^"]+\.js/)?.[0],
    home.match(/\/assets\/icons-[^"#]+\.svg/)?.[0],
  ];
  for (const asset of assets) {
    expect(asset).toBeTruthy();
    const response = await request.get(asset!, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.status(), asset).toBe(200);
    expect(response.headers()["cache-control"], asset).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"], asset).toBe("br");
    // A file from disk has its length up front; compressing per request would send it in chunks.
    expect(Number(response.headers()["content-length"]), asset).toBeGreaterThan(0);
    expect(response.headers()["vary"], asset).toContain("Accept-Encoding");
    const plain = await request.get(asset!, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"], asset).toBeUndefined();
    expect(await plain.text(), asset).toBe(await response.text());
  }
});

test("/healthz reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "pglite", reachable: true, stores: true });
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("unknown paths answer 404 without JavaScript too", async ({ request }) => {
  const response = await request.get("/nirgendwo");
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("Oops! Page not found");
});

test("guest pages are cacheable with an ETag; members' pages stay private; a changed page gets a new tag", async ({
  playwright,
  baseURL,
}) => {
  const guest = await playwright.request.newContext({ baseURL });
  const first = await guest.get("/subforum/seo");
  const etag = first.headers()["etag"];
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  expect(first.headers()["cache-control"]).toBe("public, no-cache");
  expect(first.headers()["vary"]).toContain("Cookie");

  // Unchanged: 304 without a body and without a new CSP (its nonce would not match the cached page).
  const again = await guest.get("/subforum/seo", { headers: { "If-None-Match": etag! } });
  expect(again.status()).toBe(304);
  expect(again.headers()["content-security-policy"]).toBeUndefined();
  expect(await again.body()).toHaveLength(0);
  expect((await guest.get("/subforum/sea", { headers: { "If-None-Match": etag! } })).status()).toBe(200);

  // A member's copy of the same URL is private, revalidated, and tagged differently.
  const member = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const signIn = await member.post("/auth", {
    form: { intent: "sign-in", email: "jonas.schulz@example.com", password: DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  // The first page after sign-in consumes the welcome toast: it sets a cookie, so nothing may store it.
  const withToast = await member.get("/subforum/seo");
  expect(withToast.headers()["set-cookie"]).toContain("forum_toast=");
  expect(withToast.headers()["cache-control"]).toBe("private, no-store");
  const memberPage = await member.get("/subforum/seo");
  expect(memberPage.headers()["cache-control"]).toBe("private, no-cache");
  expect(memberPage.headers()["etag"]).not.toBe(etag);
  expect((await member.get("/subforum/seo", { headers: { "If-None-Match": etag! } })).status()).toBe(200);

  // New content changes the guest's tag.
  const discussion = await member.post("/create-discussion", {
    form: { similarSeen: "1", title: `Cache-Test ${Date.now()}`, category: "seo", content: "Neuer Inhalt", contentFormat: "text" },
    maxRedirects: 0,
  });
  expect(discussion.status()).toBe(302);
  const changed = await guest.get("/subforum/seo", { headers: { "If-None-Match": etag! } });
  expect(changed.status()).toBe(200);
  expect(changed.headers()["etag"]).not.toBe(etag);
  await guest.dispose();
  await member.dispose();
});

import { expect, test } from "@playwright/test";

// Plain HTTP against the production server: what a crawler or curl sees.
test("home is server-rendered with the discussion titles", async ({ request }) => {
  const response = await request.get("/", { headers: { "Accept-Encoding": "identity" } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<html lang="de"');
  expect(html).toContain("Aktuelle Diskussionen");
  expect((html.match(/href="\/discussion\//g) ?? []).length).toBeGreaterThanOrEqual(12);
});

test("security headers and a nonce-based CSP", async ({ request }) => {
  const response = await request.get("/");
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-eval");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"]).toBeUndefined();
  const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
  const html = await response.text();
  // Every inline script that runs carries the nonce (JSON-LD data blocks are never executed).
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")([^>]*)>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes] of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
});

test("responses are compressed with brotli or gzip", async ({ request }) => {
  const br = await request.get("/", { headers: { "Accept-Encoding": "br" } });
  expect(br.headers()["content-encoding"]).toBe("br");
  const gzip = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
});

test("hashed assets are cached for a year and marked immutable", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("/healthz reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("unknown paths answer 404 without JavaScript too", async ({ request }) => {
  const response = await request.get("/nirgendwo");
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain("Oops! Page not found");
});

import { expect, test } from "@playwright/test";
import { testClientIp } from "./fixtures";
import { ADMIN, DEMO_PASSWORD, passSecondStep } from "./auth-helpers";

// Plain HTTP, no browser: what the server itself enforces.
const form = (fields: Record<string, string>) => ({ form: fields, maxRedirects: 0 });

test("10 rapid failed sign-ins end in 429 with the rate-limit text", async ({ request, baseURL }) => {
  // The server's own origin, whichever port the suite runs on (E2E_PORT): a foreign one is refused as CSRF.
  const headers = { "X-Forwarded-For": testClientIp(), Origin: new URL(baseURL!).origin };
  const statuses: number[] = [];
  let lastBody = "";
  for (let i = 0; i < 10; i++) {
    const response = await request.post("/auth", {
      ...form({ intent: "sign-in", email: "katrin.schaefer@example.com", password: `falsch-${i}` }),
      headers,
    });
    statuses.push(response.status());
    lastBody = await response.text();
  }
  expect(statuses.slice(0, 8)).toEqual(Array(8).fill(401));
  expect(statuses.slice(8)).toEqual([429, 429]);
  expect(lastBody).toContain("zu viele Anmeldeversuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.");
});

test("a cross-origin POST to any auth action is refused", async ({ request }) => {
  const targets: Array<[string, Record<string, string>]> = [
    ["/auth", { intent: "sign-in", email: ADMIN.email, password: ADMIN.password }],
    ["/auth", { intent: "sign-up", email: "x@example.com" }],
    ["/auth", { intent: "magic-link", email: ADMIN.email }],
    ["/auth", { intent: "forgot-password", email: ADMIN.email }],
    ["/auth", { intent: "reset-session" }],
    ["/auth/sign-out", {}],
    ["/email-confirmation?email=x%40example.com", {}],
    ["/reset-password", { token: "x", password: "123456", confirmPassword: "123456" }],
    ["/admin", { intent: "approve", userId: "x" }],
  ];
  for (const [path, fields] of targets) {
    const response = await request.post(path, {
      ...form(fields),
      headers: { Origin: "https://evil.example", "X-Forwarded-For": testClientIp() },
    });
    expect(response.status(), path).toBe(403);
    expect(response.headers()["set-cookie"], path).toBeUndefined();
  }
  const sneaky = await request.post("/auth", {
    ...form({ intent: "sign-in", email: ADMIN.email, password: ADMIN.password }),
    headers: { "Sec-Fetch-Site": "cross-site", "X-Forwarded-For": testClientIp() },
  });
  expect(sneaky.status()).toBe(403);
});

test("the session cookie is HttpOnly and SameSite=Lax", async ({ request }) => {
  const headers = { "X-Forwarded-For": testClientIp() };
  // The administrator's session comes after the app's code (decision 0050).
  const response = await passSecondStep(
    request,
    await request.post("/auth", { ...form({ intent: "sign-in", email: ADMIN.email, password: ADMIN.password }), headers }),
    ADMIN.email,
    headers,
  );
  expect(response.status()).toBe(302);
  const cookie = response.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("forum.session_token="));
  expect(cookie?.value).toMatch(/HttpOnly/);
  expect(cookie?.value).toMatch(/SameSite=Lax/);
  expect(cookie?.value).not.toContain(ADMIN.password);
});

test("a pending member is redirected from protected pages by the server", async ({ request }) => {
  const ip = testClientIp();
  const signIn = await request.post("/auth", {
    ...form({ intent: "sign-in", email: "max.fuchs@example.com", password: DEMO_PASSWORD }),
    headers: { "X-Forwarded-For": ip },
  });
  expect(signIn.status()).toBe(302);
  expect(signIn.headers().location).toBe("/pending-approval");

  const admin = await request.get("/admin", { maxRedirects: 0, headers: { "X-Forwarded-For": ip } });
  expect(admin.status()).toBe(302);
  expect(admin.headers().location).toBe("/pending-approval");

  const waiting = await request.get("/pending-approval", { maxRedirects: 0, headers: { "X-Forwarded-For": ip } });
  expect(waiting.status()).toBe(200);
  expect(await waiting.text()).toContain("Warten auf Genehmigung");
});

test("a rejected member cannot sign in", async ({ request }) => {
  const response = await request.post("/auth", {
    ...form({ intent: "sign-in", email: "kevin.lange@example.com", password: DEMO_PASSWORD }),
    headers: { "X-Forwarded-For": testClientIp() },
  });
  expect(response.status()).toBe(401);
  expect(await response.text()).toContain("Ihr Konto wurde nicht freigeschaltet.");
  expect(response.headers()["set-cookie"] ?? "").not.toContain("forum.session_token=");
});

test("a guest's POST to an admin action is refused on the server", async ({ request }) => {
  const response = await request.post("/admin", {
    ...form({ intent: "approve", userId: "egal" }),
    headers: { "X-Forwarded-For": testClientIp() },
  });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/auth?redirectTo=%2Fadmin");
});

import { test as setup, expect } from "@playwright/test";
import { passSecondStep, ROLES, storageStateOf, type Role } from "./auth-helpers";

/**
 * Signs each role in once, over the sign-in form's plain HTTP action, and
 * keeps the session cookie for every test that only needs to *be* that role.
 * Tests about signing in still use the form. Nobody signs out of these
 * sessions: each test that signs out signs in on its own first.
 */
for (const [index, role] of (Object.keys(ROLES) as Role[]).entries()) {
  setup(`sign in as ${role}`, async ({ playwright, baseURL }) => {
    const { email, password } = ROLES[role];
    const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": `10.250.0.${index + 1}` } });
    // The administrator and the moderator confirm with their app's code (e2e/app-keys.ts).
    const response = await passSecondStep(
      context,
      await context.post("/auth", { form: { intent: "sign-in", email, password }, maxRedirects: 0 }),
      email,
    );
    expect(response.status(), `sign-in as ${role}`).toBe(302);
    // Takes the one-shot 'Willkommen zurück!' toast, so it does not greet the first page of every test.
    await context.get(response.headers().location ?? "/");
    await context.storageState({ path: storageStateOf(role) });
    await context.dispose();
  });
}

import { eq } from "drizzle-orm";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpCapture } from "../support/smtp-capture";

// Real mail over SMTP: the capture server must run before the app reads its environment.
const smtp = await startSmtpCapture();
process.env.SMTP_URL = smtp.url;

const { user } = await import("../../db/schema");
const { db } = await import("~/server/db");
const { action } = await import("~/routes/auth");
const { loader: challengeLoader } = await import("~/routes/auth.challenge");
const { issueFormStamp, MIN_FILL_MS } = await import("~/server/accounts");
const { addWatchedTerm } = await import("~/server/admin");
const { blockedEmailText } = await import("~/server/watchlist");
const { metrics } = await import("~/server/platform");
const { signUpGuardFields } = await import("~/lib/sign-up-guard");
const { makeViewer } = await import("../support/members");

afterAll(() => smtp.close());

beforeAll(async () => {
  const admin = await makeViewer({ role: "admin" });
  expect((await addWatchedTerm(admin, { kind: "email-domain", term: "wegwerf.example", action: "block" })).ok).toBe(true);
});

type ActionArgs = Parameters<typeof action>[0];
let counter = 0;

async function post(fields: Record<string, string>) {
  counter += 1;
  const request = new Request("http://localhost:3000/auth", { method: "POST", body: new URLSearchParams(fields) });
  const result = (await action({ request, params: {}, context: { clientIp: `10.77.0.${counter}` } } as unknown as ActionArgs)) as unknown;
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), body: null };
  const wrapped = result as { init?: { status?: number }; data?: Record<string, unknown> };
  return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data ?? null };
}

async function solvedProof(): Promise<string> {
  const challenge = (await (await challengeLoader()).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

const signUp = (email: string, proof: string) => ({
  intent: "sign-up",
  firstName: "Wegwerf",
  lastName: "Versuch",
  email,
  password: "wegwerf-passwort",
  confirmPassword: "wegwerf-passwort",
  terms: "on",
  [signUpGuardFields.stamp]: issueFormStamp(Date.now() - MIN_FILL_MS - 2_000),
  [signUpGuardFields.proof]: proof,
});

const accountOf = async (email: string) => (await db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0] ?? null;
const refusedForDomain = async () =>
  (await metrics.signUpsRefused.get()).values.find((value) => value.labels.reason === "email_domain")?.value ?? 0;

describe("sign-up e-mail domains on the block list", () => {
  it("refuse the sign-up in German, for the domain and its subdomains, without creating an account", async () => {
    const before = await refusedForDomain();
    for (const email of ["neu@wegwerf.example", "neu@MX.Wegwerf.Example", "neu@mailinator.com"]) {
      const answer = await post(signUp(email, await solvedProof()));
      expect(answer.status, email).toBe(400);
      expect(answer.body?.error).toBe(blockedEmailText);
      expect(await accountOf(email.toLowerCase())).toBeNull();
    }
    expect((await refusedForDomain()) - before).toBe(3);
  });

  it("answer a known address exactly like a new one: the refusal tells nobody who is registered", async () => {
    const known = await makeViewer();
    // An account that already exists at the blocked domain (made before the domain was listed).
    await db.update(user).set({ email: "bekannt@wegwerf.example" }).where(eq(user.id, known.id));
    const knownAnswer = await post(signUp("bekannt@wegwerf.example", await solvedProof()));
    const newAnswer = await post(signUp("unbekannt@wegwerf.example", await solvedProof()));
    expect(knownAnswer.status).toBe(newAnswer.status);
    expect(knownAnswer.body?.error).toBe(newAnswer.body?.error);
    expect(Object.keys(knownAnswer.body ?? {}).sort()).toEqual(Object.keys(newAnswer.body ?? {}).sort());
  });

  it("leave the proof of work unspent: the person sends the form again with another address", async () => {
    const proof = await solvedProof();
    expect((await post(signUp("zuerst@wegwerf.example", proof))).status).toBe(400);
    const again = await post(signUp(`dann.${Date.now()}@example.com`, proof));
    expect(again.status).toBe(302);
    expect(again.location).toMatch(/^\/email-confirmation/);
  });
});

import { and, eq, inArray } from "drizzle-orm";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { startSmtpCapture } from "../support/smtp-capture";

// Real mail over SMTP: the capture server must run before the app reads its environment.
const smtp = await startSmtpCapture();
process.env.SMTP_URL = smtp.url;

const { profiles, reviewItems, user } = await import("../../db/schema");
const { db } = await import("~/server/db");
const { action } = await import("~/routes/auth");
const { loader: challengeLoader } = await import("~/routes/auth.challenge");
const { ensureAdmin, setUpAppWithKey, findViewer, issueFormStamp, readFormStamp, MIN_FILL_MS, PROOF_OF_WORK, signUpGuardTexts } =
  await import("~/server/accounts");
const { decideApproval, listPendingMembers } = await import("~/server/admin");
const { STAFF_APP_KEY } = await import("../support/members");
const { logger, metrics } = await import("~/server/platform");
const { signUpGuardFields } = await import("~/lib/sign-up-guard");

afterAll(() => smtp.close());
afterEach(() => vi.restoreAllMocks());

type ActionArgs = Parameters<typeof action>[0];

let ipCounter = 0;
/** Each sign-up from a client of its own: the per-IP rate limit (10 an hour) stays out of these tests. */
function nextIp(): string {
  ipCounter += 1;
  return `10.88.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let personCounter = 0;
function person() {
  personCounter += 1;
  return {
    intent: "sign-up",
    firstName: "Bot",
    lastName: `Versuch${personCounter}`,
    email: `versuch.${personCounter}.${Date.now()}@example.com`,
    password: "bot-passwort",
    confirmPassword: "bot-passwort",
    terms: "on",
  };
}

/** A stamp as the page hands it out, `ageMs` ago. */
const stampFrom = (ageMs: number) => issueFormStamp(Date.now() - ageMs);
/** Old enough that no sign says "too fast". */
const patientStamp = () => stampFrom(MIN_FILL_MS + 2_000);

interface Answer {
  status: number;
  location: string | null;
  body: Record<string, unknown> | null;
  retryAfter: string | null;
}

/** POST /auth as a browser (or a script) sends it; the answer as status, redirect target and page data. */
async function post(fields: Record<string, string>, clientIp = nextIp()): Promise<Answer> {
  const request = new Request("http://localhost:3000/auth", { method: "POST", body: new URLSearchParams(fields) });
  const result = (await action({ request, params: {}, context: { clientIp } } as unknown as ActionArgs)) as unknown;
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("Location"), body: null, retryAfter: result.headers.get("Retry-After") };
  const wrapped = result as { init?: { status?: number; headers?: HeadersInit }; data?: Record<string, unknown> };
  return {
    status: wrapped.init?.status ?? 200,
    location: null,
    body: wrapped.data ?? null,
    retryAfter: new Headers(wrapped.init?.headers).get("Retry-After"),
  };
}

/** What the browser's widget does: fetch a challenge from our route and solve it. */
async function solvedProof(): Promise<string> {
  const response = await challengeLoader();
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("no solution");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

async function accountOf(email: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row ?? null;
}

async function signalsOf(email: string) {
  const account = await accountOf(email);
  if (!account) return undefined;
  const [item] = await db
    .select({ signals: reviewItems.signals })
    .from(reviewItems)
    .where(and(eq(reviewItems.memberId, account.id), eq(reviewItems.kind, "sign-up")));
  return item?.signals ?? null;
}

const refusedCount = async (reason: string) =>
  (await metrics.signUpsRefused.get()).values.find((value) => value.labels.reason === reason)?.value ?? 0;

/** Runs `tries` attempts, `parallel` at a time (each new address waits for its confirmation mail's 500 ms floor). */
async function attempts<T>(tries: number, parallel: number, attempt: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < tries; start += parallel) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(parallel, tries - start) }, (_, i) => attempt(start + i)))));
  }
  return results;
}

const base64url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("the form stamp", () => {
  it("reads back what it signed, with its age", () => {
    const now = Date.now();
    const reading = readFormStamp(issueFormStamp(now - 5_000), now);
    expect(reading).toEqual({ state: "valid", ageMs: 5_000 });
  });

  it("tells a missing, a forged, a tampered, a future and an old stamp apart", () => {
    const now = Date.now();
    const good = issueFormStamp(now - 5_000);
    const [issuedAt, signature] = good.split(".") as [string, string];
    expect(readFormStamp(undefined, now).state).toBe("missing");
    expect(readFormStamp("", now).state).toBe("missing");
    expect(readFormStamp("kein stempel", now).state).toBe("forged");
    // An earlier time with the old signature: an attempt to pass the minimum fill time.
    expect(readFormStamp(`${(now - 60_000).toString(36)}.${signature}`, now).state).toBe("forged");
    // The first character carries six bits of the signature, so changing it always changes the bytes.
    expect(readFormStamp(`${issuedAt}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`, now).state).toBe("forged");
    // The last of 43 characters carries four bits and two that decoding drops: flipping the lowest of those
    // gives another spelling of the same bytes, which is not the stamp that was issued.
    const sameBytes = base64url[base64url.indexOf(signature.at(-1)!) ^ 1]!;
    expect(Buffer.from(`${signature.slice(0, -1)}${sameBytes}`, "base64url")).toEqual(Buffer.from(signature, "base64url"));
    expect(readFormStamp(`${issuedAt}.${signature.slice(0, -1)}${sameBytes}`, now).state).toBe("forged");
    expect(readFormStamp(issueFormStamp(now + 10 * 60_000), now).state).toBe("forged");
    expect(readFormStamp(issueFormStamp(now - 13 * 60 * 60_000), now).state).toBe("expired");
  });

  it("is put into the sign-up page by its loader", async () => {
    const { loader } = await import("~/routes/auth");
    const data = (await loader({ request: new Request("http://localhost:3000/auth?tab=register"), params: {}, context: {} } as never)) as {
      signUpStamp: string;
    };
    expect(readFormStamp(data.signUpStamp).state).toBe("valid");
  });
});

describe("a script posting the sign-up form", () => {
  it("is refused without the page's stamp in 100 of 100 tries, and no account is made", async () => {
    const before = await refusedCount("stamp_missing");
    const people = Array.from({ length: 100 }, () => person());
    const answers = await attempts(100, 20, (i) => post(people[i]!));
    expect(answers.filter((answer) => answer.status === 403)).toHaveLength(100);
    expect(answers.every((answer) => answer.body?.error === signUpGuardTexts.automated)).toBe(true);
    const made = await db
      .select({ id: user.id })
      .from(user)
      .where(
        inArray(
          user.email,
          people.map((p) => p.email),
        ),
      );
    expect(made).toHaveLength(0);
    expect((await refusedCount("stamp_missing")) - before).toBe(100);
  });

  it("that copied a stamp but solved no challenge is let in only for review, marked, in 100 of 100 tries", async () => {
    const stamp = patientStamp();
    const people = Array.from({ length: 100 }, () => person());
    const answers = await attempts(100, 20, (i) => post({ ...people[i]!, [signUpGuardFields.stamp]: stamp }));
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(100);
    const signals = await attempts(100, 20, (i) => signalsOf(people[i]!.email));
    expect(signals.filter((found) => found?.join() === "no-proof")).toHaveLength(100);
    // Marked, and waiting like every sign-up: pending, unverified.
    const [profile] = await db.select().from(profiles).where(eq(profiles.email, people[0]!.email));
    expect(profile?.approvalStatus).toBe("pending");
    // 100 accounts, each with a password hash: about 20 s on two idle cores, more on a busy machine.
  }, 180_000);

  it("is refused when it fills the honeypot, even with a stamp and a solved challenge", async () => {
    const before = await refusedCount("honeypot");
    const fields = person();
    const answer = await post({
      ...fields,
      [signUpGuardFields.stamp]: patientStamp(),
      [signUpGuardFields.proof]: await solvedProof(),
      [signUpGuardFields.honeypot]: "https://backlinks-kaufen.example",
    });
    expect(answer.status).toBe(403);
    expect(answer.body?.error).toBe(signUpGuardTexts.automated);
    expect(await accountOf(fields.email)).toBeNull();
    expect((await refusedCount("honeypot")) - before).toBe(1);
  });

  it("is refused with a forged stamp", async () => {
    const fields = person();
    const genuine = patientStamp();
    const forged = `${(Date.now() - 60_000).toString(36)}.${genuine.split(".")[1]}`;
    const before = await refusedCount("stamp_forged");
    const answer = await post({ ...fields, [signUpGuardFields.stamp]: forged, [signUpGuardFields.proof]: await solvedProof() });
    expect(answer.status).toBe(403);
    expect(await accountOf(fields.email)).toBeNull();
    expect((await refusedCount("stamp_forged")) - before).toBe(1);
  });

  it("is asked to send an outdated form again, with a fresh stamp from the page", async () => {
    const fields = person();
    const answer = await post({ ...fields, [signUpGuardFields.stamp]: stampFrom(13 * 60 * 60_000) });
    expect(answer.status).toBe(400);
    expect(answer.body?.error).toBe(signUpGuardTexts.expired);
    expect(answer.body?.signUpStamp).toBeUndefined();
    expect(await accountOf(fields.email)).toBeNull();
  });

  it("is refused with a made-up, a tampered or a test-mode proof", async () => {
    const proof = JSON.parse(Buffer.from(await solvedProof(), "base64").toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
    // The derived key is the work: one that was not derived (here: one digit changed) does not pass.
    const key = proof.solution.derivedKey;
    const madeUpKey = encode({
      ...proof,
      solution: { ...proof.solution, derivedKey: `${key.slice(0, -1)}${key.endsWith("0") ? "1" : "0"}` },
    });
    const cheaper = encode({ ...proof, challenge: { ...proof.challenge, parameters: { ...proof.challenge.parameters, cost: 1 } } });
    // What the widget sends in its test mode.
    const testMode = encode({ challenge: null, solution: null, test: true });
    for (const value of [madeUpKey, cheaper, testMode, "bm9jaCBrZWluIEpTT04=", "%%%"]) {
      const fields = person();
      const answer = await post({ ...fields, [signUpGuardFields.stamp]: patientStamp(), [signUpGuardFields.proof]: value });
      expect(answer.status, value).toBe(403);
      expect(await accountOf(fields.email)).toBeNull();
    }
  });
});

describe("a person signing up", () => {
  it("with a solved challenge, after filling the form, gets in unmarked, and the same proof does not count twice", async () => {
    const fields = person();
    const proof = await solvedProof();
    const answer = await post({ ...fields, [signUpGuardFields.stamp]: patientStamp(), [signUpGuardFields.proof]: proof });
    expect(answer).toMatchObject({ status: 302, location: `/email-confirmation?email=${encodeURIComponent(fields.email)}` });
    expect(await signalsOf(fields.email)).toBeNull();

    const replay = person();
    const before = await refusedCount("proof_replayed");
    const again = await post({ ...replay, [signUpGuardFields.stamp]: patientStamp(), [signUpGuardFields.proof]: proof });
    expect(again.status).toBe(403);
    expect(await accountOf(replay.email)).toBeNull();
    expect((await refusedCount("proof_replayed")) - before).toBe(1);
  });

  it("who sends the form back within a few seconds is marked as too fast", async () => {
    const fields = person();
    const answer = await post({ ...fields, [signUpGuardFields.stamp]: stampFrom(500), [signUpGuardFields.proof]: await solvedProof() });
    expect(answer.status).toBe(302);
    expect(await signalsOf(fields.email)).toEqual(["too-fast"]);
  });

  it("without JavaScript (no proof) and quickly is marked for both", async () => {
    const fields = person();
    const answer = await post({ ...fields, [signUpGuardFields.stamp]: stampFrom(1_000), [signUpGuardFields.honeypot]: "" });
    expect(answer.status).toBe(302);
    expect(await signalsOf(fields.email)).toEqual(["no-proof", "too-fast"]);
  });

  it("keeps the stamp and the proof through a correction of the form", async () => {
    const fields = person();
    const stamp = patientStamp();
    const proof = await solvedProof();
    const typo = await post({ ...fields, confirmPassword: "vertippt", [signUpGuardFields.stamp]: stamp, [signUpGuardFields.proof]: proof });
    expect(typo.status).toBe(400);
    expect(typo.body?.signUpStamp).toBe(stamp);
    const corrected = await post({ ...fields, [signUpGuardFields.stamp]: stamp, [signUpGuardFields.proof]: proof });
    expect(corrected.status).toBe(302);
    expect(await signalsOf(fields.email)).toBeNull();
  });

  it("with an expired challenge counts as without one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() - (PROOF_OF_WORK.ttlSeconds + 60) * 1_000);
      const proof = await solvedProof();
      vi.useRealTimers();
      const fields = person();
      const answer = await post({ ...fields, [signUpGuardFields.stamp]: patientStamp(), [signUpGuardFields.proof]: proof });
      expect(answer.status).toBe(302);
      expect(await signalsOf(fields.email)).toEqual(["no-proof"]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("sign-ups without a proof of work from one address", () => {
  it("are let in for review three times a day; the fourth is refused in German, with a proof it still goes, and other addresses are not held back", async () => {
    const client = nextIp();
    for (let i = 0; i < 3; i++) {
      const fields = person();
      expect((await post({ ...fields, [signUpGuardFields.stamp]: patientStamp() }, client)).status).toBe(302);
      expect(await signalsOf(fields.email)).toEqual(["no-proof"]);
    }
    const before = await refusedCount("no_proof_limit");
    const fourth = person();
    const refused = await post({ ...fourth, [signUpGuardFields.stamp]: patientStamp() }, client);
    expect(refused.status).toBe(429);
    expect(refused.body?.error).toBe(signUpGuardTexts.withoutProofLimit);
    expect(Number(refused.retryAfter)).toBeGreaterThan(23 * 60 * 60);
    expect(await accountOf(fourth.email)).toBeNull();
    expect((await refusedCount("no_proof_limit")) - before).toBe(1);

    // The same address with the browser's proof, and another address without one, are let in.
    const solved = person();
    expect(
      (await post({ ...solved, [signUpGuardFields.stamp]: patientStamp(), [signUpGuardFields.proof]: await solvedProof() }, client)).status,
    ).toBe(302);
    expect(await signalsOf(solved.email)).toBeNull();
    const elsewhere = person();
    expect((await post({ ...elsewhere, [signUpGuardFields.stamp]: patientStamp() })).status).toBe(302);
    expect(await signalsOf(elsewhere.email)).toEqual(["no-proof"]);
  });
});

describe("what is kept about a refusal", () => {
  it("logs the sign that gave it away, never the address, the name or the client", async () => {
    const info = vi.spyOn(logger, "info");
    const fields = person();
    await post({ ...fields, [signUpGuardFields.stamp]: "gefälscht" });
    const line = info.mock.calls.find((call) => call[1] === "sign-up refused as automated");
    expect(line?.[0]).toEqual({ reason: "stamp_forged" });
    const logged = JSON.stringify(info.mock.calls);
    expect(logged).not.toContain(fields.email);
    expect(logged).not.toContain(fields.lastName);
    expect(logged).not.toContain("10.88.");
  });
});

describe("the approval list", () => {
  it("marks a sign-up that looked automated until an administrator decides", async () => {
    // An administrator as `npm run admin:create` makes one, with the second factor staff powers need (decision 0050).
    const { id: adminId } = await ensureAdmin(db, {
      email: "admin.guard@example.com",
      password: "admin-passwort",
      firstName: "A",
      lastName: "B",
    });
    await setUpAppWithKey(db, adminId, STAFF_APP_KEY);
    const admin = (await findViewer(adminId))!;
    const marked = person();
    const plain = person();
    await post({ ...marked, [signUpGuardFields.stamp]: stampFrom(1_000) });
    await post({ ...plain, [signUpGuardFields.stamp]: patientStamp(), [signUpGuardFields.proof]: await solvedProof() });
    const pending = await listPendingMembers();
    expect(pending.find((member) => member.email === marked.email)?.automated).toEqual(["no-proof", "too-fast"]);
    expect(pending.find((member) => member.email === plain.email)?.automated).toBeNull();

    const markedId = (await accountOf(marked.email))!.id;
    expect((await decideApproval(admin, { intent: "reject", userId: markedId })).ok).toBe(true);
    const [item] = await db.select().from(reviewItems).where(eq(reviewItems.memberId, markedId));
    expect(item).toMatchObject({ kind: "sign-up", status: "spam", decidedBy: adminId });
  });
});

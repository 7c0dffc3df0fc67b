import { createHmac, timingSafeEqual } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { z } from "zod";
import { signUpSignals, type SignUpSignal } from "../../../db/schema";
import { MIN_FILL_SECONDS } from "~/lib/sign-up-guard";
import { fail, logger, metrics, ok, type Outcome } from "~/server/platform";
import { screenSignUpEmail } from "~/server/watchlist";
import { signingSecret } from "./auth.server";
import { hitRateLimit, type RateRule } from "./rate-limit.server";

/**
 * Bot sign-ups, stopped without a third party (decision 0031). Three signs
 * tell a script from a person: a field people never see (the honeypot), the
 * time since the form was handed out (a stamp signed with the app's secret),
 * and a proof of work the browser solves with altcha (PBKDF2 rounds, a fraction
 * of a second on a phone). Some signs refuse the sign-up, the others only mark
 * it for the administrator who approves every sign-up anyway: a person without
 * JavaScript sends no proof and must still get in.
 */

export const MIN_FILL_MS = MIN_FILL_SECONDS * 1_000;
/** A form older than this is refused with a request to send it again: the reloaded page carries a fresh stamp. */
export const STAMP_MAX_AGE_MS = 12 * 60 * 60 * 1_000;
/** App servers' clocks may differ a little; a stamp from further ahead was not made by us. */
const CLOCK_SKEW_MS = 60 * 1_000;

/**
 * The challenge: find the counter whose PBKDF2-SHA-256 key (COST rounds each)
 * the server derived. The browser tries the counters from 0 up, so the work is
 * the counter times COST rounds: 150 to 400 × 1,000, about 40 to 110 ms in
 * Chromium on the two-core development machine, well under a second on a
 * phone. The server derives the key once when it issues the challenge and
 * checks an answer with one HMAC.
 */
export const PROOF_OF_WORK = {
  algorithm: "PBKDF2/SHA-256",
  cost: 1_000,
  counterMin: 150,
  counterMax: 400,
  /** The widget fetches a new challenge when one expires. */
  ttlSeconds: 20 * 60,
} as const;

/**
 * Sign-ups without a proof of work from one address (the client's, clientKeyOf) in a day: a person without
 * JavaScript signs up once, maybe twice; a script that skips the challenge would otherwise get the ten an hour of
 * every address (authRateRules.signUpPerIp), each one an account in the administrator's list.
 */
export const signUpsWithoutProofPerAddress: RateRule = { name: "sign-up:no-proof", limit: 3, windowSeconds: 24 * 60 * 60 };

/** Each solved challenge counts once: a second sign-up with the same proof is a replay. */
const proofUsedOnce: RateRule = { name: "sign-up:proof", limit: 1, windowSeconds: PROOF_OF_WORK.ttlSeconds + 60 };

/** Keys of their own for each use, derived from the app's secret (which also signs sessions). */
function subkey(purpose: string): string {
  return createHmac("sha256", signingSecret).update(`sign-up guard\n${purpose}`).digest("base64url");
}
const stampKey = subkey("form stamp");
const challengeKey = subkey("altcha challenge");
const derivedKeyKey = subkey("altcha derived key");

// ---------------------------------------------------------------------------
// The form stamp
// ---------------------------------------------------------------------------

function stampSignature(issuedAt: string): Buffer {
  return createHmac("sha256", stampKey).update(issuedAt).digest();
}

/** "<milliseconds in base 36>.<HMAC>", put into the form by the page's loader. */
export function issueFormStamp(now = Date.now()): string {
  const issuedAt = now.toString(36);
  return `${issuedAt}.${stampSignature(issuedAt).toString("base64url")}`;
}

export type StampReading = { state: "missing" | "forged" } | { state: "expired" | "valid"; ageMs: number };

export function readFormStamp(value: unknown, now = Date.now()): StampReading {
  if (typeof value !== "string" || value === "") return { state: "missing" };
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return { state: "forged" };
  const [, issuedAt, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, "base64url");
  // Decoding drops the last character's two lowest bits: only the one spelling that was issued is the stamp.
  if (given.toString("base64url") !== signature) return { state: "forged" };
  const expected = stampSignature(issuedAt);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { state: "forged" };
  const ageMs = now - parseInt(issuedAt, 36);
  if (ageMs < -CLOCK_SKEW_MS) return { state: "forged" };
  if (ageMs > STAMP_MAX_AGE_MS) return { state: "expired", ageMs };
  return { state: "valid", ageMs: Math.max(0, ageMs) };
}

// ---------------------------------------------------------------------------
// The proof of work
// ---------------------------------------------------------------------------

/** A new challenge for the widget (GET /auth/challenge). */
export function issueChallenge(now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: PROOF_OF_WORK.algorithm,
    cost: PROOF_OF_WORK.cost,
    counter: randomInt(PROOF_OF_WORK.counterMin, PROOF_OF_WORK.counterMax),
    deriveKey,
    expiresAt: Math.floor(now / 1_000) + PROOF_OF_WORK.ttlSeconds,
    hmacSignatureSecret: challengeKey,
    hmacKeySignatureSecret: derivedKeyKey,
  });
}

/** The widget's field: base64 of {challenge, solution}. Bounded before anything is decoded. */
const MAX_PROOF_LENGTH = 4_096;
const proofPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string().min(1).max(128),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
    }),
    signature: z.string(),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }),
});

export type ProofReading = "missing" | "expired" | "invalid" | "replayed" | "solved";

/**
 * Whether the field holds a solution to a challenge we issued, not used
 * before. Counting it as used is the last step, so a form sent back for a
 * typo keeps its proof.
 */
export async function readProof(value: unknown): Promise<ProofReading> {
  if (typeof value !== "string" || value === "") return "missing";
  if (value.length > MAX_PROOF_LENGTH) return "invalid";
  let payload: z.infer<typeof proofPayload>;
  try {
    const parsed = proofPayload.safeParse(JSON.parse(Buffer.from(value, "base64").toString("utf8")));
    if (!parsed.success) return "invalid";
    payload = parsed.data;
  } catch {
    return "invalid";
  }
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: challengeKey,
    hmacKeySignatureSecret: derivedKeyKey,
  }).catch(() => null);
  if (result === null) return "invalid";
  // Checked before the signature: an expired challenge counts as none, whoever made it.
  if (result.expired) return "expired";
  if (!result.verified) return "invalid";
  const use = await hitRateLimit(proofUsedOnce, payload.challenge.parameters.nonce);
  return use.allowed ? "solved" : "replayed";
}

// ---------------------------------------------------------------------------
// The verdict
// ---------------------------------------------------------------------------

export const signUpRefusals = [
  "honeypot",
  "stamp_missing",
  "stamp_forged",
  "stamp_expired",
  "proof_invalid",
  "proof_replayed",
  "email_domain",
  "no_proof_limit",
] as const;
export type SignUpRefusal = (typeof signUpRefusals)[number];

// Known label values start at 0, so that a rate over them exists before the first event.
for (const reason of signUpRefusals) metrics.signUpsRefused.inc({ reason }, 0);
for (const signal of signUpSignals) metrics.signUpsFlagged.inc({ signal }, 0);

export const signUpGuardTexts = {
  automated:
    "Ihre Registrierung wurde nicht angenommen, weil das Formular automatisiert ausgefüllt wirkte. Bitte laden Sie die Seite neu und füllen Sie das Formular erneut aus.",
  expired: "Das Formular war zu lange geöffnet. Bitte senden Sie es noch einmal ab.",
  withoutProofLimit:
    "Von Ihrer Internetadresse kamen heute schon mehrere Registrierungen ohne die Spamschutz-Prüfung, die Ihr Browser mit JavaScript löst. Bitte aktivieren Sie JavaScript und laden Sie die Seite neu, oder versuchen Sie es morgen erneut.",
} as const;

export interface SignUpGuardFields {
  /** The address typed in: its domain may be on the administrators' block list (disposable mail providers). */
  email: string;
  /** The client's address (clientKeyOf): sign-ups without a proof of work from it are counted. */
  client: string;
  stamp: unknown;
  honeypot: unknown;
  proof: unknown;
}

function refused(reason: SignUpRefusal): Outcome<never> {
  metrics.signUpsRefused.inc({ reason });
  // Nothing about the person: no address, name or IP, only which sign gave the script away.
  logger.info({ reason }, "sign-up refused as automated");
  return reason === "stamp_expired" ? fail("invalid", signUpGuardTexts.expired) : fail("forbidden", signUpGuardTexts.automated);
}

/**
 * Refuses what only a script sends (a filled honeypot; a stamp or a proof
 * that is missing, forged, outdated or used before) and an address of a
 * blocked e-mail domain, and otherwise names the signs that only mark the
 * sign-up for the administrator: no proof (no JavaScript, or a script) and a
 * form sent back too soon.
 */
export async function screenSignUp(fields: SignUpGuardFields, now = Date.now()): Promise<Outcome<SignUpSignal[]>> {
  if (typeof fields.honeypot === "string" ? fields.honeypot !== "" : fields.honeypot !== undefined) return refused("honeypot");
  const stamp = readFormStamp(fields.stamp, now);
  if (stamp.state !== "valid") return refused(`stamp_${stamp.state}`);
  // Before the proof is spent: a person told to use another address sends the form again with the same proof.
  const address = await screenSignUpEmail(fields.email);
  if (!address.ok) {
    metrics.signUpsRefused.inc({ reason: "email_domain" });
    return address;
  }
  const proof = await readProof(fields.proof);
  if (proof === "invalid" || proof === "replayed") return refused(`proof_${proof}`);
  const signals: SignUpSignal[] = [];
  if (proof !== "solved") {
    // Let in for review, but only a few from one address: past them, a person is asked to let the browser solve it.
    const allowance = await hitRateLimit(signUpsWithoutProofPerAddress, fields.client, now);
    if (!allowance.allowed) {
      metrics.signUpsRefused.inc({ reason: "no_proof_limit" });
      logger.info({ reason: "no_proof_limit" }, "sign-up refused: too many without a proof of work from one address");
      return { ...fail("too-many-requests", signUpGuardTexts.withoutProofLimit), retryAfter: allowance.retryAfter };
    }
    signals.push("no-proof");
  }
  if (stamp.ageMs < MIN_FILL_MS) signals.push("too-fast");
  for (const signal of signals) metrics.signUpsFlagged.inc({ signal });
  return ok(signals);
}

import { lt, sql } from "drizzle-orm";
import { rateLimit } from "../../../db/schema";
import { db } from "~/server/db";
import { defineSchedule } from "~/server/jobs";

export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * The limits on everything that sends mail or checks a password. Per e-mail
 * address they stop guessing one account; per IP they stop one client from
 * sweeping many. Sign-in is refused per address *and* client: refusing per
 * address alone would let anyone lock any member out with a few wrong
 * passwords. Across clients an address is only slowed down (signInSlowdown).
 */
export const authRateRules = {
  signInPerEmailAndIp: { name: "sign-in:email+ip", limit: 8, windowSeconds: 10 * 60 },
  signInPerIp: { name: "sign-in:ip", limit: 30, windowSeconds: 60 },
  signUpPerIp: { name: "sign-up:ip", limit: 10, windowSeconds: 60 * 60 },
  signUpPerEmail: { name: "sign-up:email", limit: 3, windowSeconds: 60 * 60 },
  magicLinkPerEmail: { name: "magic-link:email", limit: 3, windowSeconds: 10 * 60 },
  magicLinkPerIp: { name: "magic-link:ip", limit: 10, windowSeconds: 10 * 60 },
  resetPerEmail: { name: "reset:email", limit: 3, windowSeconds: 10 * 60 },
  resetPerIp: { name: "reset:ip", limit: 10, windowSeconds: 10 * 60 },
  resendPerEmail: { name: "resend:email", limit: 3, windowSeconds: 10 * 60 },
  resendPerIp: { name: "resend:ip", limit: 10, windowSeconds: 10 * 60 },
  newPasswordPerIp: { name: "new-password:ip", limit: 10, windowSeconds: 10 * 60 },
  emailLinkPerIp: { name: "email-link:ip", limit: 30, windowSeconds: 60 },
  /**
   * Codes of the second step (decision 0050), on top of better-auth's own five per sign-in and its lock after ten
   * wrong codes in a row: one client trying many pending sign-ins is stopped here.
   */
  secondFactorPerIp: { name: "second-factor:ip", limit: 20, windowSeconds: 10 * 60 },
  /** Passkey ceremonies (options and answers) from one client. */
  passkeyPerIp: { name: "passkey:ip", limit: 30, windowSeconds: 10 * 60 },
  /** Setting up the app (password and first code) from one signed-in member. */
  secondFactorSetupPerMember: { name: "second-factor-setup:member", limit: 10, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateRule>;

/** "Hilfreich" clicks: plenty for reading a thread, too few for a script flooding someone's bell. */
export const helpfulMarksPerMember: RateRule = { name: "helpful:member", limit: 60, windowSeconds: 10 * 60 };

/**
 * Reports ("Melden", decision 0030). Per member: a careful reader reports a few posts a day, each report costs the
 * team a look, and ten in ten minutes or thirty in a day is a campaign, not care. Staff are not counted. Per network
 * (clientNetworkOf: IPv4 /24, IPv6 /64): accounts made in one place are one voice. Its first report of a post weighs,
 * and only three of its reports in ten minutes across posts; the rest of a burst still reaches the queue but weighs
 * nothing, so it cannot add up to hiding a post.
 */
export const reportRateRules = {
  perMember: { name: "report:member", limit: 10, windowSeconds: 10 * 60 },
  perMemberPerDay: { name: "report-day:member", limit: 30, windowSeconds: 24 * 60 * 60 },
  perNetwork: { name: "report:network", limit: 3, windowSeconds: 10 * 60 },
  perNetworkAndPost: { name: "report:network+post", limit: 1, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, RateRule>;

/** Images for posts: a screenshot-heavy answer fits many times over; a script filling our storage does not. */
export const imageUploadsPerMember: RateRule = { name: "image-upload:member", limit: 30, windowSeconds: 60 * 60 };
/**
 * Drafts are saved about a second after the last keystroke: steady typing for ten minutes stays well below this,
 * a script rewriting its draft in a loop does not.
 */
export const draftSavesPerMember: RateRule = { name: "draft-saves:member", limit: 300, windowSeconds: 10 * 60 };

/**
 * Posting while still a new member (NEW_MEMBER_LIMITS, decision 0035): plenty for an eager newcomer's first hour,
 * too little for a fresh account to fill the forum overnight (links beyond the allowed ones are held anyway).
 * Established members and staff post without a limit.
 */
export const newMemberRateRules = {
  discussion: { name: "discussion:new-member", limit: 20, windowSeconds: 60 * 60 },
  comment: { name: "comment:new-member", limit: 60, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateRule>;

/**
 * New conversations of a new member (decision 0062): a few a day reach the people they came for; a fresh account
 * writing to everyone it finds in the directory does not get far. Replies in conversations are not counted.
 */
export const newConversationsPerNewMember: RateRule = { name: "conversation:new-member", limit: 5, windowSeconds: 24 * 60 * 60 };

/** The @ suggestions ask on every keystroke; a member sweeping the member list is stopped. */
export const mentionSuggestionsPerMember: RateRule = { name: "mention-suggestions:member", limit: 120, windowSeconds: 60 };

/** The tag field's suggestions (decision 0053): a lookup per pause in typing, as the @ suggestions. */
export const tagSuggestionsPerMember: RateRule = { name: "tag-suggestions:member", limit: 120, windowSeconds: 60 };
/** "Wurde das schon gefragt?" asks after each pause in typing a title: a script walking titles is stopped. */
export const similarSuggestionsPerMember: RateRule = { name: "similar-suggestions:member", limit: 60, windowSeconds: 60 };

/**
 * Sign-in attempts on one address from all clients together. Beyond the limit
 * each further attempt waits a little longer (up to maxDelayMs) before the
 * password is checked: a guesser spread over many addresses is slowed, the
 * owner still gets in.
 */
export const signInSlowdown = {
  rule: { name: "sign-in:email", limit: 20, windowSeconds: 10 * 60 },
  stepMs: 250,
  maxDelayMs: 3_000,
} as const;

export interface RateResult {
  allowed: boolean;
  /** Seconds until the window ends. */
  retryAfter: number;
  /** Attempts in the current window, this one included. */
  count: number;
}

/**
 * Counts one attempt against a fixed window. One upsert statement, so
 * concurrent requests on any number of app servers count exactly.
 */
export async function hitRateLimit(rule: RateRule, subject: string, now = Date.now()): Promise<RateResult> {
  const key = `${rule.name}:${subject}`;
  const windowMs = rule.windowSeconds * 1000;
  const expiredBefore = now - windowMs;
  const expired = sql`${rateLimit.lastRequest} <= ${expiredBefore}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  const count = Number(row?.count ?? 1);
  const windowStart = Number(row?.windowStart ?? now);
  return { allowed: count <= rule.limit, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)), count };
}

/** Counts the attempt against every rule; refused when any of them is exceeded. */
export async function checkRateLimits(checks: Array<[RateRule, string]>): Promise<RateResult> {
  const results = await Promise.all(checks.map(([rule, subject]) => hitRateLimit(rule, subject)));
  const refused = results.filter((result) => !result.allowed);
  const count = Math.max(0, ...results.map((result) => result.count));
  if (refused.length === 0) return { allowed: true, retryAfter: 0, count };
  return { allowed: false, retryAfter: Math.max(...refused.map((result) => result.retryAfter)), count };
}

/** Counts a sign-in attempt on this address and says how long it should wait before the password check. */
export async function signInDelayMs(emailKey: string, now = Date.now()): Promise<number> {
  const { count } = await hitRateLimit(signInSlowdown.rule, emailKey, now);
  const over = count - signInSlowdown.rule.limit;
  return over > 0 ? Math.min(over * signInSlowdown.stepMs, signInSlowdown.maxDelayMs) : 0;
}

/** Drops counters whose window ended more than a day ago. */
export async function purgeRateLimits(now = Date.now()): Promise<void> {
  await db.delete(rateLimit).where(lt(rateLimit.lastRequest, now - 24 * 60 * 60 * 1000));
}

defineSchedule("purge-rate-limits", { everySeconds: 3_600, run: () => purgeRateLimits() });

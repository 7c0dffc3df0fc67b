import { lt, sql } from "drizzle-orm";
import { rateLimit } from "../../db/schema";
import { db, queryRows } from "./db.server";

export interface RateRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * The limits on everything that sends mail or checks a password. Per e-mail
 * address they stop guessing one account; per IP they stop one client from
 * sweeping many.
 */
export const authRateRules = {
  signInPerEmail: { name: "sign-in:email", limit: 8, windowSeconds: 10 * 60 },
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
} as const satisfies Record<string, RateRule>;

export interface RateResult {
  allowed: boolean;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/**
 * Counts one attempt against a fixed window. One upsert statement, so
 * concurrent requests on any number of app servers count exactly.
 */
export async function hitRateLimit(rule: RateRule, subject: string, now = Date.now()): Promise<RateResult> {
  const key = `${rule.name}:${subject}`;
  const windowMs = rule.windowSeconds * 1000;
  const expiredBefore = now - windowMs;
  const [row] = await queryRows<{ count: number; window_start: string | number }>(sql`
    insert into ${rateLimit} (id, key, count, last_request)
    values (${crypto.randomUUID()}, ${key}, 1, ${now})
    on conflict (key) do update set
      count = case when ${rateLimit}.last_request <= ${expiredBefore} then 1 else ${rateLimit}.count + 1 end,
      last_request = case when ${rateLimit}.last_request <= ${expiredBefore} then ${now} else ${rateLimit}.last_request end
    returning count, last_request as window_start`);
  const count = Number(row?.count ?? 1);
  const windowStart = Number(row?.window_start ?? now);
  return { allowed: count <= rule.limit, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}

/** Counts the attempt against every rule; refused when any of them is exceeded. */
export async function checkRateLimits(checks: Array<[RateRule, string]>): Promise<RateResult> {
  const results = await Promise.all(checks.map(([rule, subject]) => hitRateLimit(rule, subject)));
  const refused = results.filter((result) => !result.allowed);
  if (refused.length === 0) return { allowed: true, retryAfter: 0 };
  return { allowed: false, retryAfter: Math.max(...refused.map((result) => result.retryAfter)) };
}

/** Drops counters whose window ended more than a day ago. */
export async function purgeRateLimits(now = Date.now()): Promise<void> {
  await db.delete(rateLimit).where(lt(rateLimit.lastRequest, now - 24 * 60 * 60 * 1000));
}

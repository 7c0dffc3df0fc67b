/**
 * The write path (decision 0014): a service answers with an Outcome, and the
 * action turns it into a response with `respond` (app/server/http/responses.server.ts,
 * or `refuse` when the form itself was unusable). No route picks a status code by hand.
 */
export const failureStatus = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  unsupported: 415,
  "too-many-requests": 429,
  unexpected: 500,
  unavailable: 503,
} as const;

export type FailureReason = keyof typeof failureStatus;

/** For answers of libraries that speak in status codes (better-auth): the reason, or "invalid" for a status we do not use. */
export function reasonForStatus(status: number): FailureReason {
  const found = Object.entries(failureStatus).find(([, value]) => value === status);
  return found && found[0] !== "unexpected" ? (found[0] as FailureReason) : "invalid";
}

export interface Failure {
  ok: false;
  reason: FailureReason;
  /** German, for the member; without one the route's fallback text is shown. */
  message?: string;
  /** Per field, for forms that show errors next to their inputs. */
  fieldErrors?: Record<string, string[]>;
  /** Seconds, sent as Retry-After (rate limits, a database that cannot store). */
  retryAfter?: number;
}

export type Outcome<T = null> = { ok: true; value: T } | Failure;

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export const done = { ok: true, value: null } as const;

export function fail(reason: FailureReason, message?: string, fieldErrors?: Record<string, string[]>): Failure {
  return { ok: false, reason, ...(message === undefined ? {} : { message }), ...(fieldErrors ? { fieldErrors } : {}) };
}

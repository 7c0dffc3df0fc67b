import { LRUCache } from "lru-cache";
import { AUTH_COOKIE_PREFIX } from "~/server/platform";

/**
 * How many of the bell's event streams (/notifications/live) one member
 * and one address may keep open in this process (guests, who watch only a
 * discussion's live thread, fewer), and how often an address may open one. An open stream costs no request slot, but a socket, a timer
 * and a place in NotificationLive; setting one up costs two queries (the
 * session, the first count). Without limits one member held 500 streams, and
 * opening and closing them in a loop slowed everyone's pages down.
 */
export interface LiveStreamLimitValues {
  perMember: number;
  perAddress: number;
  /** Of those, guests' streams (a discussion's live thread only): a guest needs no account, so one place cannot hold many. */
  guestsPerAddress: number;
  setupBurst: number;
  setupsPerSecond: number;
}

export const liveStreamLimits: LiveStreamLimitValues = {
  /** Browser windows of one member with the bell open; more would not work over HTTP/1.1 anyway (6 connections per host). */
  perMember: 5,
  /** Several members behind one address (an office, a family) share these. */
  perAddress: 20,
  /** Guests reading discussions behind one address; beyond this their pages stay as loaded (reloading shows what is new). */
  guestsPerAddress: 6,
  /**
   * Stream setups per address, and per session (one member from many addresses): this many at once, then one a
   * second (a page load opens one; navigating within the app does not).
   */
  setupBurst: 30,
  setupsPerSecond: 1,
};

export const liveStreamTexts = {
  perMember: "Sie haben zu viele Fenster mit Live-Benachrichtigungen geöffnet. Bitte schließen Sie einige davon.",
  perAddress: "Zu viele Live-Verbindungen von Ihrer Adresse. Bitte schließen Sie einige Fenster des Forums.",
  guests: "Zu viele Live-Verbindungen von Ihrer Adresse. Bitte schließen Sie einige Fenster des Forums oder melden Sie sich an.",
  tooOften: "Zu viele Verbindungsversuche. Bitte versuchen Sie es in einigen Sekunden erneut.",
} as const;

/** A stream turned away before it opens (a 429 with its text): not a write's refusal, which is `Refusal` in outcome.server.ts. */
export interface StreamRefusal {
  status: 429;
  message: string;
  /** Seconds, for Retry-After. */
  retryAfter: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** The open streams of this process by address and by member, and the setup allowance (a token bucket) of each address and session. */
export class LiveStreamLimits {
  private readonly byAddress = new Map<string, number>();
  private readonly byMember = new Map<string, number>();
  private readonly guestsByAddress = new Map<string, number>();
  // Bounded: a flood from many addresses or sessions forgets the quietest ones first (they then start with a full bucket).
  private readonly buckets = new LRUCache<string, Bucket>({ max: 10_000 });

  constructor(private readonly limits: LiveStreamLimitValues = liveStreamLimits) {}

  /**
   * Before any query: takes a place for a stream from `address` and one setup from the allowances of the address
   * and of the session cookie (`session`, when there is one), or says why not. `releaseAddress` gives the place back.
   */
  takeSetup(address: string, session: string | null, now = Date.now()): StreamRefusal | null {
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) {
      return { status: 429, message: liveStreamTexts.perAddress, retryAfter: 30 };
    }
    const buckets = [this.bucket(`address ${address}`, now), ...(session ? [this.bucket(`session ${session}`, now)] : [])];
    const empty = buckets.find((bucket) => bucket.tokens < 1);
    if (empty) {
      return { status: 429, message: liveStreamTexts.tooOften, retryAfter: Math.ceil((1 - empty.tokens) / this.limits.setupsPerSecond) };
    }
    for (const bucket of buckets) bucket.tokens -= 1;
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    return null;
  }

  private bucket(key: string, now: number): Bucket {
    const bucket = this.buckets.get(key) ?? { tokens: this.limits.setupBurst, at: now };
    bucket.tokens = Math.min(this.limits.setupBurst, bucket.tokens + ((now - bucket.at) / 1000) * this.limits.setupsPerSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    return bucket;
  }

  releaseAddress(address: string): void {
    release(this.byAddress, address);
  }

  /** Once the member is known: takes a place for one of their streams, or says why not. `releaseMember` gives it back. */
  takeMember(memberId: string): StreamRefusal | null {
    if ((this.byMember.get(memberId) ?? 0) >= this.limits.perMember) {
      return { status: 429, message: liveStreamTexts.perMember, retryAfter: 30 };
    }
    this.byMember.set(memberId, (this.byMember.get(memberId) ?? 0) + 1);
    return null;
  }

  releaseMember(memberId: string): void {
    release(this.byMember, memberId);
  }

  /** Once the stream is known to be a guest's (no valid session): takes one of the address's guest places, or says why not. */
  takeGuest(address: string): StreamRefusal | null {
    if ((this.guestsByAddress.get(address) ?? 0) >= this.limits.guestsPerAddress) {
      return { status: 429, message: liveStreamTexts.guests, retryAfter: 30 };
    }
    this.guestsByAddress.set(address, (this.guestsByAddress.get(address) ?? 0) + 1);
    return null;
  }

  releaseGuest(address: string): void {
    release(this.guestsByAddress, address);
  }
}

function release(counts: Map<string, number>, key: string): void {
  const count = (counts.get(key) ?? 0) - 1;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

// The prefix is a plain word (cookie-names.server.ts); better-auth adds "__Secure-" on https.
const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token\\s*=\\s*([^;\\s]+)`);

/** The session cookie's value, as the key of its setup allowance; null without one. */
export function sessionOf(cookieHeader: string | undefined): string | null {
  return cookieHeader ? (SESSION_COOKIE.exec(cookieHeader)?.[1] ?? null) : null;
}

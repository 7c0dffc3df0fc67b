/**
 * Reads every visitor sees alike, kept in this process between changes, so a
 * member's page asks the database only for what is theirs: session, bell,
 * unread markers, their own marks. Home's lists and statistics and a
 * category's pages (decision record 0012), and a discussion and its comment
 * pages as guests see them (decision record 0042).
 *
 * The guest page cache keeps whole pages for visitors without a session; this
 * keeps the same data for members, whose pages differ per person. It learns of
 * changes from the page-cache channel (migration 0010), which reaches every
 * app server at commit: a discussion's change ("discussion:<slug>") drops that
 * discussion's reads and every list, anything else drops everything, as the
 * page cache does. Decision record 0012 says why the lag that leaves is safe.
 */
import { LRUCache } from "lru-cache";
import { env } from "./env.server";
import { SingleFlight } from "./single-flight.server";

interface SharedReadsOptions {
  maxEntries: number;
  /** What all kept values may weigh together, as their readers weigh them (`weight`). */
  maxBytes: number;
  maxAgeMs: number;
}

export interface SharedReadOptions<T> {
  /** The discussion (its slug) whose page this read shows; lists leave it out and go with every change. */
  discussion?: string;
  /** About how many bytes the value keeps alive; 1 KB when not said (a list of 25 summaries is about that). */
  weight?: (value: T) => number;
}

interface Entry {
  value: unknown;
  discussion: string | null;
  bytes: number;
}

const DISCUSSION_MESSAGE = "discussion:";
const DEFAULT_WEIGHT = 1_024;

export class SharedReads {
  private readonly entries: LRUCache<string, Entry>;
  private readonly filling = new SingleFlight<unknown>();
  /** Goes up with every change: a read that began before one must not be kept after it. */
  private generation = 0;
  private active = false;

  constructor(options: SharedReadsOptions) {
    this.entries = new LRUCache({
      max: Math.max(1, options.maxEntries),
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (entry) => Math.max(1, entry.bytes),
      ttl: options.maxAgeMs,
      ttlAutopurge: false,
    });
  }

  /**
   * Only a process that hears every change may keep reads: the app server
   * starts this once it listens on the page-cache channel. Until then (tests
   * that call loaders, scripts) every read goes to the database.
   */
  start(): void {
    this.active = true;
  }

  stop(): void {
    this.active = false;
    this.forget();
  }

  /** The kept value for `key`, or what `load` reads (readers asking meanwhile wait for the same read). */
  async read<T>(key: string, load: () => Promise<T>, options: SharedReadOptions<T> = {}): Promise<T> {
    if (!this.active) return load();
    const kept = this.entries.get(key);
    if (kept) return kept.value as T;
    const generation = this.generation;
    const reading = this.filling.run(key, generation, load);
    const value = (await reading.load) as T;
    if (!reading.shared && this.active && generation === this.generation) {
      const bytes = options.weight ? options.weight(value) : DEFAULT_WEIGHT;
      this.entries.set(key, { value, discussion: options.discussion ?? null, bytes });
    }
    return value;
  }

  /**
   * A change was committed (or may have been missed): `message` is the page-cache channel's. A discussion's
   * change drops what shows it (its own reads and every list); any other message, or none, drops everything.
   */
  forget(message = "*"): void {
    this.generation++;
    if (!message.startsWith(DISCUSSION_MESSAGE)) {
      this.entries.clear();
      return;
    }
    const slug = message.slice(DISCUSSION_MESSAGE.length);
    // Keys first, deletes after: deleting while the cache's own iterator walks its list could skip entries.
    const touched = [...this.entries.entries()]
      .filter(([, entry]) => entry.discussion === null || entry.discussion === slug)
      .map(([key]) => key);
    for (const key of touched) this.entries.delete(key);
  }
}

// Lists are few and small: three home parts, and the pages of the categories people actually open. Discussion
// pages weigh more (up to 50 threads with their replies): the bytes bound them, a quarter of the page cache's.
export const sharedReads = new SharedReads({
  maxEntries: 2_000,
  maxBytes: Math.max(1, env.PAGE_CACHE_MB) * 256 * 1024,
  maxAgeMs: env.PAGE_CACHE_MAX_AGE * 1000,
});

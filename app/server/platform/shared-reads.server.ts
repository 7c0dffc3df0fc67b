/**
 * Lists every visitor sees alike (home's lists and statistics, a category's
 * pages), kept in this process between changes, so a member's page asks the
 * database only for what is theirs: session, bell, unread markers.
 *
 * The guest page cache keeps whole pages for visitors without a session; this
 * keeps the same lists' data for members, whose pages differ per person. It
 * forgets everything on each message of the page-cache channel (any change to
 * a discussion, comment or profile, migration 0010), which reaches every app
 * server at commit. Decision record 0012 says why the lag that leaves is safe.
 */
import { LRUCache } from "lru-cache";
import { env } from "./env.server";
import { SingleFlight } from "./single-flight.server";

interface SharedReadsOptions {
  maxEntries: number;
  maxAgeMs: number;
}

export class SharedReads {
  private readonly entries: LRUCache<string, { value: unknown }>;
  private readonly filling = new SingleFlight<unknown>();
  /** Goes up with every change: a read that began before one must not be kept after it. */
  private generation = 0;
  private active = false;

  constructor(options: SharedReadsOptions) {
    this.entries = new LRUCache({ max: Math.max(1, options.maxEntries), ttl: options.maxAgeMs, ttlAutopurge: false });
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
  async read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.active) return load();
    const kept = this.entries.get(key);
    if (kept) return kept.value as T;
    const generation = this.generation;
    const reading = this.filling.run(key, generation, load);
    const value = (await reading.load) as T;
    if (!reading.shared && this.active && generation === this.generation) this.entries.set(key, { value });
    return value;
  }

  /** A change was committed (or may have been missed): nothing kept is trusted any more. */
  forget(): void {
    this.generation++;
    this.entries.clear();
  }
}

// Lists are few and small: three home parts, and the pages of the categories people actually open.
export const sharedReads = new SharedReads({ maxEntries: 500, maxAgeMs: env.PAGE_CACHE_MAX_AGE * 1000 });

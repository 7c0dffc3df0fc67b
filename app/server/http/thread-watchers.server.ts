import { createWorkLine, logger } from "~/server/platform";
import type { ThreadState } from "~/lib/live-thread";

/** Coalesces a burst of the channel's messages for one discussion (a comment, its counter, its mentions) into one read. */
export const THREAD_DEBOUNCE_MS = 300;

interface Watched {
  listeners: Set<(state: ThreadState) => void>;
  /** What its watchers were last told; null while the discussion is gone or hidden (nothing is pushed then). */
  last: ThreadState | null | undefined;
  timer: ReturnType<typeof setTimeout> | null;
  reading: boolean;
  /** A message arrived while it was being read: read once more afterwards. */
  again: boolean;
}

/**
 * The open discussion pages of this process, by slug (the live thread, decision 0055): fed by the page-cache channel
 * that already reaches every app server (`discussion:<slug>`; `*` and a reconnect of the listener ping all), it
 * reads a discussion's visible state once per burst, for all its watchers, and pushes it only when it changed. So a
 * held comment, a hidden one's writes and a view push nothing; a hidden or deleted discussion pushes nothing more.
 * The read is handed in (`readState`): the discussions domain's shared read, as guests see the page.
 */
export class ThreadWatchers {
  private readonly watched = new Map<string, Watched>();
  // A "*" pings every watched discussion: their reads go two at a time, not all at once.
  private readonly line = createWorkLine(2);

  constructor(
    private readonly readState: (slug: string) => Promise<ThreadState | null>,
    private readonly debounceMs = THREAD_DEBOUNCE_MS,
  ) {}

  /**
   * Registers a watcher of `slug` and gives it the state as this process last read it (reading it first when the
   * discussion was not watched yet); null when there is nothing to watch (missing, hidden, held). `listen` gets
   * every change from then on. The returned function ends the watch.
   */
  async watch(slug: string, listen: (state: ThreadState) => void): Promise<{ state: ThreadState | null; stop: () => void }> {
    let entry = this.watched.get(slug);
    if (!entry) {
      entry = { listeners: new Set(), last: undefined, timer: null, reading: false, again: false };
      this.watched.set(slug, entry);
    }
    entry.listeners.add(listen);
    const watched = entry;
    const stop = () => {
      watched.listeners.delete(listen);
      if (watched.listeners.size === 0 && this.watched.get(slug) === watched) {
        if (watched.timer) clearTimeout(watched.timer);
        this.watched.delete(slug);
      }
    };
    if (watched.last === undefined) {
      try {
        const state = await this.line(() => this.readState(slug));
        // A change read meanwhile is newer than this one.
        if (watched.last === undefined) watched.last = state;
      } catch (error) {
        stop();
        throw error;
      }
    }
    return { state: watched.last ?? null, stop };
  }

  /** A message of the page-cache channel: `discussion:<slug>` for one discussion, anything else for all. */
  changed(message: string): void {
    if (message.startsWith("discussion:")) {
      this.schedule(message.slice("discussion:".length));
      return;
    }
    this.changedAll();
  }

  /** Every watched discussion may have changed (a `*`, or the listener reconnected and may have missed messages). */
  changedAll(): void {
    for (const slug of this.watched.keys()) this.schedule(slug);
  }

  /** How many discussions and watchers are open (for the metrics and tests). */
  get size(): { discussions: number; watchers: number } {
    let watchers = 0;
    for (const entry of this.watched.values()) watchers += entry.listeners.size;
    return { discussions: this.watched.size, watchers };
  }

  private schedule(slug: string): void {
    const entry = this.watched.get(slug);
    if (!entry) return;
    if (entry.reading) {
      entry.again = true;
      return;
    }
    if (entry.timer) return;
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void this.refresh(slug, entry);
    }, this.debounceMs);
  }

  private async refresh(slug: string, entry: Watched): Promise<void> {
    entry.reading = true;
    entry.again = false;
    let state: ThreadState | null;
    try {
      state = await this.line(() => this.readState(slug));
    } catch (error) {
      logger.warn({ err: error, slug }, "live thread: reading the discussion failed");
      entry.reading = false;
      return;
    }
    entry.reading = false;
    if (this.watched.get(slug) !== entry) return;
    const before = entry.last;
    entry.last = state;
    if (state && !sameState(before ?? null, state)) for (const listen of entry.listeners) listen(state);
    if (entry.again) this.schedule(slug);
  }
}

function sameState(a: ThreadState | null, b: ThreadState): boolean {
  return a !== null && a.replies === b.replies && a.solved === b.solved && a.helpful === b.helpful && a.changedAt === b.changedAt;
}

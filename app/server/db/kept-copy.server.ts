import { logger } from "~/server/platform";
import { db, listenToDatabase, type Database, type Transaction } from "./db.server";

/**
 * A few rows that many requests consult and few writes change (the operator's settings, the watched words, the
 * synonym groups), kept per process until they change. The table's trigger NOTIFYs its channel at commit, from any
 * process or a SQL console; each listening app server drops its copy when it hears that, or when its listener had to
 * reconnect and may have missed a message, and reads the rows again at the next use. A process that does not listen
 * (a script, a test) reads them at every use instead of trusting an old copy.
 */
export interface KeptCopy<T> {
  /** The copy while this process listens, otherwise read now; a write asks with its transaction (PGlite has one connection). */
  current(executor?: Database | Transaction): Promise<T>;
  /** Drops the copy and tells those who asked to hear of it; the next use reads again. */
  forget(): void;
  /**
   * Starts listening (an app server, before its first request). `onChange` runs after every drop, whichever process
   * changed the rows: a cache of pages that show them is cleared there. The answer stops listening.
   */
  listen(onChange?: () => void): Promise<() => Promise<void>>;
}

export interface KeptCopyOptions<T> {
  channel: string;
  /** What the log names when the listener reconnected ("site settings"). */
  what: string;
  load(executor: Database | Transaction): Promise<T>;
  /** Read when listening starts, so that no request waits for the first read. */
  readAtStart?: boolean;
  /** Read again right after a drop, for what must answer at once from the last copy (the frame of a mail). */
  readAfterChange?: boolean;
}

export function keptCopy<T>({ channel, what, load, readAtStart = false, readAfterChange = false }: KeptCopyOptions<T>): KeptCopy<T> {
  let listening = 0;
  // Goes up with every change heard: a read that began before one is not kept after it.
  let generation = 0;
  let kept: { generation: number; value: Promise<T> } | null = null;
  const listeners = new Set<() => void>();

  const current = (executor: Database | Transaction = db): Promise<T> => {
    if (listening === 0) return load(executor);
    if (kept?.generation === generation) return kept.value;
    const entry = { generation, value: load(executor) };
    kept = entry;
    // A failed read is not kept: the next use tries again.
    entry.value.catch(() => {
      if (kept === entry) kept = null;
    });
    return entry.value;
  };

  const forget = () => {
    generation++;
    kept = null;
    for (const listener of listeners) listener();
    if (readAfterChange && listening > 0) current().catch(() => undefined);
  };

  const listen = async (onChange: () => void = () => undefined) => {
    listeners.add(onChange);
    const unlisten = await listenToDatabase(channel, forget, () => {
      logger.warn(`${what} listener reconnected; read again`);
      forget();
    });
    listening++;
    forget();
    if (readAtStart) await current();
    let stopped = false;
    return async () => {
      if (stopped) return;
      stopped = true;
      listening--;
      listeners.delete(onChange);
      generation++;
      kept = null;
      await unlisten();
    };
  };

  return { current, forget, listen };
}

import { sql } from "drizzle-orm";
import { NOTIFICATIONS_CHANNEL } from "./notification-fanout.server";
import { listenToDatabase, type Transaction } from "~/server/db";
import { logger } from "~/server/platform";
import { unreadCounts } from "./notifications.server";

type Send = (count: number) => void;
/** One open stream: how it gets a count, and how it is ended. */
interface Stream {
  send: Send;
  end: () => void;
}

/** A message on the channel that ends a member's streams (their sessions all ended): the prefix, then their id. */
const ENDED_PREFIX = "ended:";

/**
 * Every session of the member has ended (suspended, password reset, account deleted): each app server ends the
 * member's open streams once the caller's transaction commits. On the bell's own channel, which every process
 * already listens to; the trigger's messages are member ids or '*', never with this prefix.
 */
export async function endLiveStreams(tx: Transaction, memberId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${ENDED_PREFIX + memberId})`);
}

/** How long changes are gathered before the counts are read: a burst of notifications costs one query. */
const GATHER_MS = 150;

/**
 * The live count: one LISTEN per process on the "notifications" channel
 * (migration 0014_notifications NOTIFYs the members whose count changed, or '*'), and the
 * open event streams of this process's members. A message recounts only for
 * members connected here, in one query, and pushes the number to each of their streams.
 */
export class NotificationLive {
  private readonly streams = new Map<string, Set<Stream>>();
  private pending = new Set<string>();
  private everyone = false;
  private timer: NodeJS.Timeout | null = null;

  /** Registers a stream; `end` ends it when the member's sessions end. The returned function unregisters it. */
  subscribe(memberId: string, send: Send, end: () => void = () => undefined): () => void {
    let set = this.streams.get(memberId);
    if (!set) this.streams.set(memberId, (set = new Set()));
    const stream: Stream = { send, end };
    set.add(stream);
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(memberId) === set) this.streams.delete(memberId);
    };
  }

  get connections(): number {
    let total = 0;
    for (const set of this.streams.values()) total += set.size;
    return total;
  }

  /** A message of the channel: a member's id, or '*' for all; or that a member's sessions ended. */
  changed(message: string): void {
    if (message.startsWith(ENDED_PREFIX)) return this.endMember(message.slice(ENDED_PREFIX.length));
    if (message === "*") this.everyone = true;
    else if (this.streams.has(message)) this.pending.add(message);
    else return;
    this.timer ??= setTimeout(() => void this.flush(), GATHER_MS);
  }

  /** Ends every stream of the member here; a browser that reconnects is asked for a session again. */
  endMember(memberId: string): void {
    const set = this.streams.get(memberId);
    if (!set) return;
    this.streams.delete(memberId);
    this.pending.delete(memberId);
    for (const stream of set) stream.end();
  }

  /** Messages may have been missed (the listener reconnected): everyone connected is recounted. */
  recountAll(): void {
    this.changed("*");
  }

  private async flush(): Promise<void> {
    this.timer = null;
    const members = this.everyone ? [...this.streams.keys()] : [...this.pending].filter((id) => this.streams.has(id));
    this.everyone = false;
    this.pending = new Set();
    if (members.length === 0) return;
    try {
      const counts = await unreadCounts(members);
      for (const [memberId, count] of counts) for (const stream of this.streams.get(memberId) ?? []) stream.send(count);
    } catch (error) {
      logger.error({ err: error }, "live notification count failed");
    }
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** Starts the process's one listener. */
export async function startNotificationLive(): Promise<{ live: NotificationLive; stop: () => Promise<void> }> {
  const live = new NotificationLive();
  const unlisten = await listenToDatabase(
    NOTIFICATIONS_CHANNEL,
    (message) => live.changed(message),
    () => live.recountAll(),
  );
  return {
    live,
    stop: async () => {
      live.stop();
      await unlisten();
    },
  };
}

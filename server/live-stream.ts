import type express from "express";
import { can, getViewer } from "~/server/accounts";
import { type NotificationLive, unreadCount } from "~/server/notifications";
import { clientKeyOf, createWorkLine, env } from "~/server/platform";
import { type LiveStreamLimits, sessionOf, type ThreadWatchers } from "~/server/http";
import { THREAD_PARAM, type ThreadState } from "~/lib/live-thread";
import { SLUG_MAX_LENGTH } from "~/lib/slug";
import { sendText } from "./pipeline";

const SLUG = new RegExp(`^[a-z0-9-]{1,${SLUG_MAX_LENGTH}}$`);

/**
 * The live stream as server-sent events: for a member the bell's count (the number now, then each change within
 * moments, NotificationLive); with `?discussion=<slug>` also that discussion's `thread` events (ThreadWatchers: its
 * visible replies, solution and "Hilfreich" marks, now and on each change). A guest may open it only with a
 * discussion and gets only its `thread` events, within fewer places per address. An open stream holds no request
 * slot, so readers keeping a tab open never slow anyone's pages down. Its setup (the session, the first count)
 * waits in a line of its own, two at a time, so that a flood of setups neither runs all at once nor queues among
 * the pages; streams are limited per address, per member and per guest address (LiveStreamLimits).
 */
export function streamUnreadCount(
  live: NotificationLive,
  streams: Set<express.Response>,
  limits: LiveStreamLimits,
  threads: ThreadWatchers,
): express.RequestHandler {
  const setUp = createWorkLine(2);
  return (req, res, next) => {
    const asked = req.query[THREAD_PARAM];
    if (asked !== undefined && (typeof asked !== "string" || !SLUG.test(asked))) {
      sendText(res, 400, "Diese Diskussion gibt es nicht.");
      return;
    }
    const slug = asked ?? null;
    const session = sessionOf(req.headers.cookie);
    // Without a session there is nothing but a discussion to follow: refused before any place or query is taken.
    if (!session && !slug) {
      sendText(res, 401, "Bitte melden Sie sich an.");
      return;
    }
    const address = clientKeyOf(req.ip);
    const refused = limits.takeSetup(address, session);
    if (refused) return refuse(res, refused);
    let memberId: string | null = null;
    let guest = false;
    res.once("close", () => {
      limits.releaseAddress(address);
      if (memberId) limits.releaseMember(memberId);
      if (guest) limits.releaseGuest(address);
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    void setUp(async () => {
      // Gone while waiting: "close" has come and gone, and would not give a place taken from now on back.
      if (res.closed) return;
      const viewer = session ? await getViewer(new Request(new URL(req.originalUrl, env.PUBLIC_URL), { headers })) : null;
      if (res.closed) return;
      // A member not let in yet has no bell, but may follow the discussion they read, as a guest may.
      const bell = viewer !== null && can(viewer, "receiveNotifications");
      if (!bell && !slug) {
        sendText(res, viewer ? 403 : 401, viewer ? "Zugriff verweigert." : "Bitte melden Sie sich an.");
        return;
      }
      const refusedPlace = viewer ? limits.takeMember(viewer.id) : limits.takeGuest(address);
      if (refusedPlace) return refuse(res, refusedPlace);
      if (viewer) memberId = viewer.id;
      else guest = true;
      const sendThread = (state: ThreadState) => res.write(`event: thread\ndata: ${JSON.stringify(state)}\n\n`);
      // Watched before the state is read: a change in between is pushed, not lost.
      const thread = slug ? await threads.watch(slug, sendThread) : null;
      if (res.closed || (!viewer && !thread?.state)) {
        thread?.stop();
        // A guest's stream is its discussion's: none for one that is gone or hidden.
        if (!res.closed) sendText(res, 404, "Diese Diskussion gibt es nicht.");
        return;
      }
      res.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "private, no-store",
        "X-Accel-Buffering": "no",
      });
      res.write("retry: 5000\n\n");
      const send = (count: number) => res.write(`event: count\ndata: ${count}\n\n`);
      // Subscribed before the first count is read: a change in between is pushed, not lost. Ended when the member's
      // sessions end (suspended, password reset, account deleted), on whichever app server it is open.
      const unsubscribe = viewer ? live.subscribe(viewer.id, bell ? send : () => undefined, () => res.end()) : () => undefined;
      streams.add(res);
      const heartbeat = setInterval(() => res.write(": bleibt verbunden\n\n"), 25_000);
      res.once("close", () => {
        clearInterval(heartbeat);
        unsubscribe();
        thread?.stop();
        streams.delete(res);
      });
      if (thread?.state) sendThread(thread.state);
      if (bell) send(await unreadCount(viewer.id));
    }).catch(next);
  };
}

function refuse(res: express.Response, refusal: { status: number; message: string; retryAfter: number }) {
  res.set("Retry-After", String(refusal.retryAfter));
  sendText(res, refusal.status, refusal.message);
}

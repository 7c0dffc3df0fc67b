import type express from "express";
import { can, getViewer } from "~/server/accounts";
import { type NotificationLive, unreadCount } from "~/server/notifications";
import { clientKeyOf, createWorkLine, env } from "~/server/platform";
import { type LiveStreamLimits, sessionOf } from "~/server/http";
import { sendText } from "./pipeline";

/**
 * The bell's live count as server-sent events: the number now, then each
 * change within moments (NotificationLive). An open stream holds no request
 * slot, so members keeping a tab open never slow anyone's pages down. Its
 * setup (the session, the first count) waits in a line of its own, two at a
 * time, so that a flood of setups neither runs all at once nor queues among
 * the pages; streams are limited per address and per member (LiveStreamLimits).
 */
export function streamUnreadCount(
  live: NotificationLive,
  streams: Set<express.Response>,
  limits: LiveStreamLimits,
): express.RequestHandler {
  const setUp = createWorkLine(2);
  return (req, res, next) => {
    const address = clientKeyOf(req.ip);
    const refused = limits.takeSetup(address, sessionOf(req.headers.cookie));
    if (refused) return refuse(res, refused);
    let memberId: string | null = null;
    res.once("close", () => {
      limits.releaseAddress(address);
      if (memberId) limits.releaseMember(memberId);
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    }
    void setUp(async () => {
      // Gone while waiting: "close" has come and gone, and would not give a place taken from now on back.
      if (res.closed) return;
      const viewer = await getViewer(new Request(new URL(req.originalUrl, env.PUBLIC_URL), { headers }));
      if (res.closed) return;
      if (!viewer || !can(viewer, "receiveNotifications")) {
        sendText(res, viewer ? 403 : 401, viewer ? "Zugriff verweigert." : "Bitte melden Sie sich an.");
        return;
      }
      const refusedMember = limits.takeMember(viewer.id);
      if (refusedMember) return refuse(res, refusedMember);
      memberId = viewer.id;
      res.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "private, no-store",
        "X-Accel-Buffering": "no",
      });
      res.write("retry: 5000\n\n");
      const send = (count: number) => res.write(`event: count\ndata: ${count}\n\n`);
      // Subscribed before the first count is read: a change in between is pushed, not lost. Ended when the member's
      // sessions end (suspended, password reset, account deleted), on whichever app server it is open.
      const unsubscribe = live.subscribe(viewer.id, send, () => res.end());
      streams.add(res);
      const heartbeat = setInterval(() => res.write(": bleibt verbunden\n\n"), 25_000);
      res.once("close", () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(res);
      });
      send(await unreadCount(viewer.id));
    }).catch(next);
  };
}

function refuse(res: express.Response, refusal: { status: number; message: string; retryAfter: number }) {
  res.set("Retry-After", String(refusal.retryAfter));
  sendText(res, refusal.status, refusal.message);
}

import { and, asc, count, eq } from "drizzle-orm";
import { pushSubscriptions } from "../../../db/schema";
import { MAX_PUSH_DEVICES, pushTexts, type PushDevice } from "~/lib/push";
import { db, defineService } from "~/server/db";
import { done, env, fail, isPublicHttpsUrl, ok } from "~/server/platform";
import { can, canEditProfile, type Viewer } from "~/server/accounts";

/** Loopback addresses, accepted as endpoints only where PUSH_ALLOW_LOCAL_ENDPOINTS says so (the tests' receivers). */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether the server may send to this endpoint: a push service is public and speaks https. A member chooses the
 * endpoint (it comes from their browser, or from whatever they post), so a private or local address would make the
 * server call its own network on their behalf.
 */
export function acceptedEndpoint(endpoint: string): boolean {
  if (isPublicHttpsUrl(endpoint)) return true;
  if (!env.PUSH_ALLOW_LOCAL_ENDPOINTS) return false;
  const url = URL.parse(endpoint);
  return url !== null && (url.protocol === "http:" || url.protocol === "https:") && LOOPBACK.test(url.hostname);
}

/** Only the member themself, on their own profile, and only while they may receive notifications at all. */
const ownDevices = (viewer: Viewer, { profileId }: { profileId: string }) =>
  canEditProfile(viewer, profileId) && can(viewer, "receiveNotifications");

/**
 * Push on for the browser that sent its subscription. The same browser again (the same endpoint: a subscription
 * renewed, or a shared computer where another member signed in) is one row, now with the new keys and member.
 */
export const addPushDevice = defineService<
  Viewer,
  { profileId: string; endpoint: string; p256dh: string; auth: string; label: string },
  number,
  { id: string }
>({
  policy: ownDevices,
  load: async (tx, { profileId }) =>
    (await tx.select({ devices: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.memberId, profileId)))[0]?.devices ?? 0,
  async change(tx, { actor, input: { endpoint, p256dh, auth, label }, loaded: devices }) {
    if (!acceptedEndpoint(endpoint)) return fail("invalid", pushTexts.invalidEndpoint);
    const [existing] = await tx
      .select({ memberId: pushSubscriptions.memberId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    if (existing?.memberId !== actor.id && devices >= MAX_PUSH_DEVICES) return fail("invalid", pushTexts.tooMany);
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ memberId: actor.id, endpoint, p256dh, auth, label })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { memberId: actor.id, p256dh, auth, label, createdAt: new Date(), lastSuccessAt: null },
      })
      .returning({ id: pushSubscriptions.id });
    return ok({ id: row!.id });
  },
});

/** The member takes one of their devices off; someone else's does not exist for them. */
export const removePushDevice = defineService<Viewer, { profileId: string; id: string }, { memberId: string }>({
  policy: ownDevices,
  load: async (tx, { id }) =>
    (
      await tx.select({ memberId: pushSubscriptions.memberId }).from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).for("update")
    )[0] ?? null,
  authorize: (viewer, { memberId }) => memberId === viewer.id || fail("not-found", pushTexts.deviceNotFound),
  async change(tx, { actor, input: { id } }) {
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.memberId, actor.id)));
    return done;
  },
});

/** The member's devices with push on, the oldest first (the card and the data export). */
export async function listPushDevices(memberId: string): Promise<PushDevice[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      label: pushSubscriptions.label,
      createdAt: pushSubscriptions.createdAt,
      endpoint: pushSubscriptions.endpoint,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

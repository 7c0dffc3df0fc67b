import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-auth/cookies";
import { and, eq, gt, lte } from "drizzle-orm";
import { activeRestriction, suspendedNow } from "./restrictions.server";
import { endedSessions, profiles, session, user, userRoles, type ApprovalStatus, type Role } from "../../../db/schema";
import { auth, SESSION_REFRESH_SECONDS, SESSION_SECONDS, signingSecret } from "./auth.server";
import { db, type Transaction } from "~/server/db";
import { accountEvents } from "./events.server";
import { noteViewer, renderKey } from "~/server/platform";
import { noteVisit } from "./visits.server";

/** The signed-in person as the app sees them: auth user, forum profile and role in one object. */
export interface Viewer {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  approvalStatus: ApprovalStatus;
  role: Role;
  /** Silenced by the moderation: reads, writes nothing. Null when not, or the end (null end: until lifted). */
  silenced: { until: Date | null; reason: string | null } | null;
  /** Has set up a second factor (an authenticator app or a passkey); staff powers need one (decision 0050). */
  secondFactor: boolean;
}

const viewers = new WeakMap<object, Promise<Viewer | null>>();

/**
 * Ends every session of a member in the caller's transaction, and announces it: whatever the member still has open
 * on any app server (the bell's live stream) ends with the commit (app/server/listeners/accounts.server.ts).
 */
export async function endSessions(
  tx: Transaction,
  memberId: string,
  why: "suspended" | "rejected" | "second-factor-reset" | "deleted",
): Promise<void> {
  const ended = await tx
    .delete(session)
    .where(eq(session.userId, memberId))
    .returning({ token: session.token, expiresAt: session.expiresAt });
  // A suspended member's browser is told on its next page why it was signed out (suspensionOfEndedSession).
  if (why === "suspended") {
    await tx.delete(endedSessions).where(lte(endedSessions.expiresAt, new Date()));
    if (ended.length > 0)
      await tx
        .insert(endedSessions)
        .values(ended.map(({ token, expiresAt }) => ({ tokenHash: tokenHash(token), memberId, expiresAt })))
        .onConflictDoNothing();
  }
  await accountEvents.emit(tx, "sessions.ended", { memberId, why });
}

/** The viewer of this request, looked up once per request however many loaders ask (renderKey). */
export async function getViewer(request: Request): Promise<Viewer | null> {
  const key = renderKey(request);
  let viewer = viewers.get(key);
  if (!viewer) {
    viewer = loadViewer(request);
    viewers.set(key, viewer);
  }
  const found = await viewer;
  // Whatever the request looked like, a render that knows its reader is never shared with guests.
  if (found) noteViewer();
  return found;
}

/**
 * Every member's page asks who is reading, so the common case is one query:
 * the session cookie's signature checked here as better-auth signs it (HMAC
 * of the token with the auth secret), then session, account, profile and role
 * read together. Whatever that case does not cover goes to better-auth's own
 * getSession, which decides and does the rest: a session that has expired
 * (it deletes it) or is due for its daily extension (it extends it).
 */
async function loadViewer(request: Request): Promise<Viewer | null> {
  const token = signedSessionToken(request.headers.get("Cookie"));
  if (token === null) return null;
  const [row] = await db
    .select({ ...viewerFields, sessionExpiresAt: session.expiresAt })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .innerJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(and(eq(session.token, token), gt(session.expiresAt, new Date())));
  if (row && !extensionDue(row.sessionExpiresAt)) return visiting(row);
  const current = await auth.api.getSession({ headers: request.headers });
  if (!current) return null;
  const found = await viewerRow(current.user.id);
  return found ? visiting(found) : null;
}

/** A signed-in request is a visit (the digest mail's clock); a suspended member's is not, as they are nobody here. */
function visiting(row: ViewerRow): Viewer | null {
  const viewer = toViewer(row);
  if (viewer) noteVisit(viewer.id, row.lastVisitedAt);
  return viewer;
}

const sessionCookie = (await auth.$context).authCookies.sessionToken;
const sessionCookieName = sessionCookie.name;
/** Ends the cookie of a session that is gone, with the attributes it was set with (a __Secure- name needs Secure). */
const clearSessionCookie = `${sessionCookieName}=; Path=${sessionCookie.attributes.path ?? "/"}; Max-Age=0; HttpOnly; SameSite=Lax${sessionCookie.attributes.secure ? "; Secure" : ""}`;

/** The token of a correctly signed session cookie, or null (no cookie, or a signature that is not ours). */
function signedSessionToken(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  const value = parseCookies(cookieHeader).get(sessionCookieName);
  const dot = value?.lastIndexOf(".") ?? -1;
  if (!value || dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", signingSecret).update(token).digest("base64"));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Why a suspended member cannot do anything here, and until when (null: until an administrator lifts it). */
export interface Suspension {
  reason: string | null;
  until: Date | null;
}

/**
 * The suspension that ended the session this request's cookie still names, once: the row goes, and the header that
 * clears the cookie comes with it. Only a correctly signed cookie of a session a suspension ended gets an answer, so
 * nobody learns anything about another member from it; null when the suspension is over meanwhile.
 */
export async function suspensionOfEndedSession(request: Request): Promise<{ suspension: Suspension; clearCookie: string } | null> {
  const token = signedSessionToken(request.headers.get("Cookie"));
  if (token === null) return null;
  const [ended] = await db
    .delete(endedSessions)
    .where(and(eq(endedSessions.tokenHash, tokenHash(token)), gt(endedSessions.expiresAt, new Date())))
    .returning({ memberId: endedSessions.memberId });
  if (!ended) return null;
  const [row] = await db
    .select({ suspended: suspendedNow, reason: profiles.restrictionReason, until: profiles.suspendedUntil })
    .from(profiles)
    .where(eq(profiles.id, ended.memberId));
  if (!row?.suspended) return null;
  return { suspension: { reason: row.reason, until: row.until }, clearCookie: clearSessionCookie };
}

/** A member's suspension while it lasts (their sign-in is refused with it), by their sign-in address. */
export async function suspensionOf(email: string): Promise<Suspension | null> {
  const [row] = await db
    .select({ suspended: suspendedNow, reason: profiles.restrictionReason, until: profiles.suspendedUntil })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.email, email));
  return row?.suspended ? { reason: row.reason, until: row.until } : null;
}

/** better-auth moves a session's end forward once the last move is older than the refresh age (auth.server.ts). */
function extensionDue(expiresAt: Date): boolean {
  return expiresAt.getTime() - (SESSION_SECONDS - SESSION_REFRESH_SECONDS) * 1000 <= Date.now();
}

const viewerFields = {
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  avatarUrl: profiles.avatarUrl,
  secondFactor: user.twoFactorEnabled,
  approvalStatus: profiles.approvalStatus,
  role: userRoles.role,
  suspended: suspendedNow,
  silenced: activeRestriction(profiles.silencedAt, profiles.silencedUntil),
  silencedUntil: profiles.silencedUntil,
  restrictionReason: profiles.restrictionReason,
  lastVisitedAt: profiles.lastVisitedAt,
};

type ViewerRow = Omit<Viewer, "role" | "silenced"> & {
  role: Role | null;
  suspended: boolean;
  silenced: boolean;
  silencedUntil: Date | null;
  restrictionReason: string | null;
  lastVisitedAt: Date;
};

/** A suspended member is nobody here: whatever session they still hold counts for nothing (null). */
function toViewer(row: ViewerRow): Viewer | null {
  if (row.suspended) return null;
  const { id, email, emailVerified, firstName, lastName, avatarUrl, approvalStatus, role, secondFactor } = row;
  // No role row means the default role (spec: "defaulting to member").
  return {
    id,
    email,
    emailVerified,
    firstName,
    lastName,
    avatarUrl,
    approvalStatus,
    role: role ?? "member",
    secondFactor,
    silenced: row.silenced ? { until: row.silencedUntil, reason: row.restrictionReason } : null,
  };
}

async function viewerRow(userId: string): Promise<ViewerRow | undefined> {
  const [row] = await db
    .select(viewerFields)
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(eq(user.id, userId));
  return row;
}

/** A member as the app sees them, by id (not a visit: services and scripts ask it about others too). */
export async function findViewer(userId: string): Promise<Viewer | null> {
  const row = await viewerRow(userId);
  return row ? toViewer(row) : null;
}

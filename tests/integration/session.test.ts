/**
 * Who is reading: getViewer answers the common case in one query and leaves
 * the rest to better-auth. Both must agree on every kind of cookie.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session } from "../../db/schema";
import { auth, getViewer, SESSION_REFRESH_SECONDS, SESSION_SECONDS } from "~/server/accounts";
import { db, onQuery } from "~/server/db";
import { signedInMember } from "../support/members";

/** A signed-in moderator, with the session's token the cookie signs. */
async function signedInModerator() {
  const { viewer, cookie } = await signedInMember({ role: "moderator", firstName: "Sina", lastName: "Sitzung" });
  const [row] = await db.select({ token: session.token }).from(session).where(eq(session.userId, viewer.id));
  return { id: viewer.id, cookie, token: row!.token };
}

/** A fresh Request each time: getViewer remembers its answer per request. */
async function viewerFor(cookie: string) {
  const queries: string[] = [];
  const stop = onQuery((query) => queries.push(query));
  try {
    const viewer = await getViewer(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
    return { viewer, queries };
  } finally {
    stop();
  }
}

async function betterAuthSays(cookie: string) {
  return auth.api.getSession({ headers: new Headers({ Cookie: cookie }) });
}

describe("getViewer", () => {
  it("reads a signed-in member, role and all, in one query", async () => {
    const member = await signedInModerator();
    const { viewer, queries } = await viewerFor(member.cookie);
    expect(viewer).toMatchObject({ id: member.id, firstName: "Sina", role: "moderator", approvalStatus: "approved" });
    expect(queries).toHaveLength(1);
    expect((await betterAuthSays(member.cookie))?.user.id).toBe(member.id);
  });

  it("refuses a cookie whose signature is not ours, without asking the database", async () => {
    const member = await signedInModerator();
    const [name, value] = member.cookie.split("=") as [string, string];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf(".");
    const forgedSignature = `${name}=${encodeURIComponent(`${decoded.slice(0, dot)}.${"A".repeat(43)}=`)}`;
    const tokenOnly = `${name}=${encodeURIComponent(member.token)}`;
    const otherToken = `${name}=${encodeURIComponent(`${crypto.randomUUID()}${decoded.slice(dot)}`)}`;
    for (const cookie of [forgedSignature, tokenOnly, otherToken, `${name}=`, "forum.session_token"]) {
      const { viewer, queries } = await viewerFor(cookie);
      expect({ cookie, viewer }).toEqual({ cookie, viewer: null });
      expect({ cookie, queries: queries.length }).toEqual({ cookie, queries: 0 });
      expect(await betterAuthSays(cookie)).toBeNull();
    }
  });

  it("knows nobody once the session is gone (signed out elsewhere, password reset)", async () => {
    const member = await signedInModerator();
    await db.delete(session).where(eq(session.token, member.token));
    expect((await viewerFor(member.cookie)).viewer).toBeNull();
    expect(await betterAuthSays(member.cookie)).toBeNull();
  });

  it("knows nobody once the session has expired, and better-auth removes it", async () => {
    const member = await signedInModerator();
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, member.token));
    expect((await viewerFor(member.cookie)).viewer).toBeNull();
    expect(await db.select().from(session).where(eq(session.token, member.token))).toHaveLength(0);
  });

  it("lets better-auth extend a session whose last extension is older than a day", async () => {
    const member = await signedInModerator();
    // Last extended a day and a minute ago: its end lies that much nearer than a new session's.
    const stale = new Date(Date.now() + (SESSION_SECONDS - SESSION_REFRESH_SECONDS - 60) * 1000);
    await db.update(session).set({ expiresAt: stale }).where(eq(session.token, member.token));
    const { viewer } = await viewerFor(member.cookie);
    expect(viewer?.id).toBe(member.id);
    const [row] = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, member.token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_SECONDS - 60) * 1000);
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user, userRoles } from "../../db/schema";
import { db } from "~/server/db";
import { action } from "~/routes/profile";
import { signedInMember } from "../support/members";

type ActionArgs = Parameters<typeof action>[0];

/** A signed-in member of the role, by id and Cookie header. */
async function signedIn(role: "admin" | "member") {
  const { viewer, cookie } = await signedInMember({ role, firstName: "Ada", lastName: role });
  return { id: viewer.id, cookie };
}

/** The profile form's "delete account" post, as the browser sends it. */
async function deleteAccount(member: { id: string; cookie: string }) {
  const request = new Request(`http://localhost:3000/profile/${member.id}`, {
    method: "POST",
    headers: { Cookie: member.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "delete-account", confirmation: "LÖSCHEN" }),
  });
  const result = (await action({ request, params: { id: member.id }, context: {} } as unknown as ActionArgs)) as unknown;
  if (result instanceof Response) return { status: result.status, body: null };
  const wrapped = result as { init?: { status?: number }; data?: unknown };
  return { status: wrapped.init?.status ?? 200, body: wrapped.data };
}

const exists = async (id: string) => (await db.select({ id: user.id }).from(user).where(eq(user.id, id))).length === 1;

describe("deleting one's own account", () => {
  it("is refused to the last administrator with a German message and 409; with a second administrator it works", async () => {
    const admins = await db.select().from(userRoles).where(eq(userRoles.role, "admin"));
    expect(admins).toEqual([]);
    const first = await signedIn("admin");

    const refused = await deleteAccount(first);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain("Der letzte Administrator kann sein Konto nicht löschen.");
    expect(await exists(first.id)).toBe(true);

    const second = await signedIn("admin");
    const allowed = await deleteAccount(first);
    expect(allowed.status).toBe(302);
    expect(await exists(first.id)).toBe(false);
    // Now the second one is the last.
    expect((await deleteAccount(second)).status).toBe(409);
    expect(await exists(second.id)).toBe(true);
  });

  it("stays open to members", async () => {
    await signedIn("admin");
    const member = await signedIn("member");
    expect((await deleteAccount(member)).status).toBe(302);
    expect(await exists(member.id)).toBe(false);
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, discussions, profiles, user, userRoles } from "../../db/schema";
import { changeRole, createUser, decideApproval, listManagedMembers, listPendingMembers } from "~/server/admin";
import { seedAllSamples, seedSample } from "~/server/demo";
import { db } from "~/server/db";
import { createMemberAccount, findViewer, type Viewer } from "~/server/accounts";
import { createUserSchema, splitUsername } from "~/lib/schemas/admin";
import { makeViewer } from "../support/members";

let admin: Viewer;
let moderator: Viewer;
let member: Viewer;

beforeAll(async () => {
  admin = await makeViewer({ firstName: "Chefin", role: "admin" });
  moderator = await makeViewer({ firstName: "Mod", role: "moderator" });
  member = await makeViewer({ firstName: "Normal" });
});

const newUser = (email: string, extra: Record<string, string> = {}) =>
  createUserSchema.parse({
    email,
    password: "geheim1",
    username: "Anna Maria Schmidt",
    expertise: "seo",
    experience: "einsteiger",
    ...extra,
  });

async function rolesOf(userId: string) {
  return db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
}

describe("create user", () => {
  it("validates with the spec's texts", () => {
    const result = createUserSchema.safeParse({ email: "kaputt", password: "123", username: " ", expertise: "", experience: "" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "Gültige E-Mail-Adresse erforderlich",
        "Passwort muss mindestens 6 Zeichen lang sein",
        "Benutzername erforderlich",
        "Expertise erforderlich",
        "Erfahrung erforderlich",
      ]),
    );
    expect(
      createUserSchema.parse({ email: "a@b.de", password: "123456", username: "X", expertise: "sea", experience: "experte" }).role,
    ).toBe("member");
  });

  it("splits the username on spaces", () => {
    expect(splitUsername("  Anna   Maria Schmidt ")).toEqual({ firstName: "Anna", lastName: "Maria Schmidt" });
    expect(splitUsername("Cher")).toEqual({ firstName: "Cher", lastName: "" });
  });

  it("creates an approved, confirmed account with the role, and refuses a known address", async () => {
    const outcome = await createUser(admin, newUser("Neu.Moderatorin@Example.com", { role: "moderator", company: "Agentur X" }));
    if (!outcome.ok) throw new Error(outcome.reason);
    const viewer = await findViewer(outcome.value.id);
    expect(viewer).toMatchObject({
      email: "neu.moderatorin@example.com",
      firstName: "Anna",
      lastName: "Maria Schmidt",
      approvalStatus: "approved",
      role: "moderator",
      emailVerified: true,
    });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, outcome.value.id));
    expect(profile).toMatchObject({ company: "Agentur X", expertise: "seo", experience: "einsteiger", approvalDecidedBy: admin.id });

    const again = await createUser(admin, newUser("neu.moderatorin@example.com"));
    expect(again).toEqual({ ok: false, reason: "conflict", message: "Ein Benutzer mit dieser E-Mail-Adresse existiert bereits." });
    expect(await db.select({ id: user.id }).from(user).where(eq(user.email, "neu.moderatorin@example.com"))).toHaveLength(1);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, outcome.value.id));
    expect(entry).toMatchObject({ action: "create-user", actorId: admin.id, targetLabel: "Anna Maria Schmidt", details: "Moderator" });
  });

  it("is refused to moderators and members", async () => {
    expect(await createUser(moderator, newUser("nein1@example.com"))).toEqual({ ok: false, reason: "forbidden" });
    expect(await createUser(member, newUser("nein2@example.com"))).toEqual({ ok: false, reason: "forbidden" });
    expect(await db.select({ id: user.id }).from(user).where(eq(user.email, "nein1@example.com"))).toHaveLength(0);
  });
});

describe("role changes", () => {
  it("changes the one role row and records old and new role", async () => {
    const target = await makeViewer({ firstName: "Befördert" });
    expect((await changeRole(admin, { userId: target.id, role: "moderator" })).ok).toBe(true);
    expect(await rolesOf(target.id)).toEqual([{ role: "moderator" }]);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(entry).toMatchObject({ action: "change-role", details: "Mitglied → Moderator" });
    expect((await findViewer(target.id))?.role).toBe("moderator");
  });

  it("works for a member without any role row (default member)", async () => {
    const target = await makeViewer({ firstName: "Ohne Rolle" });
    await db.delete(userRoles).where(eq(userRoles.userId, target.id));
    expect((await changeRole(admin, { userId: target.id, role: "admin" })).ok).toBe(true);
    expect(await rolesOf(target.id)).toEqual([{ role: "admin" }]);
  });

  it("concurrent role changes on one member leave exactly one role row", async () => {
    const target = await makeViewer({ firstName: "Umkämpft" });
    const wanted = ["admin", "moderator", "member"] as const;
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => changeRole(admin, { userId: target.id, role: wanted[i % 3]! })));
    expect(results.every((result) => result.ok)).toBe(true);
    const rows = await rolesOf(target.id);
    expect(rows).toHaveLength(1);
    expect(wanted).toContain(rows[0]!.role);
  });

  it("the last administrator cannot give up the role; with two, one may", async () => {
    // Demote every admin but one, then try the last one.
    const admins = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
    for (const row of admins)
      if (row.userId !== admin.id) expect((await changeRole(admin, { userId: row.userId, role: "member" })).ok).toBe(true);
    expect(await changeRole(admin, { userId: admin.id, role: "member" })).toEqual({
      ok: false,
      reason: "conflict",
      message: "Der letzte Administrator kann seine Rolle nicht abgeben.",
    });
    expect(await rolesOf(admin.id)).toEqual([{ role: "admin" }]);

    const second = await makeViewer({ firstName: "Zweite", role: "admin" });
    // Both demote each other at once: one of them must stay admin.
    const secondViewer = (await findViewer(second.id))!;
    await Promise.all([
      changeRole(admin, { userId: second.id, role: "member" }),
      changeRole(secondViewer, { userId: admin.id, role: "member" }),
    ]);
    const left = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, "admin"));
    expect(left.length).toBeGreaterThanOrEqual(1);
    // Restore for the tests after this one.
    if (!left.some((row) => row.userId === admin.id))
      await db.update(userRoles).set({ role: "admin" }).where(eq(userRoles.userId, admin.id));
  });

  it("is refused to moderators, and unknown members are not found", async () => {
    expect(await changeRole(moderator, { userId: member.id, role: "admin" })).toEqual({ ok: false, reason: "forbidden" });
    expect((await changeRole(admin, { userId: "gibt-es-nicht", role: "moderator" })).ok).toBe(false);
    expect((await findViewer(member.id))?.role).toBe("member");
  });

  it("lists members with their role", async () => {
    const { members } = await listManagedMembers(1);
    expect(members.find((m) => m.id === moderator.id)?.role).toBe("moderator");
  });
});

describe("approval", () => {
  it("records the decision in the audit log and refuses non-admins", async () => {
    const waiting = await makeViewer({ firstName: "Wartet", approvalStatus: "pending" });
    expect(await decideApproval(moderator, { intent: "approve", userId: waiting.id })).toEqual({ ok: false, reason: "forbidden" });
    expect((await decideApproval(admin, { intent: "approve", userId: waiting.id })).ok).toBe(true);
    expect((await decideApproval(admin, { intent: "reject", userId: waiting.id })).ok).toBe(false);
    const entries = await db.select().from(auditLog).where(eq(auditLog.targetId, waiting.id));
    expect(entries.map((entry) => entry.action)).toEqual(["approve"]);
  });
});

describe("sample discussions", () => {
  it("creates the ten samples one after another with the admin as author", async () => {
    expect(await seedSample(member, { index: 0 })).toEqual({ ok: false, reason: "forbidden" });
    const started = Date.now();
    const outcome = await seedAllSamples(admin);
    expect(outcome).toEqual({ ok: true, value: { created: 10 } });
    // Spec: 100 ms apart, so at least nine pauses.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const rows = await db
      .select({ authorId: discussions.authorId, createdAt: discussions.createdAt })
      .from(discussions)
      .where(eq(discussions.authorId, admin.id));
    expect(rows).toHaveLength(10);
    const seeded = await db.select().from(auditLog).where(eq(auditLog.action, "seed-sample"));
    expect(seeded).toHaveLength(10);
    // Seeding twice gives new slugs rather than an error.
    expect((await seedSample(admin, { index: 0 })).ok).toBe(true);
    expect(await seedSample(admin, { index: 10 })).toMatchObject({ ok: false, reason: "invalid" });
  });
});

describe("pending list", () => {
  it("tells which sign-ups never confirmed their address", async () => {
    const add = (email: string, emailVerified: boolean) =>
      createMemberAccount(db, {
        email,
        password: { hash: "x" },
        firstName: "Wartet",
        lastName: email,
        approvalStatus: "pending",
        role: "member",
        emailVerified,
      });
    const confirmed = await add("bestaetigt@example.com", true);
    const unconfirmed = await add("unbestaetigt@example.com", false);
    const pending = await listPendingMembers();
    expect(pending.find((row) => row.id === confirmed)?.emailVerified).toBe(true);
    expect(pending.find((row) => row.id === unconfirmed)?.emailVerified).toBe(false);
  });
});

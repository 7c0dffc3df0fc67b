import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { createMemberAccount } from "~/server/accounts";
import { getPublicProfile, listMembers, MEMBERS_PAGE_SIZE } from "~/server/members";

let pendingId: string;
let muellerId: string;

beforeAll(async () => {
  const add = (
    email: string,
    firstName: string,
    lastName: string,
    company: string,
    expertise: string,
    approvalStatus: "approved" | "pending" = "approved",
  ) =>
    createMemberAccount(db, {
      email,
      password: { hash: "x" },
      firstName,
      lastName,
      company,
      expertise,
      approvalStatus,
      role: "member",
      emailVerified: true,
    });
  muellerId = await add("juergen@example.com", "Jürgen", "Müller", "Nordlicht Digital GmbH", "sea");
  await add("anna@example.com", "Anna", "Schmidt", "Müllerwerke AG", "seo");
  await add("ben@example.com", "Ben", "Kaiser", "", "tools");
  pendingId = await add("wartet@example.com", "Wartende", "Müller", "", "seo", "pending");
});

describe("member directory", () => {
  it("matches first name, last name and company case-insensitively as substrings", async () => {
    expect((await listMembers({ query: "müller" })).members.map((m) => m.firstName).sort()).toEqual(["Anna", "Jürgen"]);
    expect((await listMembers({ query: "NORDLICHT" })).members.map((m) => m.firstName)).toEqual(["Jürgen"]);
    expect((await listMembers({ query: "ben" })).members.map((m) => m.firstName)).toEqual(["Ben"]);
  });

  it("filters by expertise and lists only approved members", async () => {
    expect((await listMembers({ query: "", expertise: "seo" })).members.map((m) => m.firstName)).toEqual(["Anna"]);
    expect((await listMembers({ query: "" })).members.map((m) => m.firstName)).not.toContain("Wartende");
  });

  it("treats LIKE wildcards as text", async () => {
    expect((await listMembers({ query: "%" })).members).toEqual([]);
  });
});

describe("directory pages", () => {
  it("shows 25 a page, newest first, each member on exactly one page, with the count of all", async () => {
    const joined = new Date("2020-01-01T00:00:00Z");
    // Sixty members joining in the same instant: only the tie-breaker keeps the pages apart.
    for (let i = 0; i < 60; i++) {
      await createMemberAccount(db, {
        email: `seite${i}@example.com`,
        password: { hash: "x" },
        firstName: `Seite${i}`,
        lastName: "Blätterer",
        expertise: "ki-suche",
        approvalStatus: "approved",
        role: "member",
        emailVerified: true,
        createdAt: joined,
      });
    }
    const filter = { query: "Blätterer", expertise: "ki-suche" };
    const pages = await Promise.all([1, 2, 3, 4].map((page) => listMembers(filter, page)));
    expect(pages.map((page) => page.members.length)).toEqual([MEMBERS_PAGE_SIZE, MEMBERS_PAGE_SIZE, 10, 0]);
    expect(pages.map((page) => [page.totalCount, page.totalPages, page.currentPage])).toEqual([
      [60, 3, 1],
      [60, 3, 2],
      [60, 3, 3],
      [60, 3, 4],
    ]);
    const ids = pages.flatMap((page) => page.members.map((member) => member.id));
    expect(new Set(ids).size).toBe(60);

    // The whole directory counts only approved members, and an empty result is one page.
    const all = await listMembers({ query: "" });
    expect(all.totalCount).toBe(63);
    expect(all.members[0]!.firstName).not.toMatch(/^Seite/);
    expect(await listMembers({ query: "niemand-heisst-so" })).toMatchObject({ members: [], totalCount: 0, totalPages: 1 });
  });
});

describe("public profiles", () => {
  it("exist for approved members only", async () => {
    expect(await getPublicProfile(muellerId)).toMatchObject({ firstName: "Jürgen", company: "Nordlicht Digital GmbH" });
    expect(await getPublicProfile(pendingId)).toBeNull();
    expect(await getPublicProfile("gibt-es-nicht")).toBeNull();
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import { createMemberAccount, getPublicProfile, listMembers } from "~/server/members.server";

let pendingId: string;
let muellerId: string;

beforeAll(async () => {
  const add = (email: string, firstName: string, lastName: string, company: string, expertise: string, approvalStatus: "approved" | "pending" = "approved") =>
    createMemberAccount(db, { email, password: { hash: "x" }, firstName, lastName, company, expertise, approvalStatus, role: "member", emailVerified: true });
  muellerId = await add("juergen@example.com", "Jürgen", "Müller", "Nordlicht Digital GmbH", "sea");
  await add("anna@example.com", "Anna", "Schmidt", "Müllerwerke AG", "seo");
  await add("ben@example.com", "Ben", "Kaiser", "", "tools");
  pendingId = await add("wartet@example.com", "Wartende", "Müller", "", "seo", "pending");
});

describe("member directory", () => {
  it("matches first name, last name and company case-insensitively as substrings", async () => {
    expect((await listMembers({ query: "müller" })).map((m) => m.firstName).sort()).toEqual(["Anna", "Jürgen"]);
    expect((await listMembers({ query: "NORDLICHT" })).map((m) => m.firstName)).toEqual(["Jürgen"]);
    expect((await listMembers({ query: "ben" })).map((m) => m.firstName)).toEqual(["Ben"]);
  });

  it("filters by expertise and lists only approved members", async () => {
    expect((await listMembers({ query: "", expertise: "seo" })).map((m) => m.firstName)).toEqual(["Anna"]);
    expect((await listMembers({ query: "" })).map((m) => m.firstName)).not.toContain("Wartende");
  });

  it("treats LIKE wildcards as text", async () => {
    expect(await listMembers({ query: "%" })).toEqual([]);
  });
});

describe("public profiles", () => {
  it("exist for approved members only", async () => {
    expect(await getPublicProfile(muellerId)).toMatchObject({ firstName: "Jürgen", company: "Nordlicht Digital GmbH" });
    expect(await getPublicProfile(pendingId)).toBeNull();
    expect(await getPublicProfile("gibt-es-nicht")).toBeNull();
  });
});

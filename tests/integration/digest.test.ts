/**
 * The digest job (decision 0059): whom it mails, at most once per period, also with two runs at once, and the
 * one-click unsubscribe of RFC 8058 that stops the next one. Runs on PGlite and on a PostgreSQL server, where the
 * two runs really overlap and only the claim's SKIP LOCKED keeps them apart.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discussions, mailOutbox, profiles, type DigestPeriod } from "../../db/schema";
import { categories, type Category } from "~/lib/categories";
import { action as unsubscribeAction } from "~/routes/notifications.unsubscribe";
import type { Viewer } from "~/server/accounts";
import { db } from "~/server/db";
import {
  getNotificationSettings,
  sendAllDueDigests,
  sendDueDigests,
  updateNotificationSettings,
  watchCategory,
} from "~/server/notifications";
import { discussionBy } from "../support/content";
import { makeViewer } from "../support/members";

interface Away {
  daysAway?: number;
  period?: DigestPeriod;
  newsletter?: boolean;
  sentDaysAgo?: number;
  approvalStatus?: "approved" | "pending" | "rejected";
  suspended?: boolean;
}

const daysAgo = (days: number) => sql`now() - interval '1 day' * ${days}::float8`;

/** A member who last visited `daysAway` days ago (default 10), with the digest's settings as given. */
async function awayMember(firstName: string, options: Away = {}): Promise<Viewer> {
  const member = await makeViewer({ firstName, approvalStatus: options.approvalStatus ?? "approved" });
  await db
    .update(profiles)
    .set({
      lastVisitedAt: daysAgo(options.daysAway ?? 10),
      digestPeriod: options.period ?? "weekly",
      newsletterSubscribed: options.newsletter ?? true,
      digestSentAt: options.sentDaysAgo === undefined ? null : daysAgo(options.sentDaysAgo),
      ...(options.suspended ? { suspendedAt: sql`now() - interval '1 day'` } : {}),
    })
    .where(eq(profiles.id, member.id));
  return member;
}

async function digestsTo(member: Viewer) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, member.email), eq(mailOutbox.kind, "digest")));
}

const countOf = async (member: Viewer) => (await digestsTo(member)).length;

/** Something new for everyone: a discussion by a member of its own. */
async function somethingNew(title = `Neu ${crypto.randomUUID()}`, category: Category = "general") {
  return discussionBy(await makeViewer({ firstName: "Autor" }), { title, category });
}

describe("the digest job", () => {
  it("mails nobody who has nothing new, and looks at them again only a day later", async () => {
    const reader = await awayMember("Stumm");
    // Every category muted: nothing anyone writes reaches this member.
    for (const category of categories) expect((await watchCategory(reader, { category, level: "muted" })).ok).toBe(true);
    await somethingNew();
    await sendAllDueDigests();
    expect(await countOf(reader)).toBe(0);
    const [checked] = await db.select({ at: profiles.digestCheckedAt }).from(profiles).where(eq(profiles.id, reader.id));
    expect(checked?.at).not.toBeNull();

    // Something new for them now, but the look found nothing less than a day ago: no mail until the day is over.
    expect((await watchCategory(reader, { category: "general", level: "normal" })).ok).toBe(true);
    await sendAllDueDigests();
    expect(await countOf(reader)).toBe(0);
    await db
      .update(profiles)
      .set({ digestCheckedAt: daysAgo(25 / 24) })
      .where(eq(profiles.id, reader.id));
    await sendAllDueDigests();
    expect(await countOf(reader)).toBe(1);
  });

  it("selects exactly the members due: away long enough, period over, setting on, approved, not suspended", async () => {
    const cases: [string, Away, boolean][] = [
      ["Fällig", {}, true],
      ["Neulichda", { daysAway: 2 }, false],
      ["Knappweg", { daysAway: 6 }, false],
      ["Niemals", { period: "never" }, false],
      ["Ohnemail", { newsletter: false }, false],
      ["Wartend", { approvalStatus: "pending" }, false],
      ["Abgelehnt", { approvalStatus: "rejected" }, false],
      ["Gesperrt", { suspended: true }, false],
      ["Wochegehabt", { sentDaysAgo: 3 }, false],
      ["Wocheum", { sentDaysAgo: 8 }, true],
      ["Taeglich", { period: "daily", sentDaysAgo: 2 }, true],
      ["Taeglichheute", { period: "daily", sentDaysAgo: 0.5 }, false],
      ["Zweiwochen", { period: "biweekly", sentDaysAgo: 10 }, false],
      ["Zweiwochenum", { period: "biweekly", sentDaysAgo: 15 }, true],
    ];
    const members = await Promise.all(cases.map(async ([name, options, due]) => ({ name, due, member: await awayMember(name, options) })));
    await somethingNew();
    await sendAllDueDigests();
    const got = await Promise.all(members.map(async ({ name, member }) => [name, await countOf(member)] as const));
    expect(Object.fromEntries(got)).toEqual(Object.fromEntries(members.map(({ name, due }) => [name, due ? 1 : 0])));

    // Again at once, with more news: each got their one for this period.
    await somethingNew();
    await sendAllDueDigests();
    const again = await Promise.all(members.map(async ({ name, member }) => [name, await countOf(member)] as const));
    expect(Object.fromEntries(again)).toEqual(Object.fromEntries(got));
  });

  it("keeps the period chosen on the notification card; the master switch off stops the digest too", async () => {
    const reader = await awayMember("Kartenwahl");
    expect((await updateNotificationSettings(reader, { profileId: reader.id, newsletter: true, digestPeriod: "daily" })).ok).toBe(true);
    expect((await getNotificationSettings(reader.id)).digest).toEqual({ period: "daily", afterDays: 7 });
    // The master switch off: a form without the field keeps the choice, and no digest goes out.
    expect((await updateNotificationSettings(reader, { profileId: reader.id, newsletter: false })).ok).toBe(true);
    expect((await getNotificationSettings(reader.id)).digest.period).toBe("daily");
    await somethingNew();
    await sendAllDueDigests();
    expect(await countOf(reader)).toBe(0);
  });

  it("mails each member once when two runs claim at the same time, across batches", async () => {
    const readers = await Promise.all(Array.from({ length: 30 }, (_, i) => awayMember(`Gleichzeitig${i}`)));
    await somethingNew();
    // Two batches of 20 side by side (on a server, each its own connection): together they claim each due member
    // once at most (a claim that took a member the other held would mail only if news came in between). Then two
    // runs until nobody is due.
    const [first, second] = await Promise.all([sendDueDigests(20), sendDueDigests(20)]);
    expect(first.claimed + second.claimed).toBeLessThanOrEqual(readers.length);
    await Promise.all([sendAllDueDigests(), sendAllDueDigests()]);
    expect(await Promise.all(readers.map(countOf))).toEqual(readers.map(() => 1));
  });

  it("a second digest tells only what came after the first one", async () => {
    const reader = await awayMember("Zweimal");
    // Only Events reaches this reader: the other tests' discussions stay out of the way.
    for (const category of categories.filter((category) => category !== "events"))
      expect((await watchCategory(reader, { category, level: "muted" })).ok).toBe(true);
    const before = await somethingNew(`Vor der ersten ${crypto.randomUUID()}`, "events");
    await db
      .update(discussions)
      .set({ createdAt: daysAgo(9) })
      .where(eq(discussions.id, before.id));
    await sendAllDueDigests();
    const [first] = await digestsTo(reader);
    expect(first?.text).toContain(before.title);
    expect(first?.text).toMatch(/das ist neu seit Ihrem letzten Besuch am \d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}:/);

    // As if a week had passed since that digest, with one more discussion after it.
    await db
      .update(profiles)
      .set({ digestSentAt: daysAgo(8), digestCheckedAt: daysAgo(8) })
      .where(eq(profiles.id, reader.id));
    const later = await somethingNew(`Nach der ersten ${crypto.randomUUID()}`, "events");
    await sendAllDueDigests();
    const second = (await digestsTo(reader)).find((mail) => mail.id !== first!.id);
    expect(second?.text).toContain("ist einiges passiert. Das ist neu seit unserer letzten Zusammenfassung vom");
    expect(second?.text).toContain(later.title);
    expect(second?.text).not.toContain(before.title);
  });

  it("stops after the mail program's one-click unsubscribe (RFC 8058 POST), which needs no session", async () => {
    const reader = await awayMember("Abbesteller");
    await somethingNew();
    await sendAllDueDigests();
    const [mail] = await digestsTo(reader);
    expect(mail?.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    const link = /^<(.+)>$/.exec(mail!.headers!["List-Unsubscribe"]!)![1]!;
    expect(mail!.text).toContain(link);
    expect(link).toMatch(/\/notifications\/unsubscribe\?token=[\w.-]+$/);

    const response = await unsubscribeAction({
      request: new Request(link, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }),
      params: {},
      context: {},
    } as never);
    expect(JSON.stringify(response)).toContain("Das Wichtigste aus der Community");
    const [row] = await db.select({ period: profiles.digestPeriod }).from(profiles).where(eq(profiles.id, reader.id));
    expect(row?.period).toBe("never");

    // The period is over and there is news: still none.
    await db
      .update(profiles)
      .set({ digestSentAt: daysAgo(8), digestCheckedAt: null })
      .where(eq(profiles.id, reader.id));
    await somethingNew();
    await sendAllDueDigests();
    expect(await countOf(reader)).toBe(1);
  });
});

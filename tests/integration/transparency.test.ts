/**
 * The operator's records of notice and action in numbers (DSA Art. 15 and 24, decision 0048): notices, decisions,
 * statements of reasons and objections written through the services, counted per Berlin month by the report, and
 * the CSV carrying the report's numbers.
 */
import { and, eq, gte, inArray, isNotNull, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { legalNotices, mailOutbox, reviewItems, statementsOfReasons } from "../../db/schema";
import { berlinDateTime } from "~/lib/berlin-time";
import { noticeGroundShortLabels, type NoticeGround } from "~/lib/legal";
import type { Viewer } from "~/server/accounts";
import { commentHref } from "~/server/discussions";
import { decideReview, reportPost, restrictMember } from "~/server/moderation";
import {
  confirmNotice,
  decideObjection,
  fileNotice,
  notifierOf,
  objectToStatement,
  recentMonths,
  transparencyCsv,
  type TransparencyMonth,
  type TransparencyReport,
  transparencyReport,
} from "~/server/legal";
import { db } from "~/server/db";
import { env } from "~/server/platform";
import { makeViewer } from "../support/members";
import { commentOn, discussionBy } from "../support/content";

let author: Viewer;
let moderator: Viewer;
let otherModerator: Viewer;
let notifyingMember: Viewer;

beforeAll(async () => {
  author = await makeViewer({ firstName: "Verfasserin", joinedDaysAgo: 30 });
  moderator = await makeViewer({ role: "moderator" });
  otherModerator = await makeViewer({ role: "moderator" });
  notifyingMember = await makeViewer({ firstName: "Meldende" });
});

let guestNumber = 0;
/** A guest from an address of their own, so the per-address limit never meets the next notice. */
const guest = () => notifierOf(null, `203.0.113.${++guestNumber}`);

/** A comment of the author's, and its address as the notice form fills it in. */
async function post() {
  const discussion = await discussionBy(author);
  const commentId = await commentOn(discussion.id, author, { content: "Eine Behauptung über einen Wettbewerber." });
  return { discussionId: discussion.id, commentId, location: `${env.PUBLIC_URL}${await commentHref(discussion, commentId)}` };
}

/** A guest's notice; confirmed by the mailed link unless `confirm` is false. Its id. */
async function notice(location: string, ground: NoticeGround, { confirm = true } = {}): Promise<string> {
  const email = `melder-${crypto.randomUUID()}@example.org`;
  const filed = await fileNotice(guest(), {
    location,
    ground,
    explanation: "Der Beitrag enthält eine unwahre Tatsachenbehauptung.",
    name: "Gerd Gast",
    email,
  });
  expect(filed).toEqual({ ok: true, value: { confirmed: false } });
  if (confirm) {
    const [mail] = await db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "legal-notice-confirm")));
    const token = /token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    expect((await confirmNotice({ id: "link" }, { token: token! })).ok).toBe(true);
  }
  const [row] = await db.select({ id: legalNotices.id }).from(legalNotices).where(eq(legalNotices.notifierEmail, email));
  return row!.id;
}

async function openItemOf(commentId: string, kind: "notice" | "report" | "objection" = "notice"): Promise<string> {
  const [item] = await db
    .select({ id: reviewItems.id, kind: reviewItems.kind })
    .from(reviewItems)
    .where(and(eq(reviewItems.commentId, commentId), eq(reviewItems.status, "open"), eq(reviewItems.kind, kind)));
  return item!.id;
}

async function decide(commentId: string, decision: "hide" | "keep", kind: "notice" | "report" = "notice") {
  expect((await decideReview(moderator, { itemId: await openItemOf(commentId, kind), decision })).ok).toBe(true);
}

async function statementOf(commentId: string): Promise<string> {
  const [statement] = await db
    .select({ id: statementsOfReasons.id })
    .from(statementsOfReasons)
    .where(eq(statementsOfReasons.commentId, commentId));
  return statement!.id;
}

async function object(commentId: string): Promise<string> {
  const statementId = await statementOf(commentId);
  expect((await objectToStatement(author, { statementId, objection: "Das ist eine belegte Erfahrung." })).ok).toBe(true);
  return statementId;
}

async function decideObjectionOn(commentId: string, decision: "uphold-objection" | "reject-objection") {
  expect((await decideObjection(otherModerator, { itemId: await openItemOf(commentId, "objection"), decision })).ok).toBe(true);
}

/** Every count of the report, summed over its months (the medians left out). */
function totals(report: TransparencyReport) {
  const sum = (value: (month: TransparencyMonth) => number) => report.months.reduce((total, month) => total + value(month), 0);
  return {
    confirmed: sum((m) => m.notices.confirmed),
    byGround: Object.fromEntries(
      Object.keys(noticeGroundShortLabels).map((ground) => [ground, sum((m) => m.notices.byGround[ground as NoticeGround])]),
    ),
    decided: sum((m) => m.notices.decided),
    removed: sum((m) => m.notices.removed),
    kept: sum((m) => m.notices.kept),
    issued: sum((m) => m.statements.issued),
    automated: sum((m) => m.statements.automated),
    law: sum((m) => m.statements.law),
    rules: sum((m) => m.statements.rules),
    filed: sum((m) => m.objections.filed),
    objectionsDecided: sum((m) => m.objections.decided),
    upheld: sum((m) => m.objections.upheld),
    rejected: sum((m) => m.objections.rejected),
  };
}

/** RFC 4180 read back: quoted fields with doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      fields.push(field);
      records.push(fields);
      fields = [];
      field = "";
      index += 1;
    } else field += char;
  }
  if (field !== "" || fields.length > 0) records.push([...fields, field]);
  return records;
}

/** The CSV's numbers against the report's, column by column, with the headings the file names. */
function expectCsvToMatch(csv: string, report: TransparencyReport) {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  expect(csv.endsWith("\r\n")).toBe(true);
  const [header, ...rows] = parseCsv(csv.slice(1));
  const grounds = Object.entries(noticeGroundShortLabels).map(([ground, label]) => [`Meldungen bestätigt: ${label}`, ground] as const);
  expect(header).toEqual([
    "Monat",
    "Meldungen bestätigt",
    ...grounds.map(([heading]) => heading),
    "Meldungen entschieden",
    "Meldungen entschieden: entfernt",
    "Meldungen entschieden: belassen",
    "Meldungen: Median Stunden bis zur Entscheidung",
    "Begründungen erteilt",
    "Begründungen: automatisiert",
    "Begründungen: Grund Gesetz",
    "Begründungen: Grund AGB",
    "Widersprüche eingelegt",
    "Widersprüche entschieden",
    "Widersprüche: stattgegeben",
    "Widersprüche: abgelehnt",
    "Widersprüche: Median Stunden bis zur Entscheidung",
  ]);
  expect(rows).toHaveLength(report.months.length);
  const median = (hours: number | null) => (hours === null ? "" : String(hours));
  rows.forEach((row, index) => {
    const month = report.months[index]!;
    const byHeading = Object.fromEntries(header!.map((heading, column) => [heading, row[column]]));
    expect(byHeading).toEqual({
      Monat: month.month,
      "Meldungen bestätigt": String(month.notices.confirmed),
      ...Object.fromEntries(grounds.map(([heading, ground]) => [heading, String(month.notices.byGround[ground as NoticeGround])])),
      "Meldungen entschieden": String(month.notices.decided),
      "Meldungen entschieden: entfernt": String(month.notices.removed),
      "Meldungen entschieden: belassen": String(month.notices.kept),
      "Meldungen: Median Stunden bis zur Entscheidung": median(month.notices.medianHoursToDecision),
      "Begründungen erteilt": String(month.statements.issued),
      "Begründungen: automatisiert": String(month.statements.automated),
      "Begründungen: Grund Gesetz": String(month.statements.law),
      "Begründungen: Grund AGB": String(month.statements.rules),
      "Widersprüche eingelegt": String(month.objections.filed),
      "Widersprüche entschieden": String(month.objections.decided),
      "Widersprüche: stattgegeben": String(month.objections.upheld),
      "Widersprüche: abgelehnt": String(month.objections.rejected),
      "Widersprüche: Median Stunden bis zur Entscheidung": median(month.objections.medianHoursToDecision),
    });
  });
}

describe("the transparency report", () => {
  it("counts what the services wrote in the last twelve months, row for row, and an unconfirmed notice nowhere", async () => {
    // Removed on two notices, then objected to and restored.
    const removed = await post();
    await notice(removed.location, "insult");
    await notice(removed.location, "copyright");
    // Filed by a member with their own confirmed address: it counts at once.
    expect(
      await fileNotice(notifierOf(notifyingMember, "203.0.113.250"), {
        location: removed.location,
        ground: "insult",
        explanation: "Der Beitrag beleidigt eine bestimmte Person.",
        name: "Meldende Mitglied",
        email: notifyingMember.email,
      }),
    ).toEqual({ ok: true, value: { confirmed: true } });
    await decide(removed.commentId, "hide");
    await object(removed.commentId);
    await decideObjectionOn(removed.commentId, "uphold-objection");
    // Kept.
    const kept = await post();
    await notice(kept.location, "privacy");
    await decide(kept.commentId, "keep");
    // Waiting: confirmed, not yet decided.
    const waiting = await post();
    await notice(waiting.location, "trademark");
    // Hidden by a report of the staff, without a person deciding: an automated statement, objected to and rejected.
    const reported = await post();
    expect(
      await reportPost(moderator, { discussionId: reported.discussionId, commentId: reported.commentId, reason: "spam" }),
    ).toMatchObject({
      ok: true,
      value: { hidden: true },
    });
    await object(reported.commentId);
    await decideObjectionOn(reported.commentId, "reject-objection");
    // A member silenced by a moderator: a statement without a post, on the AGB.
    const silenced = await makeViewer({ firstName: "Stumm" });
    expect((await restrictMember(moderator, { memberId: silenced.id, kind: "silence", until: null, reason: "Beleidigender Ton" })).ok).toBe(
      true,
    );
    expect(await db.$count(statementsOfReasons, eq(statementsOfReasons.restriction, "silenced"))).toBe(1);

    const range = recentMonths();
    const before = await transparencyReport(range);
    // Never confirmed, on a ground no other notice has: the report does not change.
    const unconfirmed = await post();
    await notice(unconfirmed.location, "fraud", { confirm: false });
    await notice(removed.location, "fraud", { confirm: false });
    const after = await transparencyReport(range);
    expect(after).toEqual(before);

    expect(after.months).toHaveLength(12);
    expect(after.months[0]!.month).toBe(range.to);
    expect(after.months[11]!.month).toBe(range.from);
    expect(totals(after)).toEqual({
      confirmed: 5,
      byGround: { insult: 2, copyright: 1, trademark: 1, privacy: 1, competition: 0, fraud: 0, other: 0 },
      decided: 4,
      removed: 3,
      kept: 1,
      issued: 3,
      automated: 1,
      law: 1,
      rules: 2,
      filed: 2,
      objectionsDecided: 2,
      upheld: 1,
      rejected: 1,
    });

    // The same numbers straight from the rows.
    const since = berlinDateTime(`${range.from}-01T00:00`)!;
    const notices = (...conditions: Parameters<typeof and>) => db.$count(legalNotices, and(...conditions));
    const statements = (...conditions: Parameters<typeof and>) => db.$count(statementsOfReasons, and(...conditions));
    const confirmed = gte(legalNotices.confirmedAt, since);
    const decided = and(isNotNull(legalNotices.confirmedAt), gte(legalNotices.decidedAt, since));
    const objectionDecided = gte(statementsOfReasons.objectionDecidedAt, since);
    expect(totals(after)).toEqual({
      confirmed: await notices(confirmed),
      byGround: Object.fromEntries(
        await Promise.all(
          Object.keys(noticeGroundShortLabels).map(async (ground) => [
            ground,
            await notices(confirmed, eq(legalNotices.ground, ground as NoticeGround)),
          ]),
        ),
      ),
      decided: await notices(decided),
      removed: await notices(decided, eq(legalNotices.decision, "removed")),
      kept: await notices(decided, eq(legalNotices.decision, "kept")),
      issued: await statements(gte(statementsOfReasons.createdAt, since)),
      automated: await statements(gte(statementsOfReasons.createdAt, since), eq(statementsOfReasons.automated, true)),
      law: await statements(gte(statementsOfReasons.createdAt, since), eq(statementsOfReasons.ground, "law")),
      rules: await statements(gte(statementsOfReasons.createdAt, since), eq(statementsOfReasons.ground, "rules")),
      filed: await statements(gte(statementsOfReasons.objectedAt, since)),
      objectionsDecided: await statements(objectionDecided),
      upheld: await statements(objectionDecided, eq(statementsOfReasons.objectionOutcome, "upheld")),
      rejected: await statements(objectionDecided, eq(statementsOfReasons.objectionOutcome, "rejected")),
    });
    // The two unconfirmed notices are there, and counted nowhere.
    expect(await db.$count(legalNotices, isNull(legalNotices.confirmedAt))).toBe(2);

    // The decided notices and objections were decided seconds after they came in.
    const withDecisions = after.months.filter((month) => month.notices.decided > 0);
    for (const month of withDecisions) expect(month.notices.medianHoursToDecision).toBe(0);
    expectCsvToMatch(transparencyCsv(after), after);
  });

  it("puts each event into its own Berlin month and takes the median time to decide, in hours with one decimal", async () => {
    const removed = await post();
    const insult = await notice(removed.location, "insult");
    const copyright = await notice(removed.location, "copyright");
    await decide(removed.commentId, "hide");
    const lawStatement = await object(removed.commentId);
    await decideObjectionOn(removed.commentId, "reject-objection");
    const kept = await post();
    const privacy = await notice(kept.location, "privacy");
    await decide(kept.commentId, "keep");
    const reported = await post();
    expect((await reportPost(moderator, { discussionId: reported.discussionId, commentId: reported.commentId, reason: "spam" })).ok).toBe(
      true,
    );
    const automatedStatement = await object(reported.commentId);
    await decideObjectionOn(reported.commentId, "uphold-objection");
    const unconfirmed = await post();
    const fraud = await notice(unconfirmed.location, "fraud", { confirm: false });

    // The records' times moved to 2024, where nothing else of this file is.
    const at = (iso: string) => new Date(iso);
    const setNotice = (id: string, times: { confirmedAt?: Date; decidedAt?: Date; createdAt?: Date }) =>
      db.update(legalNotices).set(times).where(eq(legalNotices.id, id));
    // 23:30 in Berlin on 31 March, and 00:30 on 1 April, though it is still March in UTC.
    await setNotice(insult, {
      createdAt: at("2024-03-31T21:00:00Z"),
      confirmedAt: at("2024-03-31T21:30:00Z"),
      decidedAt: at("2024-04-01T09:30:00Z"),
    });
    await setNotice(copyright, {
      createdAt: at("2024-03-31T22:00:00Z"),
      confirmedAt: at("2024-03-31T22:30:00Z"),
      decidedAt: at("2024-04-01T09:30:00Z"),
    });
    await setNotice(privacy, {
      createdAt: at("2024-04-10T07:00:00Z"),
      confirmedAt: at("2024-04-10T08:00:00Z"),
      decidedAt: at("2024-04-10T12:30:00Z"),
    });
    await setNotice(fraud, { createdAt: at("2024-04-05T10:00:00Z") });
    await db
      .update(statementsOfReasons)
      .set({
        createdAt: at("2024-04-01T09:30:00Z"),
        objectedAt: at("2024-04-20T10:00:00Z"),
        objectionDecidedAt: at("2024-05-01T10:00:00Z"),
      })
      .where(eq(statementsOfReasons.id, lawStatement));
    await db
      .update(statementsOfReasons)
      .set({
        createdAt: at("2024-04-15T10:00:00Z"),
        objectedAt: at("2024-04-16T10:00:00Z"),
        objectionDecidedAt: at("2024-04-16T11:15:00Z"),
      })
      .where(eq(statementsOfReasons.id, automatedStatement));

    const report = await transparencyReport({ from: "2024-02", to: "2024-05" });
    const none = { insult: 0, copyright: 0, trademark: 0, privacy: 0, competition: 0, fraud: 0, other: 0 };
    const quiet = {
      notices: { confirmed: 0, byGround: none, decided: 0, removed: 0, kept: 0, medianHoursToDecision: null },
      statements: { issued: 0, automated: 0, law: 0, rules: 0 },
      objections: { filed: 0, decided: 0, upheld: 0, rejected: 0, medianHoursToDecision: null },
    };
    expect(report).toEqual({
      from: "2024-02",
      to: "2024-05",
      months: [
        // The objection decided eleven days after it came in.
        { ...quiet, month: "2024-05", objections: { filed: 0, decided: 1, upheld: 0, rejected: 1, medianHoursToDecision: 264 } },
        {
          month: "2024-04",
          // Confirmed: the copyright notice (April in Berlin) and the privacy one. Decided: 12, 11 and 4.5 hours.
          notices: {
            confirmed: 2,
            byGround: { ...none, copyright: 1, privacy: 1 },
            decided: 3,
            removed: 2,
            kept: 1,
            medianHoursToDecision: 11,
          },
          statements: { issued: 2, automated: 1, law: 1, rules: 1 },
          // One hour and a quarter: 1.25 shown as 1.3.
          objections: { filed: 2, decided: 1, upheld: 1, rejected: 0, medianHoursToDecision: 1.3 },
        },
        { ...quiet, month: "2024-03", notices: { ...quiet.notices, confirmed: 1, byGround: { ...none, insult: 1 } } },
        { ...quiet, month: "2024-02" },
      ],
    });
    expectCsvToMatch(transparencyCsv(report), report);
    const csv = transparencyCsv(report);
    // A heading with a comma is quoted; the empty median of a month without decisions is an empty field.
    expect(csv).toContain('"Meldungen bestätigt: Datenschutz, Persönlichkeitsrecht"');
    expect(csv.split("\r\n")[3]).toMatch(/^2024-03,1,1,0,0,0,0,0,0,0,0,0,,/);
    expect(await db.$count(legalNotices, inArray(legalNotices.id, [insult, copyright, privacy, fraud]))).toBe(4);
  });

  it("refuses a range that is no range", async () => {
    await expect(transparencyReport({ from: "2024-05", to: "2024-02" })).rejects.toThrow();
    await expect(transparencyReport({ from: "2024-13", to: "2024-14" })).rejects.toThrow();
  });
});

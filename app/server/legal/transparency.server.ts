import { sql, type SQL } from "drizzle-orm";
import { legalNotices, noticeGroundValues, statementsOfReasons } from "../../../db/schema";
import { berlinDate, CALENDAR_MONTH, startOfBerlinMonth, TIME_ZONE } from "~/lib/berlin-time";
import { noticeGroundShortLabels, type NoticeGround } from "~/lib/legal";
import { queryRows } from "~/server/db";

/**
 * The operator's records of notice and action in numbers (DSA Art. 15 and 24, decision 0048): per calendar month in
 * Berlin, what came in, what was decided and how fast. Each count belongs to the month its own event happened in: a
 * notice confirmed in March and decided in April is counted as confirmed in March and as decided in April. A notice
 * whose e-mail address was never confirmed counts nowhere: it was never a notice the forum had to act on.
 */

export const transparencyTexts = {
  adminsOnly: "Den Transparenzbericht sehen nur Administratorinnen und Administratoren.",
} as const;

/** A calendar month in Berlin, "2026-03". */
export type Month = string;

export interface TransparencyMonth {
  month: Month;
  notices: {
    confirmed: number;
    /** The confirmed notices by the ground the notifier named. */
    byGround: Record<NoticeGround, number>;
    decided: number;
    removed: number;
    kept: number;
    /** From confirmation to decision, over the notices decided this month; null when none was. */
    medianHoursToDecision: number | null;
  };
  statements: { issued: number; automated: number; law: number; rules: number };
  objections: {
    filed: number;
    decided: number;
    upheld: number;
    rejected: number;
    /** From the objection to its decision, over the objections decided this month; null when none was. */
    medianHoursToDecision: number | null;
  };
}

export interface TransparencyReport {
  from: Month;
  to: Month;
  /** Every month from `to` back to `from`, newest first, months without any event included. */
  months: TransparencyMonth[];
}

/** Ten years: enough for any report an authority asks for, and a bound on the rows one request builds. */
const MAX_MONTHS = 120;

function monthIndex(month: string): number {
  const match = CALENDAR_MONTH.exec(month);
  if (!match) throw new Error(`not a month: ${month}`);
  return Number(match[1]) * 12 + Number(match[2]) - 1;
}

function monthOf(index: number): Month {
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The last `count` months up to and including the current one in Berlin. */
export function recentMonths(count = 12, now = new Date()): { from: Month; to: Month } {
  const to = berlinDate(now).slice(0, 7);
  return { from: monthOf(monthIndex(to) - count + 1), to };
}

const hours = (seconds: number | null) => (seconds === null ? null : Math.round(seconds / 360) / 10);

/** A moment's Berlin month as the rows are grouped by. */
const berlinMonth = (at: SQL) => sql`to_char(${at} at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM')`;

type NoticeRow = {
  month: Month;
  confirmed: number;
  decided: number;
  removed: number;
  kept: number;
  median_seconds: number | null;
} & Record<`ground_${NoticeGround}`, number>;

type StatementRow = {
  month: Month;
  issued: number;
  automated: number;
  law: number;
  rules: number;
  filed: number;
  objections_decided: number;
  upheld: number;
  rejected: number;
  median_seconds: number | null;
};

/**
 * The counts per month from `from` to `to` (both included). Two reads, each grouping one table's events by their
 * month: a row of the table stands for as many events as it has times (confirmed and decided; issued, objected and
 * objection decided), and each event falls into its own month.
 */
export async function transparencyReport({ from, to }: { from: Month; to: Month }): Promise<TransparencyReport> {
  const first = monthIndex(from);
  const last = monthIndex(to);
  if (last < first || last - first >= MAX_MONTHS) throw new Error(`no report from ${from} to ${to}`);
  const start = startOfBerlinMonth(from).toISOString();
  const end = startOfBerlinMonth(monthOf(last + 1)).toISOString();
  const n = legalNotices;
  const s = statementsOfReasons;
  const byGround = sql.join(
    noticeGroundValues.map(
      (ground) =>
        sql`count(*) filter (where e.event = 'confirmed' and ${n.ground} = ${ground})::int as ${sql.identifier(`ground_${ground}`)}`,
    ),
    sql`, `,
  );
  const [notices, statements] = await Promise.all([
    queryRows<NoticeRow>(sql`
      select ${berlinMonth(sql`e.at`)} as month,
        count(*) filter (where e.event = 'confirmed')::int as confirmed,
        ${byGround},
        count(*) filter (where e.event = 'decided')::int as decided,
        count(*) filter (where e.event = 'decided' and ${n.decision} = 'removed')::int as removed,
        count(*) filter (where e.event = 'decided' and ${n.decision} = 'kept')::int as kept,
        percentile_cont(0.5) within group (order by extract(epoch from ${n.decidedAt} - ${n.confirmedAt})::float8)
          filter (where e.event = 'decided') as median_seconds
      from ${n}
      cross join lateral (values ('confirmed', ${n.confirmedAt}), ('decided', ${n.decidedAt})) as e(event, at)
      where ${n.confirmedAt} is not null and e.at >= ${start}::timestamptz and e.at < ${end}::timestamptz
      group by 1`),
    queryRows<StatementRow>(sql`
      select ${berlinMonth(sql`e.at`)} as month,
        count(*) filter (where e.event = 'issued')::int as issued,
        count(*) filter (where e.event = 'issued' and ${s.automated})::int as automated,
        count(*) filter (where e.event = 'issued' and ${s.ground} = 'law')::int as law,
        count(*) filter (where e.event = 'issued' and ${s.ground} = 'rules')::int as rules,
        count(*) filter (where e.event = 'objected')::int as filed,
        count(*) filter (where e.event = 'objection-decided')::int as objections_decided,
        count(*) filter (where e.event = 'objection-decided' and ${s.objectionOutcome} = 'upheld')::int as upheld,
        count(*) filter (where e.event = 'objection-decided' and ${s.objectionOutcome} = 'rejected')::int as rejected,
        percentile_cont(0.5) within group (order by extract(epoch from ${s.objectionDecidedAt} - ${s.objectedAt})::float8)
          filter (where e.event = 'objection-decided') as median_seconds
      from ${s}
      cross join lateral (values ('issued', ${s.createdAt}), ('objected', ${s.objectedAt}), ('objection-decided', ${s.objectionDecidedAt}))
        as e(event, at)
      where e.at >= ${start}::timestamptz and e.at < ${end}::timestamptz
      group by 1`),
  ]);
  const noticesIn = new Map(notices.map((row) => [row.month, row]));
  const statementsIn = new Map(statements.map((row) => [row.month, row]));
  const months: TransparencyMonth[] = [];
  for (let index = last; index >= first; index -= 1) {
    const month = monthOf(index);
    const notice = noticesIn.get(month);
    const statement = statementsIn.get(month);
    months.push({
      month,
      notices: {
        confirmed: notice?.confirmed ?? 0,
        byGround: Object.fromEntries(noticeGroundValues.map((ground) => [ground, notice?.[`ground_${ground}`] ?? 0])) as Record<
          NoticeGround,
          number
        >,
        decided: notice?.decided ?? 0,
        removed: notice?.removed ?? 0,
        kept: notice?.kept ?? 0,
        medianHoursToDecision: hours(notice?.median_seconds ?? null),
      },
      statements: {
        issued: statement?.issued ?? 0,
        automated: statement?.automated ?? 0,
        law: statement?.law ?? 0,
        rules: statement?.rules ?? 0,
      },
      objections: {
        filed: statement?.filed ?? 0,
        decided: statement?.objections_decided ?? 0,
        upheld: statement?.upheld ?? 0,
        rejected: statement?.rejected ?? 0,
        medianHoursToDecision: hours(statement?.median_seconds ?? null),
      },
    });
  }
  return { from, to, months };
}

/** The CSV's columns, in German for whoever opens the file, each read straight from the report. */
const csvColumns: Array<[heading: string, value: (month: TransparencyMonth) => number | string | null]> = [
  ["Monat", (m) => m.month],
  ["Meldungen bestätigt", (m) => m.notices.confirmed],
  ...noticeGroundValues.map((ground): [string, (m: TransparencyMonth) => number] => [
    `Meldungen bestätigt: ${noticeGroundShortLabels[ground]}`,
    (m) => m.notices.byGround[ground],
  ]),
  ["Meldungen entschieden", (m) => m.notices.decided],
  ["Meldungen entschieden: entfernt", (m) => m.notices.removed],
  ["Meldungen entschieden: belassen", (m) => m.notices.kept],
  ["Meldungen: Median Stunden bis zur Entscheidung", (m) => m.notices.medianHoursToDecision],
  ["Begründungen erteilt", (m) => m.statements.issued],
  ["Begründungen: automatisiert", (m) => m.statements.automated],
  ["Begründungen: Grund Gesetz", (m) => m.statements.law],
  ["Begründungen: Grund AGB", (m) => m.statements.rules],
  ["Widersprüche eingelegt", (m) => m.objections.filed],
  ["Widersprüche entschieden", (m) => m.objections.decided],
  ["Widersprüche: stattgegeben", (m) => m.objections.upheld],
  ["Widersprüche: abgelehnt", (m) => m.objections.rejected],
  ["Widersprüche: Median Stunden bis zur Entscheidung", (m) => m.objections.medianHoursToDecision],
];

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
function csvField(value: number | string | null): string {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The report as CSV (RFC 4180: comma, CRLF, a header row), one row per month in the report's order. The byte order
 * mark makes Excel read it as UTF-8 (else "bestätigt" arrives garbled); numbers keep the decimal point, so a median
 * reads as one number in any program; a month without a decision has an empty median.
 */
export function transparencyCsv(report: TransparencyReport): string {
  const lines = [
    csvColumns.map(([heading]) => csvField(heading)),
    ...report.months.map((month) => csvColumns.map(([, value]) => csvField(value(month)))),
  ];
  return `\uFEFF${lines.map((fields) => `${fields.join(",")}\r\n`).join("")}`;
}

/** The download's name, dated with the day it was made in Berlin. */
export function transparencyCsvName(now = new Date()): string {
  return `transparenzbericht-${berlinDate(now)}.csv`;
}

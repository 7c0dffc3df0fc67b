import { and, asc, eq, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { profiles, type DigestPeriod } from "../../../db/schema";
import { categoryLabels, isCategory } from "~/lib/categories";
import { DIGEST_SETTING_ID, digestPeriodDays, digestPeriodPhrases, type DigestPeriodChoice } from "~/lib/digest";
import { formatLongDate } from "~/lib/format";
import { DIGEST_MAIL_KIND } from "~/lib/notifications";
import { paths } from "~/lib/paths";
import { suspendedNow } from "~/server/accounts";
import { db, escapeLike, type Database, type Transaction } from "~/server/db";
import { defineSchedule } from "~/server/jobs";
import { digestMail, queueMail, type DigestMailSection, type MailMessage } from "~/server/mail";
import { env } from "~/server/platform";
import { digestContent, isDigestEmpty, type DigestContent, type DigestReader } from "./digest-content.server";
import { unsubscribeToken } from "./notification-mail.server";

/**
 * The digest mail "Das Wichtigste aus der Community" (decision 0059). A member is due when they are approved and
 * not suspended, keep e-mail on (the master switch), have not chosen "Nie", have been away DIGEST_AFTER_DAYS, got
 * no digest within their period, and were not looked at within the last day (a look that found nothing new). The
 * job claims due members in batches with one conditional UPDATE that skips rows another run holds, and writes the
 * mail to the outbox in the same transaction: two runs at once never mail a member twice, and a claim whose mail
 * could not be written rolls back with it.
 */

// The schema's list and the card's must stay one list (the browser bundle never imports the schema): else no type check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const periodsAgree: Same<DigestPeriod, DigestPeriodChoice> = true;
void periodsAgree;

/** Members claimed per transaction: their rows stay locked while their digests are read and written. */
export const DIGEST_BATCH = 25;
/** A member with nothing new is looked at again after this long. */
export const DIGEST_RECHECK_HOURS = 24;

const periodDays = sql`case ${profiles.digestPeriod} ${sql.join(
  Object.entries(digestPeriodDays).map(([period, days]) => sql`when ${period} then ${days}::int`),
  sql` `,
)} end`;

/** The members a digest may go to now. */
function dueNow(): SQL {
  return and(
    eq(profiles.approvalStatus, "approved"),
    sql`not ${suspendedNow}`,
    eq(profiles.newsletterSubscribed, true),
    ne(profiles.digestPeriod, "never"),
    lte(profiles.lastVisitedAt, sql`now() - make_interval(days => ${env.DIGEST_AFTER_DAYS})`),
    or(isNull(profiles.digestSentAt), lte(profiles.digestSentAt, sql`now() - make_interval(days => ${periodDays})`)),
    or(isNull(profiles.digestCheckedAt), lte(profiles.digestCheckedAt, sql`now() - make_interval(hours => ${DIGEST_RECHECK_HOURS})`)),
  )!;
}

const readerFields = {
  id: profiles.id,
  email: profiles.email,
  firstName: profiles.firstName,
  expertise: profiles.expertise,
  lastVisitedAt: profiles.lastVisitedAt,
  digestSentAt: profiles.digestSentAt,
  digestPeriod: profiles.digestPeriod,
};
type Reader = DigestReader & {
  email: string;
  firstName: string;
  lastVisitedAt: Date;
  digestSentAt: Date | null;
  digestPeriod: DigestPeriod;
};

/**
 * One batch: claims up to `limit` due members and mails each what is new since their last visit, or since their last
 * digest if that came later (no discussion twice). Returns how many were claimed and how many got a mail.
 */
export async function sendDueDigests(limit = DIGEST_BATCH): Promise<{ claimed: number; sent: number }> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(dueNow())
      .orderBy(asc(profiles.lastVisitedAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    const claimed = await tx
      .update(profiles)
      .set({ digestCheckedAt: sql`now()` })
      .where(inArray(profiles.id, due))
      .returning(readerFields);
    let sent = 0;
    for (const reader of claimed) {
      const since = reader.digestSentAt && reader.digestSentAt > reader.lastVisitedAt ? reader.digestSentAt : reader.lastVisitedAt;
      const message = await buildDigest(reader, since, tx);
      if (!message) continue;
      await queueMail(message, tx);
      await tx
        .update(profiles)
        .set({ digestSentAt: sql`now()` })
        .where(eq(profiles.id, reader.id));
      sent++;
    }
    return { claimed: claimed.length, sent };
  });
}

/** Batches until no member is due. */
export async function sendAllDueDigests(): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await sendDueDigests();
    sent += batch.sent;
    if (batch.claimed === 0) return sent;
  }
}

defineSchedule("digest-mails", { everySeconds: 15 * 60, run: async () => void (await sendAllDueDigests()) });

/** The digest as `reader` would get it, or null when nothing is new since `since`. */
async function buildDigest(reader: Reader, since: Date, executor: Database | Transaction): Promise<MailMessage | null> {
  const content = await digestContent(reader, since, executor);
  if (isDigestEmpty(content)) return null;
  const visit = formatLongDate(reader.lastVisitedAt);
  return digestMail({
    to: reader.email,
    name: reader.firstName,
    opening:
      since > reader.lastVisitedAt
        ? `seit Ihrem letzten Besuch am ${visit} ist einiges passiert. Das ist neu seit unserer letzten Zusammenfassung vom ${formatLongDate(since)}:`
        : `das ist neu seit Ihrem letzten Besuch am ${visit}:`,
    sections: sectionsOf(content, reader.expertise),
    more: moreText(content.more),
    homeUrl: `${env.PUBLIC_URL}${paths.home}`,
    settingsUrl: `${env.PUBLIC_URL}${paths.profile(reader.id)}#${DIGEST_SETTING_ID}`,
    unsubscribeUrl: `${env.PUBLIC_URL}${paths.unsubscribe(unsubscribeToken(reader.id, [DIGEST_MAIL_KIND]))}`,
    // A member who chose "Nie" gets none; their preview words the footer as the default period would.
    periodPhrase: digestPeriodPhrases[reader.digestPeriod === "never" ? "weekly" : reader.digestPeriod],
  });
}

const answers = (n: number) => (n === 1 ? "1 neue Antwort" : `${n} neue Antworten`);

function sectionsOf(content: DigestContent, expertise: string): DigestMailSection[] {
  const link = (item: { slug: string; title: string; category: keyof typeof categoryLabels }, note: string) => ({
    title: item.title,
    url: `${env.PUBLIC_URL}${paths.discussion(item.slug)}`,
    note: `${categoryLabels[item.category]} · ${note}`,
  });
  const sections: DigestMailSection[] = [
    {
      heading: "Neue Lösungen in Ihren Themen",
      items: content.solved.map((item) => link(item, item.solverName ? `Gelöst, Lösung von ${item.solverName}` : "Gelöst")),
    },
    {
      heading: `Noch ohne Antwort in ${isCategory(expertise) ? categoryLabels[expertise] : "Ihrem Fachgebiet"}`,
      items: content.unanswered.map((item) => link(item, "Noch keine Antwort – vielleicht wissen Sie Rat?")),
    },
    {
      heading: "Besonders hilfreich",
      items: content.helpful.map((item) => link(item, item.marks === 1 ? "einmal „Hilfreich“" : `${item.marks}-mal „Hilfreich“`)),
    },
    {
      heading: "Meistdiskutiert",
      items: content.active.map((item) =>
        link(item, item.isNew ? `Neue Diskussion${item.newAnswers > 0 ? `, ${answers(item.newAnswers)}` : ""}` : answers(item.newAnswers)),
      ),
    },
  ];
  return sections.filter((section) => section.items.length > 0);
}

function moreText({ discussions, answers: count }: DigestContent["more"]): string | null {
  const parts = [
    ...(discussions > 0 ? [discussions === 1 ? "1 weitere Diskussion" : `${discussions} weitere Diskussionen`] : []),
    ...(count > 0 ? [count === 1 ? "1 Antwort in anderen Diskussionen" : `${count} Antworten in anderen Diskussionen`] : []),
  ];
  return parts.length > 0 ? `Außerdem neu: ${parts.join(" und ")}.` : null;
}

// ---------------------------------------------------------------------------
// The administrator's preview (/admin/digest): any member's digest, never sent.
// ---------------------------------------------------------------------------

export interface DigestPreview {
  member: { id: string; name: string; email: string; lastVisitedAt: Date; digestSentAt: Date | null; period: DigestPeriod };
  /** Why no digest goes to this member at all, or null. */
  blocked: string | null;
  /** From when the job would mail them (away long enough, their period over), unless blocked. */
  dueFrom: Date | null;
  /** The digest of what is new since their last visit; null when nothing is. */
  message: MailMessage | null;
}

/**
 * The digest `memberId` would get, built from what is new since their last visit (whatever digests went out since:
 * the preview shows the whole picture), with the reasons the job would not send it. Null for an unknown member.
 */
export async function previewDigest(memberId: string): Promise<DigestPreview | null> {
  const [row] = await db
    .select({
      ...readerFields,
      lastName: profiles.lastName,
      approvalStatus: profiles.approvalStatus,
      suspended: suspendedNow,
      newsletter: profiles.newsletterSubscribed,
    })
    .from(profiles)
    .where(eq(profiles.id, memberId));
  if (!row) return null;
  const blocked =
    row.approvalStatus !== "approved"
      ? "Das Konto ist nicht freigeschaltet."
      : row.suspended
        ? "Das Mitglied ist gesperrt."
        : !row.newsletter
          ? "Das Mitglied hat E-Mail-Benachrichtigungen ausgeschaltet."
          : row.digestPeriod === "never"
            ? "Das Mitglied hat die Zusammenfassung abbestellt („Nie“)."
            : null;
  const awayUntil = row.lastVisitedAt.getTime() + env.DIGEST_AFTER_DAYS * 86_400_000;
  const periodOver =
    row.digestSentAt && row.digestPeriod !== "never" ? row.digestSentAt.getTime() + digestPeriodDays[row.digestPeriod] * 86_400_000 : 0;
  return {
    member: {
      id: row.id,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
      lastVisitedAt: row.lastVisitedAt,
      digestSentAt: row.digestSentAt,
      period: row.digestPeriod,
    },
    blocked,
    dueFrom: blocked ? null : new Date(Math.max(awayUntil, periodOver)),
    message: await buildDigest(row, row.lastVisitedAt, db),
  };
}

/** Members to preview: those matching `query` (name or address), or else the approved ones away longest. */
export async function digestPreviewCandidates(query: string, limit = 20) {
  const pattern = `%${escapeLike(query.trim())}%`;
  return db
    .select({
      id: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: profiles.email,
      lastVisitedAt: profiles.lastVisitedAt,
    })
    .from(profiles)
    .where(
      query.trim()
        ? or(ilike(profiles.firstName, pattern), ilike(profiles.lastName, pattern), ilike(profiles.email, pattern))
        : eq(profiles.approvalStatus, "approved"),
    )
    .orderBy(asc(profiles.lastVisitedAt), asc(profiles.id))
    .limit(limit);
}

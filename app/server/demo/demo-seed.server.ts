import { randomBytes, randomUUID } from "node:crypto";
import { count, sql } from "drizzle-orm";
import {
  comments,
  discussions,
  discussionTags,
  events,
  helpfulMarks,
  profiles,
  reports,
  reviewItems,
  tags,
  watchedTerms,
} from "../../../db/schema";
import {
  demoDiscussions,
  demoHeldComment,
  demoMembers,
  demoNewcomer,
  demoReports,
  demoTags,
  type DemoComment,
} from "../../../db/seed/demo-content";
import { tagSlug } from "~/lib/tags";
import { recountTags } from "~/server/tags";
import { postContent } from "~/lib/links";
import { slugify } from "~/lib/slug";
import { unqualified, type Database } from "~/server/db";
import { base32 } from "@better-auth/utils/base32";
import { createMemberAccount, ensureAdmin, hashMemberPassword, holdReasons, setUpAppWithKey } from "~/server/accounts";
import { heldValues, richTextForStorage } from "~/server/discussions";
import { reportWeight } from "~/server/moderation";
import { plainTextToHtml, quoteHtml } from "~/lib/rich-text";
import { commentPermalink } from "~/lib/paths";
import { seedLegalDemo } from "./demo-legal.server";
import { seedSettingsDemo } from "./demo-settings.server";
import { seedDemoDraftAndRevision } from "./demo-drafts.server";
import { addDemoCommentImage, addDemoImage } from "./demo-images.server";
import { demoEvents, demoWatchedTerms, seedBookmarks, seedSearchDemo } from "./demo-extras.server";
import { seedWatcherAway } from "./demo-digest.server";
import { DAY, estimateViews, HOUR } from "./demo-time.server";
import { seedMessagesDemo } from "./demo-messages.server";

export const DEMO_ADMIN_EMAIL = "admin@example.com";
/** All demo members share this password, so a developer can sign in as any of them. */
export const DEMO_MEMBER_PASSWORD = "demo-passwort";

export interface DemoSeedResult {
  adminEmail: string;
  adminPassword: string;
  /** The authenticator-app key of the administrator and the moderators (Base32): the second factor staff need. */
  staffAppKey: string;
  members: number;
  discussions: number;
  comments: number;
  events: number;
}

/**
 * What the start message prints, once: the administrator's sign-in and the app key of the demo's staff, which an
 * authenticator app takes as it is.
 */
export function demoSignInText(result: Pick<DemoSeedResult, "adminEmail" | "adminPassword" | "staffAppKey">): string {
  return [
    "Admin-Anmeldung:",
    `    E-Mail:   ${result.adminEmail}`,
    `    Passwort: ${result.adminPassword}`,
    `    Zweiter Faktor (Authenticator-App, auch für die Demo-Moderatoren): ${result.staffAppKey}`,
    "    Den Schlüssel in einer Authenticator-App als Konto hinzufügen; sie zeigt den sechsstelligen Code nach dem Passwort.",
  ].join("\n");
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: count() }).from(profiles);
  return (row?.value ?? 0) === 0;
}

/**
 * Fills an empty database with German demo content: members (some pending,
 * one rejected), an administrator, discussions in every category with
 * comments and replies, and a few events. Dates are spread backwards from now.
 */
export async function seedDemoContent(
  db: Database,
  options: { adminPassword?: string; staffAppKey?: string; now?: Date } = {},
): Promise<DemoSeedResult> {
  const now = options.now ?? new Date();
  const adminPassword = options.adminPassword ?? randomBytes(12).toString("base64url");
  const staffAppKey = options.staffAppKey ?? base32.encode(randomBytes(20), { padding: false });
  const memberHash = await hashMemberPassword(DEMO_MEMBER_PASSWORD);

  // A member's join date lies before their first post, whatever the content file says.
  const firstActivity = new Map<string, number>();
  const noteActivity = (key: string, at: number) =>
    firstActivity.set(key, Math.min(firstActivity.get(key) ?? Number.POSITIVE_INFINITY, at));

  type PlannedComment = {
    id: string;
    parentId: string | null;
    author: string;
    content: string;
    at: number;
    /** The words of the comment it answers that it quotes, and that comment's author. */
    quote: { text: string; author: string } | null;
    image: DemoComment["image"] | null;
  };
  const planned = demoDiscussions.map((discussion) => {
    const createdAt = now.getTime() - discussion.daysAgo * DAY;
    noteActivity(discussion.author, createdAt);
    const plannedComments: PlannedComment[] = [];
    let cursor = createdAt;
    const place = (comment: DemoComment, parent: PlannedComment | null, after: number): PlannedComment => {
      // Keep every comment in the past and after the one it follows.
      const at = Math.min(after + comment.hoursAfterPrevious * HOUR, now.getTime() - 60_000);
      if (comment.quotes && !parent?.content.includes(comment.quotes))
        throw new Error(`Demo-Inhalt: "${comment.quotes}" steht nicht in dem Kommentar, den ${comment.author} zitiert`);
      const placed = {
        id: randomUUID(),
        parentId: parent?.id ?? null,
        author: comment.author,
        content: comment.content,
        at: Math.max(at, after + 1000),
        quote: comment.quotes && parent ? { text: comment.quotes, author: parent.author } : null,
        image: comment.image ?? null,
      };
      noteActivity(comment.author, placed.at);
      plannedComments.push(placed);
      return placed;
    };
    for (const comment of discussion.comments) {
      const top = place(comment, null, cursor);
      cursor = top.at;
      let replyCursor = top.at;
      for (const reply of comment.replies ?? []) {
        replyCursor = place(reply, top, replyCursor).at;
      }
    }
    return { discussion, createdAt, comments: plannedComments };
  });

  const memberIds = new Map<string, string>();
  const adminCreatedAt = new Date(now.getTime() - 220 * DAY);
  // The same path as `npm run admin:create`.
  const { id: adminId } = await ensureAdmin(db, {
    email: DEMO_ADMIN_EMAIL,
    password: adminPassword,
    firstName: "Katharina",
    lastName: "Berger",
    company: "Nordstern Werbeagentur GmbH",
    bio: "Ich betreue die Community für die Nordstern Werbeagentur und schalte neue Mitglieder frei.",
    createdAt: adminCreatedAt,
  });

  for (const member of demoMembers) {
    const joined = now.getTime() - member.joinedDaysAgo * DAY;
    const createdAt = new Date(Math.min(joined, (firstActivity.get(member.key) ?? joined) - DAY));
    const id = await createMemberAccount(db, {
      email: member.email,
      password: { hash: memberHash },
      firstName: member.firstName,
      lastName: member.lastName,
      company: member.company,
      expertise: member.expertise,
      experience: member.experience,
      bio: member.bio,
      newsletterSubscribed: member.newsletter,
      approvalStatus: member.approvalStatus,
      role: member.role,
      emailVerified: true,
      createdAt,
    });
    memberIds.set(member.key, id);
    // Staff powers need a second factor (decision 0050): the demo's moderators share the administrator's app key.
    if (member.role === "moderator") await setUpAppWithKey(db, id, staffAppKey);
  }
  await setUpAppWithKey(db, adminId, staffAppKey);

  const authorId = (key: string): string => {
    const id = memberIds.get(key);
    if (!id) throw new Error(`Demo-Inhalt verweist auf unbekanntes Mitglied "${key}"`);
    return id;
  };
  const firstNameOf = (key: string): string => demoMembers.find((member) => member.key === key)?.firstName ?? "";

  const usedSlugs = new Set<string>();
  const uniqueSlug = (title: string) => {
    const base = slugify(title);
    let slug = base;
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${base}-${n}`;
    usedSlugs.add(slug);
    return slug;
  };

  // Who found what helpful: a steady pick among the approved members (never the post's own author), so every
  // start shows the same forum; accepted answers collect more.
  const approvedKeys = demoMembers.filter((member) => member.approvalStatus === "approved").map((member) => member.key);
  const markers = (seed: string, author: string, howMany: number) => {
    const start = [...seed].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 1_000_003, 7);
    const others = approvedKeys.filter((key) => key !== author);
    return Array.from({ length: Math.min(howMany, others.length) }, (_, index) => others[(start + index * 5) % others.length]!).filter(
      (key, index, all) => all.indexOf(key) === index,
    );
  };
  const marksFor = (seed: string, author: string, extra = 0) => markers(seed, author, (seed.length % 4) + extra);

  let commentTotal = 0;
  const discussionIds = new Map<string, string>();
  await db.transaction(async (tx) => {
    const marks: (typeof helpfulMarks.$inferInsert)[] = [];
    const seeded: { id: string; author: string; comments: PlannedComment[] }[] = [];
    for (const { discussion, createdAt, comments: threadComments } of planned) {
      const id = randomUUID();
      discussionIds.set(discussion.title, id);
      const solution = discussion.solvedBy
        ? threadComments.find((comment) => comment.parentId === null && comment.author === discussion.solvedBy)
        : undefined;
      if (discussion.solvedBy && !solution)
        throw new Error(`Demo-Inhalt: keine Antwort von "${discussion.solvedBy}" in "${discussion.title}"`);
      const slug = uniqueSlug(discussion.title);
      await tx.insert(discussions).values({
        id,
        slug,
        title: discussion.title,
        content: richTextForStorage(discussion.content),
        category: discussion.category,
        authorId: authorId(discussion.author),
        isPinned: discussion.pinned ?? false,
        repliesCount: threadComments.length,
        viewsCount: estimateViews(threadComments.length, now.getTime() - createdAt),
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
        // The page last changed with its newest comment, as if the thread had been written over those days.
        changedAt: new Date(Math.max(createdAt, ...threadComments.map((comment) => comment.at))),
      });
      for (const key of marksFor(discussion.title, discussion.author))
        marks.push({ memberId: authorId(key), discussionId: id, commentId: null, createdAt: new Date(createdAt + HOUR) });
      if (threadComments.length > 0) {
        await tx.insert(comments).values(
          threadComments.map((comment) => ({
            id: comment.id,
            discussionId: id,
            parentId: comment.parentId,
            authorId: authorId(comment.author),
            // Rich text as a member writes it now (decision 0040), a quote before its own words (the demo's threads fit one page).
            content: richTextForStorage(
              `${comment.quote ? quoteHtml({ ...comment.quote, author: firstNameOf(comment.quote.author), href: commentPermalink(slug, 1, comment.parentId!) }) : ""}${comment.content}`,
            ),
            contentFormat: "html" as const,
            createdAt: new Date(comment.at),
            updatedAt: new Date(comment.at),
          })),
        );
        for (const comment of threadComments)
          for (const key of marksFor(comment.content, comment.author, comment === solution ? 3 : 0))
            marks.push({ memberId: authorId(key), discussionId: id, commentId: comment.id, createdAt: new Date(comment.at + HOUR) });
      }
      if (solution) {
        // The asker chose a day after the answer (the page's last change stays the newest comment's).
        await tx
          .update(discussions)
          .set({ solutionCommentId: solution.id, solvedAt: new Date(solution.at + DAY), solvedBy: authorId(discussion.author) })
          .where(sql`${discussions.id} = ${id}`);
      }
      commentTotal += threadComments.length;
      seeded.push({ id, author: discussion.author, comments: threadComments });
    }
    // The tags of the trade (decision 0053), written by the administrator with their descriptions, and 1–3 per discussion.
    const tagIds = new Map(
      (
        await tx
          .insert(tags)
          .values(demoTags.map(({ name, description }) => ({ name, description, slug: tagSlug(name), createdBy: adminId })))
          .returning({ id: tags.id, name: tags.name })
      ).map((row) => [row.name, row.id]),
    );
    await tx.insert(discussionTags).values(
      demoDiscussions.flatMap((discussion) =>
        discussion.tags.map((name) => {
          const tagId = tagIds.get(name);
          if (!tagId) throw new Error(`Demo-Inhalt: kein Schlagwort "${name}" in demoTags`);
          return { discussionId: discussionIds.get(discussion.title)!, tagId };
        }),
      ),
    );
    await recountTags(tx, [...tagIds.values()]);
    await tx.insert(helpfulMarks).values(marks);
    // The counts as the services keep them: per post, and per author for their reputation.
    await tx.execute(sql`update ${comments} set ${unqualified(comments.helpfulCount)} =
      (select count(*) from ${helpfulMarks} where ${helpfulMarks.commentId} = ${comments.id})`);
    await tx.execute(sql`update ${discussions} set ${unqualified(discussions.helpfulCount)} =
      (select count(*) from ${helpfulMarks} where ${helpfulMarks.discussionId} = ${discussions.id} and ${helpfulMarks.commentId} is null)`);
    await tx.execute(sql`update ${profiles} set
      ${unqualified(profiles.helpfulReceived)} =
        (select coalesce(sum(${comments.helpfulCount}), 0) from ${comments} where ${comments.authorId} = ${profiles.id})
        + (select coalesce(sum(${discussions.helpfulCount}), 0) from ${discussions} where ${discussions.authorId} = ${profiles.id}),
      ${unqualified(profiles.solutionsCount)} =
        (select count(*) from ${discussions} join ${comments} on ${comments.id} = ${discussions.solutionCommentId}
          where ${comments.authorId} = ${profiles.id} and ${comments.authorId} is distinct from ${discussions.authorId})`);
    await tx.insert(events).values(demoEvents(now).map((event) => ({ ...event, createdBy: adminId })));
    await seedBookmarks(tx, now, [...approvedKeys.map((key) => ({ key, id: authorId(key) })), { key: "", id: adminId }], seeded);
    // A few watched words and domains, so /admin/watch-list shows how the lists work (the e-mail domains come with the migration).
    await tx.insert(watchedTerms).values(demoWatchedTerms.map((entry) => ({ ...entry, createdBy: adminId })));
  });
  await seedDemoDraftAndRevision(db, now);

  await addDemoImage(db, authorId);
  for (const { comments: threadComments } of planned)
    for (const comment of threadComments)
      if (comment.image) await addDemoCommentImage(db, authorId(comment.author), comment.id, comment.image);

  // The review queue: the newcomer's held comment and a few open reports.
  const newcomerId = await createMemberAccount(db, {
    ...demoNewcomer,
    password: { hash: memberHash },
    approvalStatus: "approved",
    role: "member",
    emailVerified: true,
    newsletterSubscribed: false,
    createdAt: new Date(now.getTime() - demoNewcomer.joinedDaysAgo * DAY),
  });
  await db.transaction(async (tx) => {
    const heldIn = discussionIds.get(demoHeldComment.discussionTitle);
    if (!heldIn) throw new Error(`Demo-Inhalt: keine Diskussion "${demoHeldComment.discussionTitle}"`);
    // The same decision a new comment meets: a new member, three links.
    const content = richTextForStorage(plainTextToHtml(demoHeldComment.content));
    const reasons = holdReasons({ id: newcomerId, isStaff: false, isNew: true }, postContent(content, "html"));
    const heldAt = new Date(now.getTime() - demoHeldComment.hoursAgo * HOUR);
    const [held] = await tx
      .insert(comments)
      .values({
        discussionId: heldIn,
        authorId: newcomerId,
        content,
        contentFormat: "html",
        ...heldValues(reasons),
        heldAt,
        hiddenAt: heldAt,
        createdAt: heldAt,
        updatedAt: heldAt,
      })
      .returning({ id: comments.id });
    await tx
      .insert(reviewItems)
      .values({ kind: "held", discussionId: heldIn, commentId: held!.id, memberId: newcomerId, createdAt: heldAt });

    const items = new Map<string, string>();
    for (const report of demoReports) {
      const entry = planned.find((candidate) => candidate.discussion.title === report.discussionTitle);
      const target = report.comment === null ? null : entry?.comments.filter((comment) => comment.parentId === null)[report.comment];
      if (!entry || (report.comment !== null && !target)) throw new Error(`Demo-Inhalt: kein Beitrag zu "${report.discussionTitle}"`);
      const author = target?.author ?? entry.discussion.author;
      if (author === report.reporter) throw new Error(`Demo-Inhalt: ${report.reporter} meldet den eigenen Beitrag`);
      const discussionId = discussionIds.get(report.discussionTitle)!;
      const at = new Date(now.getTime() - report.hoursAgo * HOUR);
      const key = `${discussionId}:${target?.id ?? ""}`;
      if (!items.has(key)) {
        const [item] = await tx
          .insert(reviewItems)
          .values({ kind: "report", discussionId, commentId: target?.id ?? null, memberId: authorId(author), createdAt: at })
          .returning({ id: reviewItems.id });
        items.set(key, item!.id);
      }
      // Weighed as a report of theirs would be now: the items stay below REPORTS_TO_HIDE, as their visible posts say.
      const member = demoMembers.find((candidate) => candidate.key === report.reporter)!;
      const reporter = { id: authorId(report.reporter), role: member.role, approvalStatus: member.approvalStatus };
      await tx.insert(reports).values({
        reviewItemId: items.get(key)!,
        discussionId,
        commentId: target?.id ?? null,
        reporterId: reporter.id,
        reason: report.reason,
        note: report.note ?? null,
        weight: await reportWeight(tx, reporter),
        createdAt: at,
      });
    }
  });

  // Felix: a member of long standing whom no e2e test signs in as (e2e/auth-helpers.ts), so his bell and digest are the demo's.
  await seedLegalDemo(db, authorId("lena"), authorId("felix"));
  await seedWatcherAway(db, authorId("felix"), now);
  // Two versions of the operator's settings, so /admin/settings shows its version list and a diff.
  await seedSettingsDemo(db, adminId, now);
  await seedSearchDemo(db, now);
  await seedMessagesDemo(db, authorId, now);

  return {
    adminEmail: DEMO_ADMIN_EMAIL,
    adminPassword,
    staffAppKey,
    members: demoMembers.length + 2,
    discussions: planned.length,
    comments: commentTotal,
    events: demoEvents(now).length,
  };
}

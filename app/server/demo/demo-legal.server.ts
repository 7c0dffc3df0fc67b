import { and, asc, eq, isNull, notExists, sql } from "drizzle-orm";
import { comments, discussions, legalNotices, reviewItems, statementsOfReasons } from "../../../db/schema";
import type { NoticeGround } from "~/lib/legal";
import { commentHref } from "~/server/discussions";
import { findViewer } from "~/server/accounts";
import { decideReview, queueNotice } from "~/server/moderation";
import { objectToStatement } from "~/server/legal";
import { env, visible } from "~/server/platform";
import type { Database } from "~/server/db";

/**
 * Notice and action in the demo (decision 0048), written through the services so the statement of reasons, the
 * notifier's mails and the team's notifications are the real ones: an open legal notice from a guest, a notice the
 * moderator Lena decided by hiding the comment (statement of reasons sent), and the author's objection to it, waiting
 * for another member of the team (Jürgen or the administrator).
 */
const openNotice = {
  ground: "competition" as NoticeGround,
  explanation:
    "Der Kommentar empfiehlt ein Tool als unabhängige Erfahrung, ohne offenzulegen, dass der Verfasser an dem Anbieter beteiligt ist (Schleichwerbung, § 5a Abs. 4 UWG).",
  name: "Katrin Vogel",
  email: "katrin.vogel@example.net",
};
const decidedNotice = {
  ground: "insult" as NoticeGround,
  explanation:
    "Der Kommentar unterstellt einer erkennbar gemeinten Agentur aus Köln, Kunden systematisch zu täuschen. Das ist eine unwahre, rufschädigende Tatsachenbehauptung (§ 186 StGB).",
  name: "Markus Brandt",
  email: "markus.brandt@example.net",
};
const demoObjection =
  "Ich habe keine Agentur genannt und nur beschrieben, was ich in einem eigenen Projekt erlebt habe. Ich bitte darum, den Kommentar wiederherzustellen.";

export async function seedLegalDemo(db: Database, moderatorId: string, authorId: string): Promise<void> {
  // Two published top-level comments of one ordinary member that nobody reported yet, oldest first: stable for a fresh
  // seed. One author, chosen by the caller, so the notices and the bell they bring reach nobody the e2e roles sign in as.
  const targets = await db
    .select({ id: comments.id, discussionId: comments.discussionId, authorId: comments.authorId, slug: discussions.slug })
    .from(comments)
    .innerJoin(discussions, eq(discussions.id, comments.discussionId))
    .where(
      and(
        eq(comments.authorId, authorId),
        visible.comment(),
        isNull(comments.parentId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(reviewItems)
            .where(eq(reviewItems.discussionId, comments.discussionId)),
        ),
      ),
    )
    .orderBy(asc(comments.createdAt))
    .limit(2);
  if (targets.length < 2) throw new Error("Demo-Inhalt: keine zwei Kommentare für die rechtlichen Meldungen");
  const moderator = await findViewer(moderatorId);
  if (!moderator) throw new Error("Demo-Inhalt: keine Moderatorin für die rechtlichen Meldungen");

  const itemIds: string[] = [];
  for (const [index, notice] of [openNotice, decidedNotice].entries()) {
    const target = targets[index]!;
    const location = `${env.PUBLIC_URL}${await commentHref({ id: target.discussionId, slug: target.slug }, target.id)}`;
    const itemId = await db.transaction(async (tx) => {
      const id = await queueNotice(tx, { discussionId: target.discussionId, commentId: target.id }, target.authorId);
      await tx.insert(legalNotices).values({
        discussionId: target.discussionId,
        commentId: target.id,
        location,
        ground: notice.ground,
        explanation: notice.explanation,
        notifierName: notice.name,
        notifierEmail: notice.email,
        reviewItemId: id,
        confirmedAt: new Date(),
      });
      return id;
    });
    itemIds.push(itemId);
  }
  const decided = await decideReview(moderator, { itemId: itemIds[1]!, decision: "hide" });
  if (!decided.ok) throw new Error(`Demo-Inhalt: rechtliche Meldung nicht entschieden (${decided.reason})`);
  const author = await findViewer(targets[1]!.authorId!);
  const [statement] = await db
    .select({ id: statementsOfReasons.id })
    .from(statementsOfReasons)
    .where(eq(statementsOfReasons.commentId, targets[1]!.id));
  if (!author || !statement) throw new Error("Demo-Inhalt: keine Begründung für den Widerspruch");
  const objected = await objectToStatement(author, { statementId: statement.id, objection: demoObjection });
  if (!objected.ok) throw new Error(`Demo-Inhalt: Widerspruch nicht gespeichert (${objected.reason})`);
}

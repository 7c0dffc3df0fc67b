import { eq } from "drizzle-orm";
import { discussions, drafts, postRevisions, profiles } from "../../../db/schema";
import type { Database } from "~/server/db";
import { DAY } from "./demo-time.server";

/** The demo discussion whose author corrected her figures a day after posting (the "Bearbeitet" a newcomer can open). */
const EDITED_TITLE = "INP unter 200 ms: Unsere Erfahrungen nach dem Umbau des Shop-Themes";
/** Its figures as first posted: the edit changed "190 ms" to "180 ms (75. Perzentil)". */
const FIRST_VERSION = (content: string) => content.replace("bei 180 ms (75. Perzentil)", "bei 190 ms");

/** A demo member who began a reply and has not sent it (her profile lists it under "Entwürfe"). */
const DRAFT_AUTHOR_EMAIL = "katrin.schaefer@example.com";
const DRAFT_TEXT =
  "Spannend, danke für die Zahlen! Bei uns hat das Nachladen des Chat-Widgets allein schon 60 ms gebracht. Habt ihr scheduler.yield auch in Safari getestet, oder";

/**
 * Drafts and edit history in the demo (decision 0037): one discussion with an edit and the version it replaced,
 * one member with a half-written reply. Written after the demo content, by its titles and addresses.
 */
export async function seedDemoDraftAndRevision(db: Database, now: Date): Promise<void> {
  const [edited] = await db
    .select({ id: discussions.id, content: discussions.content, authorId: discussions.authorId, createdAt: discussions.createdAt })
    .from(discussions)
    .where(eq(discussions.title, EDITED_TITLE));
  if (edited) {
    const editedAt = new Date(edited.createdAt.getTime() + DAY);
    await db.insert(postRevisions).values({
      discussionId: edited.id,
      number: 1,
      title: EDITED_TITLE,
      content: FIRST_VERSION(edited.content),
      contentFormat: "html",
      editorId: edited.authorId,
      byModeration: false,
      createdAt: editedAt,
    });
    await db.update(discussions).set({ updatedAt: editedAt }).where(eq(discussions.id, edited.id));
  }
  const [member] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, DRAFT_AUTHOR_EMAIL));
  if (edited && member) {
    await db.insert(drafts).values({
      memberId: member.id,
      discussionId: edited.id,
      content: DRAFT_TEXT,
      contentFormat: "text",
      createdAt: new Date(now.getTime() - 3 * 3_600_000),
      updatedAt: new Date(now.getTime() - 2 * 3_600_000),
    });
  }
}

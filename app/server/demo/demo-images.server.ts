import { eq } from "drizzle-orm";
import sharp from "sharp";
import { comments, discussions, messages } from "../../../db/schema";
import { demoDiscussions, type DemoComment } from "../../../db/seed/demo-content";
import { escapeHtml } from "~/lib/rich-text";
import type { Database, Transaction } from "~/server/db";
import { storePostImage } from "~/server/images";

/** The demo's pictures: charts drawn with sharp when the content is seeded, stored as a member's upload would be. */

/** The discussion that shows a picture: a chart like the Search Console's, drawn here. */
const IMAGE_DISCUSSION = "AI Overviews fressen unsere Klicks: CTR-Einbruch von 38 % bei Ratgebern";

/**
 * A post with an image, as a member would have pasted it: a bar chart of
 * weekly clicks (drawn with sharp, no file shipped), with its description.
 */
export async function addDemoImage(db: Database, authorId: (key: string) => string) {
  const planned = demoDiscussions.find((discussion) => discussion.title === IMAGE_DISCUSSION);
  if (!planned) throw new Error(`Demo-Inhalt: Diskussion "${IMAGE_DISCUSSION}" fehlt`);
  const [row] = await db
    .select({ id: discussions.id, content: discussions.content })
    .from(discussions)
    .where(eq(discussions.title, IMAGE_DISCUSSION));
  if (!row) return;
  const html = await storePostImage(db, {
    ownerId: authorId(planned.author),
    post: { discussionId: row.id },
    bytes: await barChart({
      title: "Klicks pro Woche (Ratgeber)",
      values: [980, 1010, 995, 1030, 1005, 870, 720, 650, 640, 615, 630, 610],
      breakAt: 5,
    }),
    name: "klicks-ratgeber.png",
    alt: "Balkendiagramm der wöchentlichen Klicks auf Ratgeberseiten: rund 1.000 Klicks pro Woche, ab der sechsten Woche ein Einbruch auf etwa 620",
  });
  await db
    .update(discussions)
    .set({ content: `${row.content}${html}` })
    .where(eq(discussions.id, row.id));
}

/** A comment's chart, stored like an upload and already in its comment. */
export async function addDemoCommentImage(db: Database, ownerId: string, commentId: string, image: NonNullable<DemoComment["image"]>) {
  const html = await storePostImage(db, { ownerId, post: { commentId }, bytes: await barChart(image), name: image.name, alt: image.alt });
  const [row] = await db.select({ content: comments.content }).from(comments).where(eq(comments.id, commentId));
  await db
    .update(comments)
    .set({ content: `${row!.content}${html}` })
    .where(eq(comments.id, commentId));
}

/** A direct message's chart (decision 0062), stored like an upload and already in its message: for its participants only. */
export async function addDemoMessageImage(tx: Transaction, ownerId: string, messageId: string, image: NonNullable<DemoComment["image"]>) {
  const html = await storePostImage(tx, { ownerId, post: { messageId }, bytes: await barChart(image), name: image.name, alt: image.alt });
  const [row] = await tx.select({ content: messages.content }).from(messages).where(eq(messages.id, messageId));
  await tx
    .update(messages)
    .set({ content: `${row!.content}${html}` })
    .where(eq(messages.id, messageId));
}

/** A bar chart like the Search Console's, drawn with sharp (no file shipped): blue bars, red from `breakAt` on. */
async function barChart({ title, values, breakAt }: { title: string; values: number[]; breakAt: number }): Promise<Buffer> {
  const top = Math.max(...values);
  const bars = values
    .map((value, week) => {
      const height = Math.round((value / top) * 440);
      return `<rect x="${70 + week * 72}" y="${520 - height}" width="50" height="${height}" rx="4" fill="${week < breakAt ? "#2563eb" : "#dc2626"}"/>`;
    })
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600">
    <rect width="960" height="600" fill="#ffffff"/>
    <text x="40" y="50" font-family="sans-serif" font-size="26" fill="#0f172a">${escapeHtml(title)}</text>
    <line x1="50" y1="520" x2="930" y2="520" stroke="#64748b" stroke-width="2"/>${bars}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Images in direct messages (decisions 0033, 0062): a message takes the writer's own unused uploads (described, at
 * most IMAGES_PER_POST), on sending and on an edit within the window, as a comment does; its image is served to
 * the conversation's participants only, never stored by a cache, and to nobody once the moderation hid the message
 * (staff included, as for the conversation); the cleanup keeps it; the moderation's window reads its description as
 * text; the data export keeps the message's HTML.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages, postImages } from "../../db/schema";
import { imageTexts, IMAGES_PER_POST } from "~/lib/post-images";
import type { Viewer } from "~/server/accounts";
import { db, readValue } from "~/server/db";
import { createComment } from "~/server/discussions";
import { readPostImage, removeUnusedImages } from "~/server/images";
import {
  conversationThread,
  editMessage,
  exportConversations,
  leaveConversation,
  listConversations,
  messageDraftOf,
  saveMessageDraft,
  sendMessage,
  startConversation,
} from "~/server/messages";
import { decideReview, listReviewQueue, reportMessage } from "~/server/moderation";
import { discussionBy } from "../support/content";
import { as, asGuest, imageTag, uploadedBy } from "../support/images";
import { makeViewer } from "../support/members";
import { conversationOf } from "../support/messages";

let aylin: Viewer;
let markus: Viewer;
let third: Viewer;
let outsider: Viewer;
let moderator: Viewer;
let admin: Viewer;

beforeAll(async () => {
  [aylin, markus, third, outsider, moderator, admin] = await Promise.all([
    makeViewer({ firstName: "Aylin", lastName: "Demir", established: true }),
    makeViewer({ firstName: "Markus", lastName: "Weber", established: true }),
    makeViewer({ firstName: "Dritte", lastName: "Person" }),
    makeViewer({ firstName: "Aussen", lastName: "Stehend", established: true }),
    makeViewer({ role: "moderator", firstName: "Mod" }),
    makeViewer({ role: "admin", firstName: "Admin" }),
  ]);
});

const ALT = "Balkendiagramm der Klicks im Oktober";

/** A conversation of Aylin and Markus in which `by` sends a message with a new upload of theirs; its ids. */
async function messageWithImage(by: Viewer = aylin, members: Viewer[] = [markus]) {
  const conversationId = await conversationOf(aylin, members);
  const image = await uploadedBy(by);
  const sent = await sendMessage(by, { conversationId, content: imageTag(image, ALT), contentFormat: "html" });
  if (!sent.ok) throw new Error(`${sent.reason}: ${sent.message}`);
  return { conversationId, messageId: sent.value.messageId, image };
}

const servedTo = async (viewer: Viewer | null, imageId: string, width = 480) =>
  readPostImage(viewer ? as(viewer) : asGuest, imageId, width);

const rowOf = async (imageId: string) => (await db.select().from(postImages).where(eq(postImages.id, imageId)))[0];

describe("an image in a direct message", () => {
  it("is stored with the message, sized and described, and shown in the thread", async () => {
    const { conversationId, messageId, image } = await messageWithImage();
    expect(await rowOf(image.id)).toMatchObject({ messageId, discussionId: null, commentId: null });
    const shown = (await conversationThread(markus.id, conversationId, 1))!.messages.at(-1)!;
    expect(shown.html).toContain(`<img src="/images/${image.id}/`);
    expect(shown.html).toContain(`alt="${ALT}"`);
    expect(shown.html).toContain('loading="lazy"');
    expect(shown.html).toContain(`<a href="/images/${image.id}/600.webp" data-image`);
  });

  it("is served to the conversation's participants only, never kept by a cache; to nobody else, staff included", async () => {
    const { image } = await messageWithImage();
    for (const participant of [aylin, markus]) {
      const served = await servedTo(participant, image.id);
      expect(served, participant.firstName).toMatchObject({ cacheControl: "private, no-store" });
      expect(served!.body!.length).toBeGreaterThan(0);
    }
    for (const stranger of [null, outsider, moderator, admin])
      expect(await servedTo(stranger, image.id), stranger?.firstName ?? "guest").toBeNull();
    // A width it was not stored in is missing for everyone alike.
    expect(await servedTo(markus, image.id, 960)).toBeNull();
  });

  it("is served to a member added later, and no longer to one who left", async () => {
    const { conversationId, image } = await messageWithImage(aylin, [markus, third]);
    expect(await servedTo(third, image.id)).not.toBeNull();
    expect(await leaveConversation(markus, { conversationId })).toMatchObject({ ok: true });
    expect(await servedTo(markus, image.id)).toBeNull();
    expect(await servedTo(third, image.id)).not.toBeNull();
  });

  it("is served to nobody once the moderation hid its message: not its author, not its reader, not staff", async () => {
    const { conversationId, messageId, image } = await messageWithImage();
    expect(await reportMessage(markus, { messageId, reason: "offensive" })).toMatchObject({ ok: true });
    const item = (await listReviewQueue(1)).items.find((entry) => entry.message?.lines.some((line) => line.id === messageId))!;
    // The window on the report: the image's description as text, not the picture nor its address.
    const reported = item.message!.lines.find((line) => line.reported)!;
    expect(reported.text).toBe(`Vorher\n\n[Bild: ${ALT}]\n\nNachher`);
    expect(JSON.stringify(item)).not.toContain(image.id);
    expect(JSON.stringify(item)).not.toContain("/images/");
    expect(await decideReview(moderator, { itemId: item.id, decision: "hide" })).toMatchObject({ ok: true });
    for (const anyone of [aylin, markus, moderator, admin, null]) expect(await servedTo(anyone, image.id)).toBeNull();
    const thread = (await conversationThread(markus.id, conversationId, 1))!;
    expect(thread.messages.at(-1)).toMatchObject({ hidden: true, html: "" });
  });

  it("is kept by the cleanup however old its upload is", async () => {
    const { image } = await messageWithImage();
    await db
      .update(postImages)
      .set({ unusedSince: sql`now() - interval '3 days'` })
      .where(eq(postImages.id, image.id));
    await removeUnusedImages();
    expect(await rowOf(image.id)).toBeDefined();
    expect(await servedTo(markus, image.id)).not.toBeNull();
  });

  it("cannot be another member's upload, nor an image a post or another message shows", async () => {
    const conversationId = await conversationOf(aylin, [markus]);
    const aylins = await uploadedBy(aylin);
    // Markus names Aylin's unused upload: it is dropped, and a message of nothing but it has no words.
    expect(
      await sendMessage(markus, { conversationId, content: `<img src="${aylins.src}" alt="${ALT}">`, contentFormat: "html" }),
    ).toMatchObject({ ok: false, reason: "invalid" });
    const taken = await sendMessage(markus, { conversationId, content: imageTag(aylins, ALT), contentFormat: "html" });
    if (!taken.ok) throw new Error(taken.message);
    const [stored] = await db.select({ content: messages.content }).from(messages).where(eq(messages.id, taken.value.messageId));
    expect(stored!.content).toBe("<p>Vorher</p><p>Nachher</p>");
    expect(await rowOf(aylins.id)).toMatchObject({ messageId: null, ownerId: aylin.id });
    // Her image in a comment cannot go into a message of hers, nor one of her messages' into another.
    const discussion = await discussionBy(aylin, { title: `Mit Bild ${crypto.randomUUID()}`, category: "seo" });
    const inComment = await uploadedBy(aylin);
    expect(
      await createComment(aylin, { discussionId: discussion.id, content: imageTag(inComment, "Ein Kreisdiagramm"), contentFormat: "html" }),
    ).toMatchObject({ ok: true });
    const { image: inMessage } = await messageWithImage();
    const again = await sendMessage(aylin, {
      conversationId,
      content: imageTag(inComment, "Ein Kreisdiagramm") + imageTag(inMessage, ALT),
      contentFormat: "html",
    });
    if (!again.ok) throw new Error(again.message);
    const [second] = await db.select({ content: messages.content }).from(messages).where(eq(messages.id, again.value.messageId));
    expect(second!.content).not.toContain("<img");
    expect(await rowOf(inComment.id)).toMatchObject({ messageId: null, commentId: expect.any(String) });
  });

  it("needs a description, and a message takes at most IMAGES_PER_POST", async () => {
    const conversationId = await conversationOf(aylin, [markus]);
    const image = await uploadedBy(aylin, { name: "IMG_4711.png" });
    const send = (content: string) => sendMessage(aylin, { conversationId, content, contentFormat: "html" });
    expect(await send(imageTag(image, ""))).toMatchObject({ ok: false, message: imageTexts.altMissing });
    expect(await send(imageTag(image, "IMG_4711"))).toMatchObject({ ok: false, message: imageTexts.altIsFileName });
    const many = await Promise.all(Array.from({ length: IMAGES_PER_POST + 1 }, () => uploadedBy(aylin)));
    expect(await send(many.map((each, index) => imageTag(each, `Diagramm Nummer ${index + 1}`)).join(""))).toMatchObject({
      ok: false,
      message: imageTexts.tooManyImages,
    });
    expect(await rowOf(image.id)).toMatchObject({ messageId: null });
  });

  it("comes with the first message of a conversation too, and stands alone without words", async () => {
    const image = await uploadedBy(aylin);
    const started = await startConversation(aylin, {
      recipientIds: [markus.id],
      content: `<img src="${image.src}" alt="${ALT}">`,
      contentFormat: "html",
    });
    if (!started.ok) throw new Error(started.message);
    expect(await servedTo(markus, image.id)).toMatchObject({ cacheControl: "private, no-store" });
    // The list's excerpt says what the picture shows.
    const listed = (await listConversations(markus.id, 1)).conversations.find((entry) => entry.id === started.value.conversationId)!;
    expect(listed.last?.excerpt).toBe(`[Bild: ${ALT}]`);
  });

  it("keeps a draft that shows an image and no words yet", async () => {
    const conversationId = await conversationOf(aylin, [markus]);
    const image = await uploadedBy(aylin);
    const saved = await saveMessageDraft(aylin, {
      conversationId,
      content: `<img src="${image.src}" alt="${ALT}">`,
      contentFormat: "html",
    });
    expect(saved).toMatchObject({ ok: true, value: { savedAt: expect.any(Date) } });
    expect((await readValue(messageDraftOf(aylin.id, conversationId)))?.html).toContain(`/images/${image.id}/`);
  });

  it("is added, kept or taken out by an edit within the window; what the edit took out is unused", async () => {
    const { conversationId, messageId, image } = await messageWithImage();
    const added = await uploadedBy(aylin);
    const edit = (content: string) => editMessage(aylin, { conversationId, messageId, content, contentFormat: "html" });
    expect(await edit(imageTag(image, ALT) + imageTag(added, "Ein zweites Diagramm"))).toMatchObject({ ok: true });
    expect(await rowOf(added.id)).toMatchObject({ messageId });
    expect(await servedTo(markus, added.id)).not.toBeNull();
    // Markus cannot edit Aylin's message, and so cannot take her images into his own.
    expect(await editMessage(markus, { conversationId, messageId, content: "<p>Fremd</p>", contentFormat: "html" })).toMatchObject({
      ok: false,
    });
    await db
      .update(postImages)
      .set({ unusedSince: sql`now() - interval '3 days'` })
      .where(eq(postImages.id, image.id));
    expect(await edit(imageTag(added, "Ein zweites Diagramm"))).toMatchObject({ ok: true });
    const left = (await rowOf(image.id))!;
    expect(left.messageId).toBeNull();
    expect(left.unusedSince.getTime()).toBeGreaterThan(Date.now() - 3_600_000);
    expect(await servedTo(markus, image.id)).toBeNull();
    expect(await rowOf(added.id)).toMatchObject({ messageId });
  });

  it("is in the data export of each participant as the message's HTML, with its description in the text", async () => {
    const { conversationId, image } = await messageWithImage();
    for (const member of [aylin, markus]) {
      const exported = (await exportConversations(member.id)).find((conversation) => conversation.id === conversationId)!;
      const last = exported.messages.at(-1)!;
      expect(last.html).toContain(`<img src="/images/${image.id}/`);
      expect(last.text).toContain(`[Bild: ${ALT}]`);
    }
    expect((await exportConversations(outsider.id)).some((conversation) => conversation.id === conversationId)).toBe(false);
  });
});

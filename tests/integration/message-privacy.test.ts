/**
 * Privacy as a rule of the code (decision 0062): a unique marker in a direct message (its text, its subject, a
 * hidden one, its image's id) appears in no guest-visible output (the same list as the held-post test: pages, lists, search, feeds,
 * sitemap, Markdown, llms.txt, JSON-LD, member directory, profiles), in no other member's pages or notifications,
 * and moves no statistic; the DSGVO export holds the member's conversations; a deleted account's messages stay,
 * signed "Gelöschtes Mitglied".
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema";
import type { Viewer } from "~/server/accounts";
import { db } from "~/server/db";
import { getCommunityStats } from "~/server/discussions";
import { deleteOwnAccount } from "~/server/members";
import { conversationThread, sendMessage } from "~/server/messages";
import { decideReview, listReviewQueue, reportMessage } from "~/server/moderation";
import { listNotifications } from "~/server/notifications";
import { loader as exportLoader } from "~/routes/profile.export";
import { loader as messagesLoader } from "~/routes/messages";
import { loader as conversationLoader } from "~/routes/messages.conversation";
import { loader as profileLoader } from "~/routes/profile";
import { loader as layoutLoader } from "~/routes/layout";
import { discussionBy } from "../support/content";
import { guestOutputs, loaderArgs, output } from "../support/guest-outputs";
import { imageTag, uploadedBy } from "../support/images";
import { signedInMember, type SignedInMember } from "../support/members";
import { conversationOf, messageIn } from "../support/messages";

/** Words no demo or generated text contains. */
const MARKER = "Flüsterwortzweiundsechzig";
const SUBJECT = "Betreffgeheimnis";
const HIDDEN = "Ausgeblendetesgeheimnis";

let aylin: SignedInMember;
let markus: SignedInMember;
let outsider: SignedInMember;
let moderator: SignedInMember;
let conversationId: string;
let imageId: string;
let discussionSlug: string;
let statsBefore: Awaited<ReturnType<typeof getCommunityStats>>;

beforeAll(async () => {
  [aylin, markus, outsider, moderator] = await Promise.all([
    signedInMember({ firstName: "Aylin", lastName: "Demir" }),
    signedInMember({ firstName: "Markus", lastName: "Weber" }),
    signedInMember({ firstName: "Aussen", lastName: "Stehend" }),
    signedInMember({ role: "moderator", firstName: "Moderatorin" }),
  ]);
  // Aylin has written in public (she may write to a stranger), and the discussion is where a leak would show.
  discussionSlug = (await discussionBy(aylin.viewer, { title: `Öffentlich ${crypto.randomUUID()}`, category: "seo" })).slug;
  statsBefore = await getCommunityStats();
  conversationId = await conversationOf(aylin.viewer, [markus.viewer], {
    subject: SUBJECT,
    content: `${MARKER} mit Link https://example.org/${MARKER} und @[Markus Weber](${markus.viewer.id})`,
  });
  // Markus answers with a picture: its address must reach no one but the participants either.
  const image = await uploadedBy(markus.viewer);
  imageId = image.id;
  const answer = await sendMessage(markus.viewer, {
    conversationId,
    content: `<p>Antwort ${MARKER}</p>${imageTag(image, "Ein Balkendiagramm")}`,
    contentFormat: "html",
  });
  expect(answer).toMatchObject({ ok: true });
  const hiddenId = await messageIn(conversationId, aylin.viewer, `${HIDDEN} unfreundlich`);
  await reportMessage(markus.viewer, { messageId: hiddenId, reason: "offensive" });
  const item = (await listReviewQueue(1)).items.find((entry) => entry.message?.lines.some((line) => line.id === hiddenId))!;
  expect(await decideReview(moderator.viewer, { itemId: item.id, decision: "hide" })).toMatchObject({ ok: true });
});

const words = () => [MARKER, SUBJECT, HIDDEN, conversationId, imageId];

describe("a direct message", () => {
  it("appears in no guest-visible output, and moves no statistic", async () => {
    const outputs = await guestOutputs({
      discussions: { public: discussionSlug },
      commentsFeed: discussionSlug,
      searches: { marker: MARKER, subject: SUBJECT },
      profiles: { "writer's profile": aylin.viewer.id, "recipient's profile": markus.viewer.id },
    });
    expect(Object.keys(outputs).length).toBeGreaterThanOrEqual(14);
    // The outputs are the real pages: the public discussion and the writer are in them.
    expect(outputs["public page"]).toContain(discussionSlug);
    expect(outputs["writer's profile"]).toContain("Aylin");
    for (const [name, text] of Object.entries(outputs))
      for (const word of words()) expect(text, `${name} shows ${word}`).not.toContain(word);
    expect(await getCommunityStats()).toEqual(statsBefore);
  });

  it("is a 404 for every member who is not a participant, staff included, and in none of their lists or notifications", async () => {
    for (const reader of [outsider, moderator]) {
      const page = await output(() =>
        conversationLoader(loaderArgs(`/messages/${conversationId}`, { id: conversationId }, reader.cookie) as never),
      );
      expect(page).toBe("404");
      const list = await output(() => messagesLoader(loaderArgs("/messages", {}, reader.cookie) as never));
      const layout = await output(() => layoutLoader(loaderArgs("/", {}, reader.cookie) as never));
      const profile = await output(() => profileLoader(loaderArgs(`/profile/${aylin.viewer.id}`, { id: aylin.viewer.id }, reader.cookie)));
      const notices = JSON.stringify(await listNotifications(reader.viewer.id, 1));
      for (const [name, text] of Object.entries({ list, layout, profile, notices }))
        for (const word of words()) expect(text, `${name} shows ${word}`).not.toContain(word);
    }
    // The moderator decided the report: the queue shows no more of it, and no other way leads in.
    expect(JSON.stringify(await listReviewQueue(1))).not.toContain(conversationId);
  });

  it("is read by its participants, the hidden one as hidden", async () => {
    const page = await output(() =>
      conversationLoader(loaderArgs(`/messages/${conversationId}`, { id: conversationId }, markus.cookie) as never),
    );
    expect(page).toContain(MARKER);
    expect(page).toContain(SUBJECT);
    expect(page).toContain(`/images/${imageId}/`);
    expect(page).not.toContain(HIDDEN);
  });

  it("is in the DSGVO export of each participant, and of nobody else", async () => {
    const exported = await output(() =>
      exportLoader(loaderArgs(`/profile/${markus.viewer.id}/export`, { id: markus.viewer.id }, markus.cookie) as never),
    );
    const parsed = JSON.parse(exported.replace(/^200 /, "").replace(/\{"cspNonce".*$/, "")) as {
      conversations: Array<{ id: string; subject: string; messages: Array<{ text: string; html: string; own: boolean; author: string }> }>;
    };
    const conversation = parsed.conversations.find((entry) => entry.id === conversationId)!;
    expect(conversation.subject).toBe(SUBJECT);
    expect(conversation.messages.map((message) => message.author)).toEqual(["Aylin Demir", "Markus Weber", "Aylin Demir"]);
    expect(conversation.messages[0]!.text).toContain(MARKER);
    // The message's HTML, its image with it (decision 0062's export keeps what the member can read).
    expect(conversation.messages[1]!.html).toContain(`<img src="/images/${imageId}/`);
    expect(conversation.messages[2]!.text).not.toContain(HIDDEN);
    const outsiders = await output(() =>
      exportLoader(loaderArgs(`/profile/${outsider.viewer.id}/export`, { id: outsider.viewer.id }, outsider.cookie) as never),
    );
    for (const word of words()) expect(outsiders).not.toContain(word);
  });

  it("stays when its writer deletes their account, signed 'Gelöschtes Mitglied'", async () => {
    const leaving: Viewer = aylin.viewer;
    expect(await deleteOwnAccount(leaving, { profileId: leaving.id })).toMatchObject({ ok: true });
    const thread = (await conversationThread(markus.viewer.id, conversationId, 1))!;
    expect(thread.messages.map((message) => message.author?.name ?? "Gelöschtes Mitglied")).toEqual([
      "Gelöschtes Mitglied",
      "Markus Weber",
      "Gelöschtes Mitglied",
    ]);
    expect(thread.messages[0]!.html).toContain(MARKER);
    const rows = await db.select({ authorId: messages.authorId }).from(messages).where(eq(messages.conversationId, conversationId));
    expect(rows).toHaveLength(3);
    const page = await output(() =>
      conversationLoader(loaderArgs(`/messages/${conversationId}`, { id: conversationId }, markus.cookie) as never),
    );
    expect(page).toContain(MARKER);
  });
});

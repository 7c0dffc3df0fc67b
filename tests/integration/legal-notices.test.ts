/**
 * Notice and action (DSA Art. 16, 17 and 20; decision 0048): a notice counts only once its e-mail is confirmed, many
 * notices make one queue item, the decision reaches the notifier, the author gets a statement of reasons and may
 * object once, and a different member of the team decides the objection.
 */
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { comments, legalNotices, mailOutbox, reviewItems, statementsOfReasons } from "../../db/schema";
import type { Viewer } from "~/server/accounts";
import { commentHref, createComment, listCommentPage } from "~/server/discussions";
import { decideReview, moderateComment, moderateDiscussion, restrictMember } from "~/server/moderation";
import { confirmNotice, decideObjection, eraseOldNotices, fileNotice, notifierOf, objectToStatement } from "~/server/legal";
import { db } from "~/server/db";
import { objectionTexts } from "~/lib/legal";
import { env } from "~/server/platform";
import { makeViewer, signedInMember } from "../support/members";
import { loader as discussionLoader } from "~/routes/discussion";
import { commentOn, discussionBy } from "../support/content";

let author: Viewer;
let moderator: Viewer;
let otherModerator: Viewer;

beforeAll(async () => {
  author = await makeViewer({ firstName: "Verfasserin", joinedDaysAgo: 30 });
  moderator = await makeViewer({ role: "moderator" });
  otherModerator = await makeViewer({ role: "moderator" });
});

let guestNumber = 0;
/** A guest from an address of their own, so the per-address limit does not meet the next test. */
const guest = () => notifierOf(null, `198.51.100.${++guestNumber}`);

async function reportedComment() {
  const discussion = await discussionBy(author);
  const commentId = await commentOn(discussion.id, author, { content: "Der Wettbewerber X betrügt seine Kunden, das weiß jeder." });
  return { discussion, commentId, location: `${env.PUBLIC_URL}${await commentHref(discussion, commentId)}` };
}

const notice = (location: string, email: string) => ({
  location,
  ground: "insult" as const,
  explanation: "Die Behauptung ist eine unwahre Tatsachenbehauptung über ein Unternehmen.",
  name: "Gerda Gast",
  email,
});

/** The token of the newest confirmation link mailed to `email`. */
async function confirmationToken(email: string): Promise<string> {
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "legal-notice-confirm")));
  const token = /token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no confirmation link to ${email}`);
  return token;
}

const mailsTo = (email: string, kind: string) =>
  db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, kind)));

describe("legal notices", () => {
  it("a guest's notice counts nowhere until its e-mail is confirmed; then it is a queue item and a receipt goes out", async () => {
    const { commentId, location } = await reportedComment();
    const email = `gast-${crypto.randomUUID()}@example.org`;
    const filed = await fileNotice(guest(), notice(location, email));
    expect(filed).toEqual({ ok: true, value: { confirmed: false } });
    expect(await db.$count(reviewItems, eq(reviewItems.commentId, commentId))).toBe(0);

    const confirmed = await confirmNotice({ id: "link" }, { token: await confirmationToken(email) });
    expect(confirmed.ok).toBe(true);
    const items = await db.select().from(reviewItems).where(eq(reviewItems.commentId, commentId));
    expect(items).toMatchObject([{ kind: "notice", status: "open" }]);
    expect(await mailsTo(email, "legal-notice-received")).toHaveLength(1);
    // The link again: the same answer, no second item, no second receipt.
    expect((await confirmNotice({ id: "link" }, { token: await confirmationToken(email) })).ok).toBe(true);
    expect(await db.$count(reviewItems, eq(reviewItems.commentId, commentId))).toBe(1);
    expect(await mailsTo(email, "legal-notice-received")).toHaveLength(1);
  });

  it("an address that leads to no post of the forum is refused", async () => {
    const outcome = await fileNotice(guest(), notice("https://example.org/irgendwo", `x-${crypto.randomUUID()}@example.org`));
    expect(outcome).toMatchObject({ ok: false, reason: "not-found" });
  });

  it("twenty notices on one post, confirmed at once, make one queue item", async () => {
    const { commentId, location } = await reportedComment();
    const emails = Array.from({ length: 20 }, () => `viele-${crypto.randomUUID()}@example.org`);
    for (const email of emails) expect((await fileNotice(guest(), notice(location, email))).ok).toBe(true);
    const tokens = await Promise.all(emails.map(confirmationToken));
    const outcomes = await Promise.all(tokens.map((token) => confirmNotice({ id: "link" }, { token })));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(await db.$count(reviewItems, eq(reviewItems.commentId, commentId))).toBe(1);
    const [item] = await db.select({ id: reviewItems.id }).from(reviewItems).where(eq(reviewItems.commentId, commentId));
    expect(await db.$count(legalNotices, eq(legalNotices.reviewItemId, item!.id))).toBe(20);
  });

  it("one address files five notices an hour; the sixth is refused in German with 429", async () => {
    const { location } = await reportedComment();
    const from = guest();
    for (let index = 0; index < 5; index += 1)
      expect((await fileNotice(from, notice(location, `f${index}-${crypto.randomUUID()}@example.org`))).ok).toBe(true);
    expect(await fileNotice(from, notice(location, `f6-${crypto.randomUUID()}@example.org`))).toMatchObject({
      ok: false,
      reason: "too-many-requests",
      message: expect.stringContaining("Bitte versuchen Sie es später wieder"),
    });
  });

  it("removal: the notifier hears the decision, the author gets a statement of reasons, objects once, another moderator restores", async () => {
    const { discussion, commentId, location } = await reportedComment();
    const email = `entscheid-${crypto.randomUUID()}@example.org`;
    await fileNotice(guest(), notice(location, email));
    await confirmNotice({ id: "link" }, { token: await confirmationToken(email) });
    const [item] = await db.select({ id: reviewItems.id }).from(reviewItems).where(eq(reviewItems.commentId, commentId));

    expect((await decideReview(moderator, { itemId: item!.id, decision: "hide" })).ok).toBe(true);
    expect(await mailsTo(email, "legal-notice-decided")).toMatchObject([{ text: expect.stringContaining("Der Inhalt wurde entfernt") }]);
    const [statement] = await db.select().from(statementsOfReasons).where(eq(statementsOfReasons.commentId, commentId));
    expect(statement).toMatchObject({
      memberId: author.id,
      ground: "law",
      automated: false,
      decidedBy: moderator.id,
      restriction: "hidden",
    });
    expect(statement!.groundDetail).toContain("Beleidigung");
    expect(await mailsTo(author.email, "statement-of-reasons")).toMatchObject([
      { text: expect.stringContaining(`/statement/${statement!.id}`) },
    ]);
    // The author reads the comment where it was, marked hidden, with its statement; the page everyone shares leaves it out.
    const shared = await listCommentPage(discussion.id, 1, { includeHidden: false });
    expect(shared.comments.map((comment) => comment.id)).not.toContain(commentId);
    expect(shared.withheldAuthorIds).toContain(author.id);
    const own = await listCommentPage(discussion.id, 1, { includeHidden: false, heldOf: author.id });
    expect(own.comments.find((comment) => comment.id === commentId)).toMatchObject({
      hidden: { reason: expect.any(String) },
      statementId: statement!.id,
    });

    // Only the author objects, and only once.
    expect(
      await objectToStatement(otherModerator, { statementId: statement!.id, objection: "Nicht meins zu widersprechen." }),
    ).toMatchObject({
      ok: false,
      reason: "not-found",
    });
    expect((await objectToStatement(author, { statementId: statement!.id, objection: "Das ist eine belegte Erfahrung." })).ok).toBe(true);
    expect(await objectToStatement(author, { statementId: statement!.id, objection: "Noch einmal, bitte." })).toMatchObject({
      ok: false,
      message: objectionTexts.already,
    });
    const [objection] = await db
      .select()
      .from(reviewItems)
      .where(and(eq(reviewItems.commentId, commentId), eq(reviewItems.status, "open")));
    expect(objection).toMatchObject({ kind: "objection" });

    // Who decided first may not decide the objection; the generic decision refuses objection items too.
    expect(await decideObjection(moderator, { itemId: objection!.id, decision: "uphold-objection" })).toMatchObject({
      ok: false,
      reason: "forbidden",
      message: objectionTexts.sameDecider,
    });
    expect(await decideReview(otherModerator, { itemId: objection!.id, decision: "keep" })).toMatchObject({ ok: false, reason: "invalid" });
    expect((await decideObjection(otherModerator, { itemId: objection!.id, decision: "uphold-objection" })).ok).toBe(true);
    expect((await db.select({ hiddenAt: comments.hiddenAt }).from(comments).where(eq(comments.id, commentId)))[0]!.hiddenAt).toBeNull();
    expect(await mailsTo(author.email, "objection-decided")).toMatchObject([{ text: expect.stringContaining("stattgegeben") }]);
    const [after] = await db.select().from(statementsOfReasons).where(eq(statementsOfReasons.id, statement!.id));
    expect(after).toMatchObject({ objectionOutcome: "upheld", objectionDecidedBy: otherModerator.id });
  });

  it("a moderator whose own post a colleague hid cannot decide their own objection; a third member of the team can", async () => {
    const discussion = await discussionBy(otherModerator);
    const commentId = await commentOn(discussion.id, otherModerator, { content: "Ein Beitrag aus dem Team." });
    expect((await moderateComment(moderator, { discussionId: discussion.id, commentId, action: "hide-comment", reason: "Ton" })).ok).toBe(
      true,
    );
    const [statement] = await db.select().from(statementsOfReasons).where(eq(statementsOfReasons.commentId, commentId));
    expect((await objectToStatement(otherModerator, { statementId: statement!.id, objection: "Das war sachlich." })).ok).toBe(true);
    const [objection] = await db
      .select()
      .from(reviewItems)
      .where(and(eq(reviewItems.commentId, commentId), eq(reviewItems.status, "open")));
    expect(await decideObjection(otherModerator, { itemId: objection!.id, decision: "uphold-objection" })).toMatchObject({
      ok: false,
      reason: "forbidden",
      message: objectionTexts.ownObjection,
    });
    const third = await makeViewer({ role: "admin" });
    expect((await decideObjection(third, { itemId: objection!.id, decision: "reject-objection" })).ok).toBe(true);
  });

  it("a post held by the posting rules and a suspended or silenced member get a statement of reasons too", async () => {
    const newcomer = await makeViewer({ firstName: "Neuling" });
    const host = await discussionBy(author);
    const held = await createComment(newcomer, {
      discussionId: host.id,
      content: "https://eins.example/a https://zwei.example/b https://drei.example/c",
    });
    expect(held).toMatchObject({ ok: true, value: { held: true } });
    const [heldStatement] = await db.select().from(statementsOfReasons).where(eq(statementsOfReasons.memberId, newcomer.id));
    expect(heldStatement).toMatchObject({ restriction: "held", automated: true, ground: "rules", decidedBy: null });
    expect(heldStatement!.facts).toContain("3 Links von einem neuen Mitglied");

    const silenced = await makeViewer({ firstName: "Laut" });
    await restrictMember(moderator, { memberId: silenced.id, kind: "silence", until: null, reason: "Beleidigender Ton" });
    expect(await db.select().from(statementsOfReasons).where(eq(statementsOfReasons.memberId, silenced.id))).toMatchObject([
      { restriction: "silenced", automated: false, decidedBy: moderator.id, postExcerpt: "" },
    ]);
    const suspended = await makeViewer({ firstName: "Gesperrt" });
    await restrictMember(moderator, { memberId: suspended.id, kind: "suspend", until: null, reason: "Spam" });
    const [suspension] = await db.select().from(statementsOfReasons).where(eq(statementsOfReasons.memberId, suspended.id));
    expect(suspension).toMatchObject({ restriction: "suspended", facts: expect.stringContaining("gesperrt") });
    // A suspended member cannot sign in: the mail carries the statement and says how to object without signing in.
    expect(await mailsTo(suspended.email, "statement-of-reasons")).toMatchObject([
      { text: expect.stringMatching(/Angegebener Grund: Spam[\s\S]*antworten Sie dazu bitte an/) },
    ]);
  });

  it("unconfirmed notices go after a week; decided ones lose the notifier's data after the period, and keep the record", async () => {
    const { location } = await reportedComment();
    const email = `alt-${crypto.randomUUID()}@example.org`;
    await fileNotice(guest(), notice(location, email));
    const later = new Date(Date.now() + 8 * 86_400_000);
    await eraseOldNotices(later);
    expect(await db.$count(legalNotices, like(legalNotices.notifierEmail, email))).toBe(0);
  });

  it("the author of a hidden discussion reads it marked hidden, with the way to the reasons; nobody else but staff does", async () => {
    const writer = await signedInMember({ firstName: "Autorin" });
    const discussion = await discussionBy(writer.viewer);
    expect(
      (await moderateDiscussion(moderator, { discussionId: discussion.id, action: "hide-discussion", reason: "Werbung ohne Bezug" })).ok,
    ).toBe(true);
    const [statement] = await db
      .select({ id: statementsOfReasons.id })
      .from(statementsOfReasons)
      .where(eq(statementsOfReasons.discussionId, discussion.id));
    const page = (cookie?: string) =>
      discussionLoader({
        request: new Request(`${env.PUBLIC_URL}/discussion/${discussion.slug}`, { headers: cookie ? { Cookie: cookie } : {} }),
        params: { slug: discussion.slug },
        context: { cspNonce: "", clientIp: "127.0.0.1" },
      } as never);
    const own = (await page(writer.cookie)) as { hidden: boolean; ownHidden: { statementId: string | null } | null; canEdit: boolean };
    expect(own).toMatchObject({ hidden: true, ownHidden: { statementId: statement!.id }, canEdit: false });
    const someoneElse = await signedInMember();
    await expect(page(someoneElse.cookie)).rejects.toMatchObject({ init: { status: 404 } });
    await expect(page()).rejects.toMatchObject({ init: { status: 404 } });
  });
});

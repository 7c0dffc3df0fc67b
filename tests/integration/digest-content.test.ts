/**
 * What the digest mail lists (decision 0059): only what the public sees and the member did not write or mute, in
 * the sections the issue names, each discussion once with its plain address; and the mail itself, as the
 * developer mailbox shows it, valid HTML no wider than 600 px. Its preview for administrators is the same mail.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { profiles, tags } from "../../db/schema";
import { categories } from "~/lib/categories";
import { loader as mailboxLoader } from "~/routes/dev.mailbox";
import { loader as mailLoader } from "~/routes/dev.mailbox.mail";
import type { Viewer } from "~/server/accounts";
import { markSolution, setHelpful } from "~/server/answers";
import { db } from "~/server/db";
import { createDiscussion } from "~/server/discussions";
import { devMailboxUrl, listDevMailbox } from "~/server/mail";
import { moderateComment, moderateDiscussion } from "~/server/moderation";
import { previewDigest, sendAllDueDigests, watchCategory, watchTag } from "~/server/notifications";
import { env } from "~/server/platform";
import { commentOn, discussionBy } from "../support/content";
import { makeViewer } from "../support/members";
import { nuHtmlErrors, widthsAbove } from "../support/mail-html";

let reader: Viewer;
let author: Viewer;
let answerer: Viewer;
let moderator: Viewer;
const titles: Record<string, string> = {};
let busySlug: string;

const title = (key: string) => (titles[key] = `${key} ${crypto.randomUUID().slice(0, 8)}`);

async function awayTenDays(member: Viewer, expertise = "general") {
  await db
    .update(profiles)
    .set({ lastVisitedAt: sql`now() - interval '10 days'`, expertise })
    .where(eq(profiles.id, member.id));
}

/** The plain-text part's sections, by heading: "Meistdiskutiert" → its lines. */
function sectionsOf(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split("\n\n")
      .filter((block) => block.includes("\n- "))
      .map((block) => [block.slice(0, block.indexOf("\n")), block]),
  );
}

async function preview(member: Viewer) {
  const found = await previewDigest(member.id);
  if (!found?.message) throw new Error("no digest");
  return { ...found.message, sections: sectionsOf(found.message.text) };
}

beforeAll(async () => {
  [reader, author, answerer, moderator] = await Promise.all([
    makeViewer({ firstName: "Leserin" }),
    makeViewer({ firstName: "Autor", established: true }),
    makeViewer({ firstName: "Antje", established: true }),
    makeViewer({ firstName: "Mod", role: "moderator" }),
  ]);
  await awayTenDays(reader, "sea");
  expect((await watchCategory(reader, { category: "tools", level: "watching" })).ok).toBe(true);
  expect((await watchCategory(reader, { category: "ki-suche", level: "muted" })).ok).toBe(true);

  // The busiest: three visible answers, and one the moderation hid.
  const busy = await discussionBy(author, { title: title("Viel los"), category: "general" });
  busySlug = busy.slug;
  for (const by of [answerer, moderator, answerer]) await commentOn(busy.id, by);
  const hiddenAnswer = await commentOn(busy.id, answerer, { content: "Werbung" });
  await moderateComment(moderator, { discussionId: busy.id, commentId: hiddenAnswer, action: "hide-comment", reason: "Spam" });

  // Found helpful by two others; the reader's own answer elsewhere found helpful by three counts for nothing.
  const helped = await discussionBy(author, { title: title("Hilfreich"), category: "seo" });
  const good = await commentOn(helped.id, answerer);
  for (const by of [author, moderator]) await setHelpful(by, { discussionId: helped.id, commentId: good, marked: true });
  const praised = await discussionBy(author, { title: title("Gelobt"), category: "general" });
  const mine = await commentOn(praised.id, reader);
  for (const by of [author, answerer, moderator]) await setHelpful(by, { discussionId: praised.id, commentId: mine, marked: true });

  // Solved where the reader watches: a category, a tag; and one where they watch nothing.
  const inTools = await discussionBy(author, { title: title("Tools gelöst"), category: "tools" });
  expect((await markSolution(author, { discussionId: inTools.id, commentId: await commentOn(inTools.id, answerer) })).ok).toBe(true);
  const tagged = await discussionBy(author, { title: title("Schlagwort gelöst"), category: "seo", tags: ["Digest-Probe"] });
  const [tag] = await db.select({ id: tags.id }).from(tags).where(eq(tags.slug, "digest-probe"));
  expect((await watchTag(reader, { tagId: tag!.id, level: "watching" })).ok).toBe(true);
  expect((await markSolution(author, { discussionId: tagged.id, commentId: await commentOn(tagged.id, moderator) })).ok).toBe(true);

  // Unanswered in the reader's field (SEA), and one elsewhere.
  await discussionBy(author, { title: title("SEA offen"), category: "sea" });

  // Never listed: the reader's own, a hidden one, a held one, one in a muted category.
  const own = await discussionBy(reader, { title: title("Eigene"), category: "general" });
  for (const by of [answerer, author, moderator, answerer]) await commentOn(own.id, by);
  const hidden = await discussionBy(author, { title: title("Ausgeblendet"), category: "general" });
  for (const by of [answerer, moderator]) await commentOn(hidden.id, by);
  await moderateDiscussion(moderator, { discussionId: hidden.id, action: "hide-discussion", reason: "Off-Topic" });
  const newcomer = await makeViewer({ firstName: "Neuling" });
  const held = await createDiscussion(newcomer, {
    title: title("Zurückgehalten"),
    category: "sea",
    content: '<p><a href="https://eins.example/">eins</a> <a href="https://zwei.example/">zwei</a> https://drei.example/</p>',
    contentFormat: "html",
    assignedTo: undefined,
  });
  expect(held).toMatchObject({ ok: true, value: { held: true } });
  const muted = await discussionBy(author, { title: title("Stumm"), category: "ki-suche" });
  await commentOn(muted.id, answerer);
});

describe("the digest's content", () => {
  it("lists each kind of news in its section, each discussion once, linked by its plain address", async () => {
    const { sections, text } = await preview(reader);
    expect(Object.keys(sections)).toEqual([
      "Neue Lösungen in Ihren Themen",
      "Noch ohne Antwort in SEA",
      "Besonders hilfreich",
      "Meistdiskutiert",
    ]);
    expect(sections["Neue Lösungen in Ihren Themen"]).toContain(`${titles["Tools gelöst"]}\n  Tools · Gelöst, Lösung von Antje`);
    expect(sections["Neue Lösungen in Ihren Themen"]).toContain(`${titles["Schlagwort gelöst"]}\n  SEO · Gelöst, Lösung von Mod`);
    expect(sections["Noch ohne Antwort in SEA"]).toContain(titles["SEA offen"]);
    expect(sections["Besonders hilfreich"]).toContain(`${titles.Hilfreich}\n  SEO · 2-mal „Hilfreich“`);
    expect(sections["Besonders hilfreich"]).not.toContain(titles.Gelobt);
    // Three visible answers: the hidden one does not count.
    expect(sections.Meistdiskutiert).toContain(`${titles["Viel los"]}\n  Allgemein · Neue Diskussion, 3 neue Antworten`);
    for (const key of Object.keys(titles)) expect(text.split(titles[key]!).length - 1, key).toBeLessThanOrEqual(1);
    expect(text).toContain(
      `${titles["Viel los"]}\n  Allgemein · Neue Diskussion, 3 neue Antworten\n  ${env.PUBLIC_URL}/discussion/${busySlug}\n`,
    );
    expect(text).not.toMatch(/[?&](utm_|ref=|source=)/);
  });

  it("never shows the member's own, hidden, held or muted discussions", async () => {
    const { text, html } = await preview(reader);
    for (const key of ["Eigene", "Ausgeblendet", "Zurückgehalten", "Stumm"]) {
      expect(text, key).not.toContain(titles[key]);
      expect(html, key).not.toContain(titles[key]);
    }
  });

  it("counts what else is new without what it must not show", async () => {
    const eventsOnly = await makeViewer({ firstName: "Eventleser" });
    await awayTenDays(eventsOnly);
    for (const category of categories.filter((category) => category !== "events"))
      expect((await watchCategory(eventsOnly, { category, level: "muted" })).ok).toBe(true);
    const shown = [];
    for (let i = 0; i < 7; i++) shown.push(await discussionBy(author, { title: `Event ${i} ${crypto.randomUUID()}`, category: "events" }));
    await commentOn(shown[0]!.id, answerer);
    const gone = await discussionBy(author, { title: `Event weg ${crypto.randomUUID()}`, category: "events" });
    await moderateDiscussion(moderator, { discussionId: gone.id, action: "hide-discussion", reason: "Doppelt" });
    await discussionBy(eventsOnly, { title: `Eigenes Event ${crypto.randomUUID()}`, category: "events" });
    const { text, sections } = await preview(eventsOnly);
    expect(sections.Meistdiskutiert!.split("\n- ")).toHaveLength(6);
    expect(sections.Meistdiskutiert).toContain(`${shown[0]!.title}\n  Events · Neue Diskussion, 1 neue Antwort`);
    expect(text).toContain("Außerdem neu: 2 weitere Diskussionen.");
  });
});

describe("the digest mail", () => {
  it("lands in the developer mailbox with both parts, and its HTML is valid and at most 600 px wide", async () => {
    await sendAllDueDigests();
    const mail = (await listDevMailbox(200)).find((candidate) => candidate.kind === "digest" && candidate.to === reader.email);
    expect(mail?.subject).toMatch(/^Das Wichtigste aus der Community – /);
    expect(mail?.text).toMatch(/^Hallo Leserin,\n\ndas ist neu seit Ihrem letzten Besuch am \d{1,2}\. \S+ \d{4}:/);
    expect(mail?.html).toContain(`<a href="${env.PUBLIC_URL}/discussion/`);
    expect(mail?.html).toContain(`/profile/${reader.id}#zusammenfassung`);

    // The mailbox lists it and opens its HTML part on a page of its own.
    const url = new URL(devMailboxUrl()!);
    const box = await mailboxLoader({ request: new Request(url), params: {}, context: {} } as never);
    expect(box.mails.map((listed) => listed.id)).toContain(mail!.id);
    const response = (await mailLoader({
      request: new Request(`${url.origin}/dev/mailbox/${mail!.id}${url.search}`),
      params: { id: mail!.id },
      context: {},
    } as never)) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toBe(mail!.html);

    expect(widthsAbove(html)).toEqual([]);
    expect(html).toContain("max-width:600px");
    expect(await nuHtmlErrors(html)).toEqual([]);
  }, 60_000);

  it("escapes what members wrote", async () => {
    const member = await makeViewer({ firstName: "Escape" });
    await awayTenDays(member);
    await discussionBy(author, { title: `Zeichen <b>fett</b> & "Zitat" ${crypto.randomUUID()}`, category: "general" });
    const { html } = await preview(member);
    expect(html).toContain("Zeichen &lt;b&gt;fett&lt;/b&gt; &amp; &quot;Zitat&quot;");
    expect(html).not.toContain("<b>fett</b>");
  });
});

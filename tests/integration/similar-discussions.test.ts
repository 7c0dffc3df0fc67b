import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { discussions } from "../../db/schema";
import { db } from "~/server/db";
import { findRelated, RELATED_COUNT, similarDiscussions, significantWords } from "~/server/search";
import type { DiscussionDetail } from "~/server/discussions";
import { commentOn, discussionBy } from "../support/content";
import { makeViewer } from "../support/members";

let ladezeit: DiscussionDetail;
let ladezeitSolved: DiscussionDetail;
let ladezeitHidden: DiscussionDetail;
let ladezeitTeil: DiscussionDetail;
let bilder: DiscussionDetail;
const fillers: DiscussionDetail[] = [];

beforeAll(async () => {
  const author = await makeViewer();
  const helper = await makeViewer();
  ladezeit = await discussionBy(author, {
    title: "Startseite Ladezeit verbessern",
    content: "<p>Unsere Startseite lädt langsam, die Ladezeit liegt bei vier Sekunden.</p>",
  });
  ladezeitSolved = await discussionBy(author, {
    title: "Ladezeit der Startseite halbiert – was hat bei euch am meisten geholfen?",
    content: "<p>Bilder komprimiert, Skripte verzögert.</p>",
  });
  const answer = await commentOn(ladezeitSolved.id, helper, { content: "Lazy Loading für alles unterhalb der Falz." });
  await db.update(discussions).set({ solutionCommentId: answer, solvedAt: new Date() }).where(eq(discussions.id, ladezeitSolved.id));
  ladezeitHidden = await discussionBy(author, {
    title: "Startseite Ladezeit mit verstecktem Spam",
    content: "<p>Startseite Ladezeit billig verbessern, hier klicken.</p>",
  });
  await db.update(discussions).set({ hiddenAt: new Date() }).where(eq(discussions.id, ladezeitHidden.id));
  ladezeitTeil = await discussionBy(author, {
    title: "Server-Antwortzeit im Shop",
    content: "<p>Die Ladezeit hängt bei uns am Server.</p>",
  });
  bilder = await discussionBy(author, { title: "Alt-Texte für Produktbilder", content: "<p>Wie ausführlich schreibt ihr sie?</p>" });
  for (let index = 0; index < 6; index++) {
    fillers.push(await discussionBy(author, { title: `Budgetplanung Kampagne ${index}`, category: "sea" }));
  }
});

describe("similarDiscussions", () => {
  it("finds visible discussions only, best match first", async () => {
    const found = await similarDiscussions({ title: "Startseite Ladezeit" });
    const ids = found.map((item) => item.id);
    expect(ids).not.toContain(ladezeitHidden.id);
    expect(ids).not.toContain(bilder.id);
    // Both words in the title first, one word in the title next, the word only in the text last.
    expect(ids.slice(0, 3)).toEqual([ladezeit.id, ladezeitSolved.id, ladezeitTeil.id]);
  });

  it("puts solved ones first when asked, and marks them", async () => {
    const found = await similarDiscussions({ title: "Startseite Ladezeit" }, { preferSolved: true });
    expect(found[0]).toMatchObject({ id: ladezeitSolved.id, solved: true });
    expect(found.slice(1).every((item) => !item.solved)).toBe(true);
  });

  it("leaves out the discussion it is asked for", async () => {
    const found = await similarDiscussions(ladezeit, { excludeId: ladezeit.id });
    expect(found.map((item) => item.id)).not.toContain(ladezeit.id);
    expect(found[0]?.id).toBe(ladezeitSolved.id);
  });

  it("finds a title by its trigrams where the stemmer finds nothing", async () => {
    const found = await similarDiscussions({ title: "Alt-Texte Produktbild" });
    expect(found[0]?.id).toBe(bilder.id);
  });

  it("answers nothing, and no error, for words that are not there or no words at all", async () => {
    expect(await similarDiscussions({ title: "Quxzyl Vbrmt" })).toEqual([]);
    expect(await similarDiscussions({ title: "!!! ??? ---" })).toEqual([]);
    expect(await similarDiscussions({ title: "or and & | ! :*" })).toEqual([]);
  });

  it("keeps the significant words in order, each once", () => {
    expect(significantWords("SEO: Startseite, Startseite & Ladezeit – a or b")).toEqual(["seo", "startseite", "ladezeit"]);
  });
});

describe("findRelated", () => {
  it("fills five links of visible discussions, never the discussion itself, similar ones first", async () => {
    for (const discussion of [ladezeit, bilder, ...fillers]) {
      const related = await findRelated(discussion);
      const ids = related.map((item) => item.id);
      expect(ids).toHaveLength(RELATED_COUNT);
      expect(new Set(ids).size).toBe(RELATED_COUNT);
      expect(ids).not.toContain(discussion.id);
      expect(ids).not.toContain(ladezeitHidden.id);
    }
    const related = await findRelated(ladezeit);
    expect(related.slice(0, 2).map((item) => item.id)).toEqual([ladezeitSolved.id, ladezeitTeil.id]);
  });
});

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
let newsletterSolved: DiscussionDetail;
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
  newsletterSolved = await discussionBy(author, {
    title: "Newsletter-Tool für kleine Listen gesucht",
    content: "<p>Die Anmeldung steht bei uns auf der Startseite.</p>",
  });
  const tip = await commentOn(newsletterSolved.id, helper, { content: "Probiert eines mit Double-Opt-in." });
  await db.update(discussions).set({ solutionCommentId: tip, solvedAt: new Date() }).where(eq(discussions.id, newsletterSolved.id));
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
    // Both words in the title first (the closer title ahead), then those with one of them in the text only.
    expect(ids.slice(0, 2)).toEqual([ladezeit.id, ladezeitSolved.id]);
    expect(ids.slice(2, 4).sort()).toEqual([ladezeitTeil.id, newsletterSolved.id].sort());
  });

  it("puts solved ones first when asked, and marks them", async () => {
    const found = await similarDiscussions({ title: "Startseite Ladezeit" }, { preferSolved: true });
    expect(found[0]).toMatchObject({ id: ladezeitSolved.id, solved: true });
    expect(found.slice(1).every((item) => !item.solved)).toBe(true);
    // Solved, but sharing one word of its text only: it does not push the close ones aside.
    expect(found.map((item) => item.id)).not.toContain(newsletterSolved.id);
    expect((await similarDiscussions({ title: "Startseite Ladezeit" })).map((item) => item.id)).toContain(newsletterSolved.id);
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
    expect(related[0]?.id).toBe(ladezeitSolved.id);
    expect(
      related
        .slice(1, 3)
        .map((item) => item.id)
        .sort(),
    ).toEqual([ladezeitTeil.id, newsletterSolved.id].sort());
  });
});

describe("similar discussions in the trade's words", () => {
  it("find the thread that says 'SEO' for a title that says 'Suchmaschinenoptimierung' (the synonym groups)", async () => {
    const author = await makeViewer();
    const seo = await discussionBy(author, {
      title: "SEO-Quick-Wins für Zahnarztpraxen",
      content: "<p>Welche Maßnahmen bringen bei lokalen Praxen am schnellsten Sichtbarkeit?</p>",
    });
    const found = await similarDiscussions({ title: "Suchmaschinenoptimierung in der Dentalbranche" });
    expect(found.map((discussion) => discussion.id)).toContain(seo.id);
  });
});

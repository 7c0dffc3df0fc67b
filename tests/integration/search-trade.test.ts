import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, discussions, jobs, searchQueryDays, searchSynonyms, searchWords } from "../../db/schema";
import { db, queryRows } from "~/server/db";
import { addSynonymGroup, removeSynonymGroup } from "~/server/admin";
import { createDiscussion, updateDiscussion } from "~/server/discussions";
import { runDueJobs } from "~/server/jobs";
import { moderateDiscussion } from "~/server/moderation";
import {
  didYouMean,
  expandedTerms,
  purgeSearchStatistics,
  recordSearch,
  refreshSearchWords,
  searchDiscussions,
  searchStatistics,
  startSynonymsListener,
  synonymsOf,
} from "~/server/search";
import type { SearchFilter } from "~/lib/search";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";
import { searchFilter as filter } from "../support/search-filter";

const now = new Date("2026-11-21T12:00:00Z");
const titles = async (query: string, overrides: Partial<SearchFilter> = {}) =>
  (await searchDiscussions(filter(query, overrides), now)).hits.map((hit) => hit.title).sort();

const vocabulary = async (word: string) =>
  (
    await db
      .select({ spelling: searchWords.spelling, uses: searchWords.uses })
      .from(searchWords)
      .where(sql`${searchWords.word} = ${word}`)
  )[0] ?? null;

let moderator: Viewer;
let member: Viewer;

beforeAll(async () => {
  const aylin = await makeViewer({ firstName: "Aylin", lastName: "Demir" });
  const jonas = await makeViewer({ firstName: "Jonas", lastName: "Weber" });
  moderator = await makeViewer({ role: "moderator" });
  member = await makeViewer();
  const rows = [
    { title: "SEO für Onlineshops", content: "<p>Wie strukturiert ihr Kategorieseiten?</p>", category: "seo", authorId: aylin.id },
    { title: "Google Ads Budget", content: "<p>Wie verteilt ihr das Budget?</p>", category: "sea", authorId: jonas.id },
    { title: "Ladezeit und Core Web Vitals", content: "<p>INP verbessern.</p>", category: "seo", authorId: jonas.id },
    { title: "Künstliche Intelligenz im Content", content: "<p>Texte mit Sprachmodellen.</p>", category: "ki-suche", authorId: aylin.id },
    {
      title: "Geheimprojekt Zaubertrankrezept",
      content: "<p>Nur die Moderation sieht das.</p>",
      category: "general",
      authorId: aylin.id,
      hiddenAt: now,
    },
  ];
  await db
    .insert(discussions)
    .values(
      rows.map((row, i) => ({ ...row, slug: `trade-${i}`, repliesCount: i, createdAt: new Date(now.getTime() - (i + 1) * 86_400_000) })),
    );
});

describe("synonyms of the trade", () => {
  it("a search for 'Suchmaschinenoptimierung' finds the discussion that only says 'SEO', and the other way round", async () => {
    expect(await titles("Suchmaschinenoptimierung")).toEqual(["SEO für Onlineshops"]);
    expect(await titles("suchmaschinenoptimierung onlineshops")).toEqual(["SEO für Onlineshops"]);
    expect(await titles("SEA")).toEqual(["Google Ads Budget"]);
    expect(await titles("Suchmaschinenwerbung")).toEqual(["Google Ads Budget"]);
    expect(await titles("CWV")).toEqual(["Ladezeit und Core Web Vitals"]);
    expect(await titles("KI")).toEqual(["Künstliche Intelligenz im Content"]);
  });

  it("highlights the synonyms found, and a word outside any group still has to match", async () => {
    const result = await searchDiscussions(filter("Suchmaschinenoptimierung"), now);
    expect(result.terms).toEqual(expect.arrayContaining(["suchmaschinenoptimierung", "seo"]));
    expect(await titles("Suchmaschinenoptimierung Budget")).toEqual([]);
  });

  it("synonymsOf and expandedTerms answer for the helpers that use them", async () => {
    expect(await synonymsOf("ga4")).toEqual(["GA4", "Google Analytics 4"]);
    expect(await synonymsOf("Backlinks")).toEqual(["Backlinks"]);
    const expanded = await expandedTerms("Core Web Vitals Shop");
    expect(expanded.rest).toBe("Shop");
    expect(expanded.alternatives).toEqual([["Core Web Vitals", "CWV"]]);
  });

  it("a group staff add is used by the next search at once, in a process that keeps the groups; a moderator may, a member may not", async () => {
    const stop = await startSynonymsListener();
    try {
      expect(await titles("Onlinehandel")).toEqual([]);
      const refused = await addSynonymGroup(member, { terms: ["Onlinehandel", "Onlineshops"] });
      expect(refused.ok).toBe(false);
      const added = await addSynonymGroup(moderator, { terms: ["Onlinehandel", "Onlineshops"] });
      expect(added.ok).toBe(true);
      expect(await titles("Onlinehandel")).toEqual(["SEO für Onlineshops"]);

      const duplicate = await addSynonymGroup(moderator, { terms: ["onlinehandel", "E-Commerce"] });
      expect(duplicate).toMatchObject({ ok: false, reason: "conflict" });

      const [group] = await db
        .select({ id: searchSynonyms.id })
        .from(searchSynonyms)
        .where(sql`'Onlinehandel' = any(${searchSynonyms.terms})`);
      expect((await removeSynonymGroup(moderator, { id: group!.id })).ok).toBe(true);
      expect(await titles("Onlinehandel")).toEqual([]);
      const audit = await db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(sql`${auditLog.targetType} = 'synonym-group'`);
      expect(audit.map((entry) => entry.action).sort()).toEqual(["synonym-group-add", "synonym-group-remove"]);
    } finally {
      await stop();
    }
  });
});

describe("operators in the search box", () => {
  it("von: finds a visible author's discussions by first name or full name, any case", async () => {
    expect(await titles("von:Aylin")).toEqual(["Künstliche Intelligenz im Content", "SEO für Onlineshops"]);
    expect(await titles('von:"aylin demir" SEO')).toEqual(["SEO für Onlineshops"]);
    expect(await titles("von:Niemand")).toEqual([]);
  });

  it("kategorie: and status: combine with the words, and win over the controls", async () => {
    expect(await titles("kategorie:sea")).toEqual(["Google Ads Budget"]);
    expect(await titles("kategorie:SEO Ladezeit")).toEqual(["Ladezeit und Core Web Vitals"]);
    expect(await titles("kategorie:seo", { category: "sea" })).toEqual(["Ladezeit und Core Web Vitals", "SEO für Onlineshops"]);
    expect(await titles("status:gelöst")).toEqual([]);
    expect((await titles("status:offen")).length).toBe(4);
  });

  it("an unknown operator is plain text", async () => {
    expect(await titles("farbe:blau")).toEqual([]);
  });
});

describe("Meinten Sie …?", () => {
  // The vocabulary is the job runner's; here it is made current directly.
  beforeAll(() => refreshSearchWords());

  it("offers the synonym term closest to a mistyped phrase, keeping the operators", async () => {
    expect(await didYouMean(filter("Core Web Vitls"), now)).toBe("Core Web Vitals");
    expect(await didYouMean(filter("Core Web Vitls kategorie:seo"), now)).toBe("Core Web Vitals kategorie:seo");
  });

  it("corrects a word to one of a visible title", async () => {
    expect(await didYouMean(filter("Onlineshpos"), now)).toBe("Onlineshops");
  });

  it("never offers a hidden discussion's words, and nothing for a query that finds something or nothing like it", async () => {
    expect(await titles("Zaubertrankrezept")).toEqual([]);
    expect(await didYouMean(filter("Zaubertrankrezpt"), now)).toBeNull();
    expect(await didYouMean(filter("Geheimprojkt"), now)).toBeNull();
    // The same discussion, visible, is offered: the null above is the visibility's doing, not the matching's.
    await db
      .update(discussions)
      .set({ hiddenAt: null })
      .where(sql`${discussions.slug} = 'trade-4'`);
    try {
      await refreshSearchWords();
      expect(await didYouMean(filter("Zaubertrankrezpt"), now)).toBe("Zaubertrankrezept");
    } finally {
      await db
        .update(discussions)
        .set({ hiddenAt: now })
        .where(sql`${discussions.slug} = 'trade-4'`);
    }
    // Hidden again, its words wait in the vocabulary for the next rebuild; the correction finds nothing visible, so
    // none is offered.
    expect(await vocabulary("zaubertrankrezept")).toEqual({ spelling: "Zaubertrankrezept", uses: 1 });
    expect(await didYouMean(filter("Zaubertrankrezpt"), now)).toBeNull();
    await refreshSearchWords();
    expect(await vocabulary("zaubertrankrezept")).toBeNull();
    expect(await didYouMean(filter("Quantenkompression"), now)).toBeNull();
  });
});

describe("the vocabulary of visible titles", () => {
  it("holds each word of 3 letters or more once, in small letters, with the titles' spelling and how often they use it", async () => {
    await refreshSearchWords();
    expect(await vocabulary("onlineshops")).toEqual({ spelling: "Onlineshops", uses: 1 });
    expect(await vocabulary("vitals")).toEqual({ spelling: "Vitals", uses: 1 });
    // "für", "und", "im": only words of 3 letters or more; "im" is too short.
    expect(await vocabulary("für")).toEqual({ spelling: "für", uses: 1 });
    expect(await vocabulary("im")).toBeNull();
    expect(await vocabulary("geheimprojekt")).toBeNull();
  });

  it("of two words as close to the typed one, offers the one more titles use", async () => {
    const author = await makeViewer({ established: true });
    const rows = ["Sichtbarkeit messen", "Sichtbarkeit steigern", "Sichtbarkait im Test"].map((title, i) => ({
      title,
      content: "<p>Wie?</p>",
      category: "seo",
      authorId: author.id,
      slug: `sichtbarkeit-${i}`,
    }));
    await db.insert(discussions).values(rows);
    try {
      await refreshSearchWords();
      // "Sichtbarkxit" is as close to "Sichtbarkeit" as to the typo "Sichtbarkait", which comes first in the alphabet;
      // the word two titles use wins.
      expect(await didYouMean(filter("Sichtbarkxit"), now)).toBe("Sichtbarkeit");
    } finally {
      await db.delete(discussions).where(sql`${discussions.slug} like 'sichtbarkeit-%'`);
      await refreshSearchWords();
    }
  });

  it("is rebuilt by the job runner soon after a discussion is created, renamed, hidden or restored: one waiting rebuild for them all", async () => {
    const author = await makeViewer({ established: true });
    const waiting = async () =>
      (
        await db
          .select({ id: jobs.id })
          .from(jobs)
          .where(sql`${jobs.kind} = 'refresh-search-words-soon' and ${jobs.status} = 'pending'`)
      ).length;
    const runWaiting = async () => {
      // The rebuild waits a little for more writes; the test does not.
      await db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(sql`${jobs.kind} = 'refresh-search-words-soon' and ${jobs.status} = 'pending'`);
      return runDueJobs({ kinds: ["refresh-search-words-soon"] });
    };
    // An established member has written before: that rebuild runs first.
    await runWaiting();
    expect(await waiting()).toBe(0);

    const created = await createDiscussion(author, {
      title: "Strukturierte Daten für Rezepte",
      category: "seo",
      content: "<p>Welche Felder braucht Google?</p>",
      contentFormat: "html",
      assignedTo: undefined,
    });
    if (!created.ok) throw new Error(created.reason);
    const [row] = await db
      .select({ id: discussions.id })
      .from(discussions)
      .where(sql`${discussions.slug} = ${created.value.slug}`);
    const discussionId = row!.id;
    expect(await waiting()).toBe(1);
    expect(await vocabulary("strukturierte")).toBeNull();
    const renamed = await updateDiscussion(author, {
      discussionId,
      title: "Strukturierte Daten für Kochrezepte",
      category: "seo",
      content: "<p>Welche Felder braucht Google?</p>",
      contentFormat: "html",
    });
    expect(renamed.ok).toBe(true);
    expect(await waiting()).toBe(1);
    expect(await runWaiting()).toBe(1);
    expect(await vocabulary("strukturierte")).toEqual({ spelling: "Strukturierte", uses: 1 });
    expect(await vocabulary("kochrezepte")).toEqual({ spelling: "Kochrezepte", uses: 1 });
    expect(await vocabulary("rezepte")).toBeNull();

    // An edit that keeps the title asks for no rebuild.
    const edited = await updateDiscussion(author, {
      discussionId,
      title: "Strukturierte Daten für Kochrezepte",
      category: "seo",
      content: "<p>Welche Felder braucht Google wirklich?</p>",
      contentFormat: "html",
    });
    expect(edited.ok).toBe(true);
    expect(await waiting()).toBe(0);

    expect((await moderateDiscussion(moderator, { discussionId, action: "hide-discussion", reason: "Test" })).ok).toBe(true);
    expect(await waiting()).toBe(1);
    expect(await runWaiting()).toBe(1);
    expect(await vocabulary("kochrezepte")).toBeNull();

    expect((await moderateDiscussion(moderator, { discussionId, action: "restore-discussion" })).ok).toBe(true);
    expect(await waiting()).toBe(1);
    expect(await runWaiting()).toBe(1);
    expect(await vocabulary("kochrezepte")).toEqual({ spelling: "Kochrezepte", uses: 1 });

    expect((await moderateDiscussion(moderator, { discussionId, action: "hide-discussion", reason: "Test" })).ok).toBe(true);
    await runWaiting();
  });
});

describe("search statistics", () => {
  it("count searches per day and normalised query, with zero hits, and nothing about who searched", async () => {
    await recordSearch("  Core  Web Vitals ", false, now);
    await recordSearch("core web vitals", false, now);
    await recordSearch("Shopware 7", true, now);
    await recordSearch("", true, now);
    const columns = await queryRows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'search_query_days' order by column_name`,
    );
    expect(columns.map((row) => row.column_name)).toEqual(["day", "query", "searches", "zero_hits"]);
    const stats = await searchStatistics(now);
    expect(stats.frequent).toEqual([
      { query: "core web vitals", searches: 2, zeroHits: 0 },
      { query: "shopware 7", searches: 1, zeroHits: 1 },
    ]);
    expect(stats.withoutResults).toEqual([{ query: "shopware 7", searches: 1, zeroHits: 1 }]);
    expect(stats.searches).toBe(3);
  });

  it("expire after 30 days", async () => {
    await recordSearch("alte suche", true, new Date(now.getTime() - 31 * 86_400_000));
    await recordSearch("neue suche", false, new Date(now.getTime() - 29 * 86_400_000));
    expect((await searchStatistics(now)).frequent.map((row) => row.query)).not.toContain("alte suche");
    expect(await purgeSearchStatistics(now)).toBe(1);
    const left = await db.select({ query: searchQueryDays.query }).from(searchQueryDays);
    expect(left.map((row) => row.query).sort()).toEqual(["core web vitals", "neue suche", "shopware 7"]);
  });
});

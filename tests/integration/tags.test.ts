/**
 * Tags (decision 0053): the discussion writes set them (five at most, existing ones, new ones only with standing),
 * the counts follow the visible discussions, and the tag page lists visible discussions only.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { tags } from "../../db/schema";
import { createDiscussion, getDiscussionBySlug, listTagPage, listRecentDiscussions, updateDiscussion } from "~/server/discussions";
import { moderateDiscussion } from "~/server/moderation";
import { deleteTag, describeTag, listTags, mergeTag, renameTag, suggestTags, tagAt } from "~/server/tags";
import { auditLog } from "../../db/schema";
import { db } from "~/server/db";
import { searchDiscussions } from "~/server/search";
import { parseSearchFilter, searchHref } from "~/lib/search";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";
import { discussionBy } from "../support/content";

let established: Viewer;
let fresh: Viewer;
let moderator: Viewer;

async function countOf(slug: string): Promise<number> {
  const [row] = await db.select({ count: tags.discussionCount }).from(tags).where(eq(tags.slug, slug));
  return row?.count ?? -1;
}

const base = { category: "seo" as const, content: "<p>Inhalt</p>", contentFormat: "html" as const, assignedTo: undefined };

beforeAll(async () => {
  established = await makeViewer({ established: true, firstName: "Erfahrene" });
  fresh = await makeViewer({ firstName: "Neue" });
  moderator = await makeViewer({ role: "moderator", firstName: "Moderatorin" });
});

describe("tagging a discussion", () => {
  it("creates a new tag for a member with standing, with its URL name, and counts the discussion", async () => {
    const discussion = await discussionBy(established, { tags: ["Core Web Vitals", "llms.txt", "GA4"] });
    expect(discussion.tags.map((tag) => tag.slug).sort()).toEqual(["core-web-vitals", "ga4", "llms-txt"]);
    expect(await countOf("core-web-vitals")).toBe(1);
    expect(await countOf("llms-txt")).toBe(1);
  });

  it("lets a fresh member choose an existing tag, whatever the case they type", async () => {
    const discussion = await discussionBy(fresh, { tags: ["ga4"] });
    expect(discussion.tags).toEqual([{ slug: "ga4", name: "GA4" }]);
    expect(await countOf("ga4")).toBe(2);
  });

  it("refuses a new tag from a fresh member with the German field message, and writes nothing", async () => {
    const title = `Frage ${crypto.randomUUID()}`;
    const refused = await createDiscussion(fresh, { ...base, title, tags: ["GA4", "Performance Max"] });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.reason).toBe("invalid");
    expect(refused.fieldErrors?.tags?.[0]).toContain("„Performance Max“ gibt es noch nicht.");
    expect(refused.fieldErrors?.tags?.[0]).toContain("Neue Schlagwörter können Mitglieder anlegen, die");
    expect(refused.fieldErrors?.tags?.[0]).toContain("wählen Sie ein vorhandenes.");
    expect(await tagAt("performance-max")).toBeNull();
    expect((await listRecentDiscussions(50)).some((discussion) => discussion.title === title)).toBe(false);
    expect(await countOf("ga4")).toBe(2);
  });

  it("lets staff create a tag", async () => {
    const discussion = await discussionBy(moderator, { tags: ["Local SEO"] });
    expect(discussion.tags).toEqual([{ slug: "local-seo", name: "Local SEO" }]);
  });

  it("changes the tags when the author edits, and moves the counts of both sides", async () => {
    const discussion = await discussionBy(established, { tags: ["GA4", "Local SEO"] });
    expect(await countOf("ga4")).toBe(3);
    const edited = await updateDiscussion(established, {
      discussionId: discussion.id,
      title: discussion.title,
      category: "seo",
      content: "<p>Inhalt</p>",
      contentFormat: "html",
      tags: ["Local SEO", "Core Web Vitals"],
    });
    expect(edited.ok).toBe(true);
    expect((await getDiscussionBySlug(discussion.slug))!.tags.map((tag) => tag.slug)).toEqual(["core-web-vitals", "local-seo"]);
    expect(await countOf("ga4")).toBe(2);
    expect(await countOf("core-web-vitals")).toBe(2);
    // A form without the field leaves them as they are.
    await updateDiscussion(established, {
      discussionId: discussion.id,
      title: "Neu betitelt",
      category: "seo",
      content: "<p>x</p>",
      contentFormat: "html",
    });
    expect((await getDiscussionBySlug(discussion.slug))!.tags).toHaveLength(2);
  });

  it("refuses a new tag on a fresh member's edit and keeps the discussion as it was", async () => {
    const discussion = await discussionBy(fresh, { tags: ["GA4"] });
    const refused = await updateDiscussion(fresh, {
      discussionId: discussion.id,
      title: "Geändert",
      category: "seo",
      content: "<p>x</p>",
      contentFormat: "html",
      tags: ["Brandneu"],
    });
    expect(refused.ok).toBe(false);
    const after = (await getDiscussionBySlug(discussion.slug))!;
    expect(after.title).toBe(discussion.title);
    expect(after.tags).toEqual([{ slug: "ga4", name: "GA4" }]);
  });
});

describe("visibility", () => {
  it("a hidden discussion is neither counted nor listed on the tag page, and counts again when restored", async () => {
    const shown = await discussionBy(established, { tags: ["Sichtbarkeit"] });
    const hidden = await discussionBy(established, { tags: ["Sichtbarkeit"] });
    expect(await countOf("sichtbarkeit")).toBe(2);
    await moderateDiscussion(moderator, { discussionId: hidden.id, action: "hide-discussion", reason: "Test" });
    expect(await countOf("sichtbarkeit")).toBe(1);
    const found = await tagAt("sichtbarkeit");
    if (!found || !("tag" in found)) throw new Error("tag missing");
    const page = await listTagPage(found.tag.id, found.tag.discussionCount, 1);
    expect(page.discussions.map((discussion) => discussion.id)).toEqual([shown.id]);
    await moderateDiscussion(moderator, { discussionId: hidden.id, action: "restore-discussion", reason: "" });
    expect(await countOf("sichtbarkeit")).toBe(2);
  });

  it("/tags lists only tags with visible discussions, busiest first", async () => {
    const lonely = await discussionBy(established, { tags: ["Einsam"] });
    await moderateDiscussion(moderator, { discussionId: lonely.id, action: "hide-discussion", reason: "Test" });
    const listed = await listTags();
    expect(listed.some((tag) => tag.slug === "einsam")).toBe(false);
    const counts = listed.map((tag) => tag.discussionCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});

describe("suggestions", () => {
  it("finds tags by the beginning of their name or of a word in it, busiest first", async () => {
    expect((await suggestTags("core")).map((tag) => tag.slug)).toContain("core-web-vitals");
    expect((await suggestTags("web")).map((tag) => tag.slug)).toContain("core-web-vitals");
    expect((await suggestTags("llms.")).map((tag) => tag.slug)).toEqual(["llms-txt"]);
    expect(await suggestTags("%")).toEqual([]);
  });
});

describe("the search's tag filter", () => {
  it("finds the visible discussions that carry the tag, with the text too, and keeps ?tag= in its one URL", async () => {
    const tagged = await discussionBy(established, { title: "Messlücke im Shop", tags: ["Messung"] });
    const other = await discussionBy(established, { title: "Messlücke ohne Schlagwort" });
    const filter = parseSearchFilter(new URLSearchParams("tag=messung"));
    expect(searchHref(filter)).toBe("/search?tag=messung");
    const ids = (await searchDiscussions(filter)).hits.map((hit) => hit.id);
    expect(ids).toEqual([tagged.id]);
    const withText = (await searchDiscussions({ ...filter, query: "Messlücke" })).hits.map((hit) => hit.id);
    expect(withText).toEqual([tagged.id]);
    expect((await searchDiscussions({ ...filter, query: "Messlücke", tag: undefined })).hits.map((hit) => hit.id)).toContain(other.id);
    // The same as an operator in the box: tag: takes the tag's name or slug.
    const typed = parseSearchFilter(new URLSearchParams("q=Messlücke tag:Messung"));
    expect((await searchDiscussions(typed)).hits.map((hit) => hit.id)).toEqual([tagged.id]);
    // A slug that cannot be one is ignored, as an unknown category is.
    expect(parseSearchFilter(new URLSearchParams("tag=%3Cb%3E")).tag).toBeUndefined();
  });
});

describe("curation by staff", () => {
  async function idOf(slug: string): Promise<string> {
    const found = await tagAt(slug);
    if (!found || !("tag" in found)) throw new Error(`no tag ${slug}`);
    return found.tag.id;
  }

  it("renames a tag: the old address leads to the new one, and the log has it", async () => {
    await discussionBy(established, { tags: ["Alter Name"] });
    const id = await idOf("alter-name");
    expect(await renameTag(fresh, { tagId: id, name: "Neuer Name" })).toMatchObject({ ok: false, reason: "forbidden" });
    expect(await renameTag(moderator, { tagId: id, name: "Neuer Name" })).toEqual({ ok: true, value: { slug: "neuer-name" } });
    expect(await tagAt("alter-name")).toEqual({ movedTo: "neuer-name" });
    expect(await tagAt("neuer-name")).toMatchObject({ tag: { name: "Neuer Name" } });
    const logged = await db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(logged.map((entry) => entry.action)).toEqual(["tag-rename"]);
  });

  it("refuses a rename onto another tag's address", async () => {
    const id = await idOf("neuer-name");
    expect(await renameTag(moderator, { tagId: id, name: "GA4" })).toMatchObject({ ok: false, reason: "conflict" });
  });

  it("merges A into B: A's discussions carry B once, A's addresses lead to B, B's count follows", async () => {
    const both = await discussionBy(established, { tags: ["Quelle", "Ziel"] });
    const onlyA = await discussionBy(established, { tags: ["Quelle"] });
    const [a, b] = [await idOf("quelle"), await idOf("ziel")];
    expect(await mergeTag(moderator, { tagId: a, intoId: a })).toMatchObject({ ok: false, reason: "invalid" });
    expect(await mergeTag(moderator, { tagId: a, intoId: b })).toEqual({ ok: true, value: { slug: "ziel" } });
    expect(await tagAt("quelle")).toEqual({ movedTo: "ziel" });
    expect(await countOf("ziel")).toBe(2);
    expect((await getDiscussionBySlug(both.slug))!.tags).toEqual([{ slug: "ziel", name: "Ziel" }]);
    expect((await getDiscussionBySlug(onlyA.slug))!.tags).toEqual([{ slug: "ziel", name: "Ziel" }]);
  });

  it("describes and deletes", async () => {
    const id = await idOf("ziel");
    expect((await describeTag(moderator, { tagId: id, description: "Wohin es geht." })).ok).toBe(true);
    expect(await tagAt("ziel")).toMatchObject({ tag: { description: "Wohin es geht." } });
    expect((await deleteTag(moderator, { tagId: id })).ok).toBe(true);
    expect(await tagAt("ziel")).toBeNull();
    expect(await tagAt("quelle")).toBeNull();
  });
});

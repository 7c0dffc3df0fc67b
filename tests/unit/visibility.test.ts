import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files";

/**
 * One visibility rule (decision 0028): what only staff may see is decided in
 * app/server/platform/visibility.server.ts. Everywhere else a query filters
 * with its scopes (`visible.discussion(d)`, `visible.comment()`) and code
 * judges a loaded row with `isHidden(row)`. This test reads the server code
 * and the routes and fails on the rule written by hand, so a new query, feed
 * or count cannot forget it or spell it differently.
 */
const RULE_FILE = "app/server/platform/visibility.server.ts";

const handWritten: Array<[RegExp, string]> = [
  [/hidden_?at"?\s*\}?\s+is\s+(not\s+)?null/gi, "hidden_at is null in SQL text"],
  [/\bis(Not)?Null\([^)]*hiddenAt\s*\)/g, "isNull(….hiddenAt)"],
  [/hiddenAt\s*(!==|===|!=|==)\s*null|null\s*(!==|===|!=|==)\s*[\w.]*hiddenAt\b/g, "hiddenAt compared with null"],
  [/!\s*[\w.?]*\.hiddenAt\b|\.hiddenAt\s*(\)|\?(?!\.)|&&|\|\|)/g, "hiddenAt read as true or false"],
  // Held posts (decision 0035): `heldForReview.*` and `isHeld` are the only spellings.
  [/held_?at"?\s*\}?\s+is\s+(not\s+)?null/gi, "held_at is null in SQL text"],
  [/\bis(Not)?Null\([^)]*heldAt\s*\)/g, "isNull(….heldAt)"],
  [/heldAt\s*(!==|===|!=|==)\s*null|null\s*(!==|===|!=|==)\s*[\w.]*heldAt\b/g, "heldAt compared with null"],
  [/!\s*[\w.?]*\.heldAt\b|\.heldAt\s*(\)|\?(?!\.)|&&|\|\|)/g, "heldAt read as true or false"],
];

/**
 * Every module that reads the discussions or comments table, sorted by whether what it reads reaches guests.
 * A guest-visible reader must use the scopes (or judge its rows with isHidden / canRead); the others say why they
 * may read hidden and held rows. A new module that reads posts fails here until it is placed in one list.
 */
const GUEST_VISIBLE_READERS = [
  "app/server/tags/tags.server.ts", // a tag's count of visible discussions (decision 0053)
  "app/server/bookmarks/bookmarks.server.ts", // a member's bookmarks: posts hidden since leave members' lists
  "app/server/discussions/archive.server.ts", // the archive's months and their pages (decision 0058)
  "app/server/discussions/comments.server.ts", // the comment pages (thread placeholders for hidden comments)
  "app/server/discussions/community-stats.server.ts", // home's statistics
  "app/server/discussions/discussion-detail.server.ts", // a discussion's page, its solution quote
  "app/server/discussions/discussion-lists.server.ts", // home, subforums, profiles' lists
  "app/server/discussions/live-thread.server.ts", // an open discussion page's live state (its marks' sum)
  "app/server/discussions/read-positions.server.ts", // unread counts and "first unread"
  "app/server/discussions/revisions.server.ts", // a post's earlier versions ("bearbeitet")
  "app/server/images/image-serving.server.ts", // a post's images, served after the post's visibility (a message's: its conversation's)
  "app/server/members/best-answers.server.ts", // a profile's best answers
  "app/server/members/members.server.ts", // the directory, contributions
  "app/server/notifications/digest-content.server.ts", // what the digest mail lists (decision 0059)
  "app/server/notifications/notification-fanout.server.ts", // who hears of a post
  "app/server/notifications/notification-mail.server.ts", // what a mail quotes
  "app/server/notifications/notifications.server.ts", // the bell and the list
  "app/server/search/related.server.ts", // "Ähnliche Diskussionen" under a discussion
  "app/server/search/search.server.ts", // search
  "app/server/search/similar.server.ts", // similar discussions ("Wurde das schon gefragt?", the related list)
  "app/server/search/vocabulary.server.ts", // the words of visible titles that "Meinten Sie …?" offers
  "app/server/seo/feeds.server.ts", // RSS
  "app/server/seo/llms.server.ts", // llms.txt
  "app/server/seo/sitemap.server.ts", // the sitemaps
];
const NOT_GUEST_VISIBLE: Record<string, string> = {
  "app/server/platform/visibility.server.ts": "the rule itself",
  "app/server/accounts/new-members.server.ts": "counts a member's published posts for the posting rules",
  "app/server/answers/helpful.server.ts": "writes marks (locks the post and judges it with isHidden)",
  "app/server/answers/solutions.server.ts": "writes the solution",
  "app/server/answers/counters.server.ts": "recounts the counters from all rows (the visible ones where a counter counts only those)",
  "app/server/demo/demo-seed.server.ts": "writes the demo content",
  "app/server/search/suggestions.server.ts":
    "reads the vocabulary of visible titles (vocabulary.server.ts) and offers a correction only when searchConditions finds a visible discussion",
  "app/server/demo/demo-legal.server.ts": "picks published comments for the demo's legal notices (with the scopes)",
  "app/server/legal/notices.server.ts": "finds the reported post by its address (only a visible one, with the scopes)",
  "app/server/legal/statements.server.ts": "a statement's own record of the post it restricted, for its author and staff",
  "app/server/demo/demo-drafts.server.ts": "writes the demo drafts",
  "app/server/demo/demo-images.server.ts": "writes the demo's pictures into its posts",
  "app/server/discussions/drafts.server.ts": "a member's own drafts (what they answer is checked with the scopes)",
  "app/server/discussions/comment-pages.server.ts": "page numbers: a hidden thread keeps its place (a placeholder)",
  "app/server/discussions/discussion-summaries.server.ts": "columns and their mapping; the lists that use them filter",
  "app/server/discussions/discussion-writes.server.ts": "writes discussions",
  "app/server/discussions/held-posts.server.ts": "publishes or turns down held posts",
  "app/server/members/profile.server.ts": "a member's own data export and account deletion",
  "app/server/moderation/audit.server.ts": "staff's audit log",
  "app/server/moderation/moderation.server.ts": "staff's moderation writes",
  "app/server/moderation/review-queue.server.ts": "staff's review queue",
  "app/server/moderation/review.server.ts": "staff's review decisions",
};

/** Whether a source imports the discussions or comments table from the schema. */
function readsPosts(source: string): boolean {
  const imported = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"[./]*db\/schema"/g)].flatMap((match) =>
    match[1]!.split(",").map((name) => name.trim().replace(/^type\s+/, "")),
  );
  return imported.includes("discussions") || imported.includes("comments");
}

/** Where one source writes the visibility rule by hand. */
function findHandWrittenRule(source: string): string[] {
  const found: string[] = [];
  source.split("\n").forEach((line, index) => {
    // Comments may speak of the rule.
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
    for (const [pattern, what] of handWritten) {
      for (const match of line.matchAll(pattern)) found.push(`line ${index + 1}: ${what}: ${match[0]}`);
    }
  });
  return found;
}

describe("one visibility rule", () => {
  it("finds the rule written by hand in each of its forms, and leaves the scopes, writes and column reads alone", () => {
    expect(findHandWrittenRule("where ${d.hiddenAt} is null and x")).not.toEqual([]);
    expect(findHandWrittenRule("where c.hidden_at is not null")).not.toEqual([]);
    expect(findHandWrittenRule("and(eq(a, b), isNull(comments.hiddenAt))")).not.toEqual([]);
    expect(findHandWrittenRule("if (discussion.hiddenAt !== null) return;")).not.toEqual([]);
    expect(findHandWrittenRule("if (!discussion || discussion.hiddenAt) return;")).not.toEqual([]);
    expect(findHandWrittenRule("const open = !row.hiddenAt;")).not.toEqual([]);
    expect(findHandWrittenRule("const label = row.hiddenAt ? 'versteckt' : '';")).not.toEqual([]);
    expect(findHandWrittenRule("where ${visible.discussion(d)} and ${visible.comment()}")).toEqual([]);
    expect(findHandWrittenRule("  hiddenAt: comments.hiddenAt,")).toEqual([]);
    expect(findHandWrittenRule("set({ hiddenAt: new Date(), hiddenBy: actor.id })")).toEqual([]);
    expect(findHandWrittenRule("const hidden = isHidden(row) ? { at: row.hiddenAt!, reason } : null;")).toEqual([]);
    expect(findHandWrittenRule("hiddenAt: comment.hidden?.at ?? null,")).toEqual([]);
    expect(findHandWrittenRule(" * a hidden discussion (hidden_at is null) stays out")).toEqual([]);
    expect(findHandWrittenRule("where ${c.held_at} is not null")).not.toEqual([]);
    expect(findHandWrittenRule("const waiting = row.heldAt !== null;")).not.toEqual([]);
    expect(findHandWrittenRule(".where(and(eq(comments.id, id), heldForReview.comment()))")).toEqual([]);
  });

  it("is used by every module whose reads reach guests, and every other module that reads posts says why it may not", () => {
    const readers = [...sourceFiles("app/server"), ...sourceFiles("app/routes"), ...sourceFiles("server")].filter((file) =>
      readsPosts(fs.readFileSync(file, "utf8")),
    );
    const unplaced = readers.filter((file) => !GUEST_VISIBLE_READERS.includes(file) && !(file in NOT_GUEST_VISIBLE));
    expect(unplaced, "modules that read posts without being placed in one of the lists above").toEqual([]);
    const unscoped = GUEST_VISIBLE_READERS.filter(
      (file) => !/\b(visible|hiddenFromPublic)\.(discussion|comment)\(|\bisHidden\(|\bcanRead\(/.test(fs.readFileSync(file, "utf8")),
    );
    expect(unscoped, "guest-visible readers that use no visibility scope").toEqual([]);
    // The lists name files that exist and read posts: a renamed module must be placed again.
    expect([...GUEST_VISIBLE_READERS, ...Object.keys(NOT_GUEST_VISIBLE)].filter((file) => !readers.includes(file))).toEqual([]);
  });

  it("is written in the visibility module only: no query or route spells it by hand", () => {
    const files = [...sourceFiles("app/server"), ...sourceFiles("app/routes"), ...sourceFiles("server")].filter(
      (file) => file !== RULE_FILE,
    );
    const offences = files.flatMap((file) => findHandWrittenRule(fs.readFileSync(file, "utf8")).map((found) => `${file} ${found}`));
    expect(offences).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
  });
});

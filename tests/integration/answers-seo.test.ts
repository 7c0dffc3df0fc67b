/**
 * Answers that count for readers and answer engines (decision 0029): a solved discussion is a QAPage
 * with exactly the visible answers and their visible counts, an open one a DiscussionForumPosting with "Hilfreich"
 * per post; the Markdown version starts with the solution; llms.txt names solved questions first; a profile shows
 * a member's reputation and best answers, and the directory sorts by them.
 */
import { defaultSiteIdentity } from "~/lib/site-identity";
import { beforeAll, describe, expect, it } from "vitest";
import { markSolution, setHelpful } from "~/server/answers";
import {
  COMMENT_THREADS_PER_PAGE,
  commentHref,
  createComment,
  createDiscussion,
  discussionMarkdown,
  getDiscussionBySlug,
  listCommentPage,
} from "~/server/discussions";
import { getPublicProfile, listBestAnswers, listMembers } from "~/server/members";
import { moderateComment, moderateDiscussion } from "~/server/moderation";
import { discussionJsonLd, llmsTxt, profilePageJsonLd } from "~/server/seo";
import { db } from "~/server/db";
import { env } from "~/server/platform";
import type { Viewer } from "~/server/accounts";
import { profiles } from "../../db/schema";
import { eq } from "drizzle-orm";
import { makeViewer } from "../support/members";
import { schemaOrgErrors } from "../support/schemaorg";

let asker: Viewer;
let expert: Viewer;
let reader: Viewer;
let moderator: Viewer;
let fans: Viewer[];

beforeAll(async () => {
  // Members of long standing: they post more than a newcomer may in an hour (decision 0035).
  asker = await makeViewer({ firstName: "Fragende", joinedDaysAgo: 30 });
  expert = await makeViewer({ firstName: "Expertin", joinedDaysAgo: 30 });
  reader = await makeViewer({ firstName: "Leser", joinedDaysAgo: 30 });
  moderator = await makeViewer({ role: "moderator" });
  fans = await Promise.all(Array.from({ length: 4 }, () => makeViewer()));
});

async function question(title = `Frage ${crypto.randomUUID()}`, by = asker) {
  const created = await createDiscussion(by, {
    title,
    category: "seo",
    content: "<p>Wie <strong>geht</strong> das?</p>",
    contentFormat: "html",
    assignedTo: undefined,
  });
  if (!created.ok) throw new Error(created.reason);
  return (await getDiscussionBySlug(created.value.slug))!;
}

async function answer(discussionId: string, by: Viewer, content = "So geht es.", parentId?: string) {
  const created = await createComment(by, { discussionId, content, parentId });
  if (!created.ok) throw new Error(created.reason);
  return created.value.id;
}

/** `count` members mark the post "Hilfreich". */
async function markHelpful(discussionId: string, commentId: string | null, count: number) {
  for (const fan of fans.slice(0, count)) expect((await setHelpful(fan, { discussionId, commentId, marked: true })).ok).toBe(true);
}

async function solve(discussionId: string, commentId: string) {
  expect((await markSolution(asker, { discussionId, commentId })).ok).toBe(true);
}

/** What the discussion page of a guest renders into its JSON-LD: the page's discussion and comments. */
async function jsonLdOfPage(slug: string, page = 1) {
  const discussion = (await getDiscussionBySlug(slug))!;
  const { comments } = await listCommentPage(discussion.id, page, { includeHidden: false });
  return {
    discussion,
    comments,
    jsonLd: discussionJsonLd(discussion, comments, page, defaultSiteIdentity) as unknown as Record<string, never>,
  };
}

type AnswerLd = {
  "@type": string;
  "@id": string;
  url: string;
  text: string;
  upvoteCount: number;
  dateCreated: string;
  author: { name: string; url?: string };
  commentCount?: number;
  comment?: AnswerLd[];
};
type QuestionLd = {
  "@type": string;
  name: string;
  text: string;
  answerCount: number;
  upvoteCount: number;
  dateCreated: string;
  author: { name: string; url?: string };
  acceptedAnswer: AnswerLd;
  suggestedAnswer?: AnswerLd[];
  commentCount?: number;
  comment?: AnswerLd[];
};

const idOf = (answerLd: AnswerLd) => answerLd.url.split("#comment-")[1];
const ISO_WITH_ZONE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

describe("a solved discussion's structured data", () => {
  it("is a QAPage whose answers are the page's answers, with replies and the asker's follow-ups as comments", async () => {
    const discussion = await question("Hreflang oder Canonical");
    const solution = await answer(discussion.id, expert, "Nutzen Sie hreflang, @niemand.");
    const other = await answer(discussion.id, reader, "Canonical reicht.");
    const reply = await answer(discussion.id, expert, "Nein, siehe oben.", other);
    const followUp = await answer(discussion.id, asker, "Danke! Und bei Länderseiten ohne Übersetzung?");
    const replyToSolution = await answer(discussion.id, reader, "Stimmt, so steht es in der Doku.", solution);
    const hiddenAlone = await answer(discussion.id, reader, "GEHEIM ohne Antwort");
    const hiddenWithReply = await answer(discussion.id, reader, "GEHEIM mit Antwort");
    const replyToHidden = await answer(discussion.id, expert, "Antwort auf Ausgeblendetes", hiddenWithReply);
    for (const id of [hiddenAlone, hiddenWithReply])
      expect(
        (await moderateComment(moderator, { discussionId: discussion.id, commentId: id, action: "hide-comment", reason: "Spam" })).ok,
      ).toBe(true);
    await markHelpful(discussion.id, solution, 3);
    await markHelpful(discussion.id, other, 1);
    await markHelpful(discussion.id, reply, 2);
    await markHelpful(discussion.id, null, 2);
    await solve(discussion.id, solution);

    const { discussion: shown, comments, jsonLd } = await jsonLdOfPage(discussion.slug);
    const url = `${env.PUBLIC_URL}/discussion/${discussion.slug}`;
    expect(jsonLd["@type"]).toBe("QAPage");
    expect(schemaOrgErrors(jsonLd)).toEqual([]);
    expect(JSON.stringify(jsonLd)).not.toContain("DiscussionForumPosting");
    const q = jsonLd.mainEntity as unknown as QuestionLd;
    expect(q).toMatchObject({
      "@type": "Question",
      name: "Hreflang oder Canonical",
      text: "Wie geht das?",
      upvoteCount: shown.helpful.count,
      author: { name: "Fragende", url: `${env.PUBLIC_URL}/profile/${asker.id}` },
    });
    // Answers only: the solution, the other answer and the lone reply to a hidden comment; replies and the asker's own
    // follow-up are comments (the page's "Antworten" counts every comment).
    expect(q.answerCount).toBe(3);
    expect(shown.repliesCount).toBe(6);
    expect(q.upvoteCount).toBe(2);
    expect(q.dateCreated).toMatch(ISO_WITH_ZONE);
    expect(idOf(q.acceptedAnswer)).toBe(solution);
    expect((q.suggestedAnswer ?? []).map(idOf).sort()).toEqual([other, replyToHidden].sort());
    expect(q.acceptedAnswer).toMatchObject({
      "@type": "Answer",
      text: "Nutzen Sie hreflang, @niemand.",
      upvoteCount: 3,
      url: `${url}#comment-${solution}`,
      author: { name: "Expertin", url: `${env.PUBLIC_URL}/profile/${expert.id}` },
      commentCount: 1,
    });
    expect(q.acceptedAnswer.comment!.map(idOf)).toEqual([replyToSolution]);
    const otherLd = q.suggestedAnswer!.find((a) => idOf(a) === other)!;
    expect(otherLd).toMatchObject({ commentCount: 1, comment: [{ "@type": "Comment", text: "Nein, siehe oben.", upvoteCount: 2 }] });
    expect(q).toMatchObject({ commentCount: 1, comment: [{ "@type": "Comment", text: "Danke! Und bei Länderseiten ohne Übersetzung?" }] });

    // Every visible comment of the page once, with the count shown under it and its permalink; no hidden one.
    const visible = comments.filter((comment) => !comment.placeholder && comment.hidden === null);
    const all = [q.acceptedAnswer, ...(q.suggestedAnswer ?? []), ...(q.comment ?? [])].flatMap((item) => [item, ...(item.comment ?? [])]);
    expect(all.map(idOf).sort()).toEqual(visible.map((comment) => comment.id).sort());
    expect(visible.map((comment) => comment.id).sort()).toEqual([solution, other, reply, followUp, replyToSolution, replyToHidden].sort());
    for (const item of all) {
      const comment = visible.find((candidate) => candidate.id === idOf(item))!;
      expect(item.upvoteCount, item.text).toBe(comment.helpful.count);
      expect(item.url).toBe(`${env.PUBLIC_URL}${await commentHref(discussion, comment.id)}`);
      expect(item.dateCreated).toBe(comment.createdAt.toISOString());
      expect(item.dateCreated).toMatch(ISO_WITH_ZONE);
      expect(item.author.url).toMatch(new RegExp(`^${env.PUBLIC_URL}/profile/`));
    }
    expect(JSON.stringify(jsonLd)).not.toMatch(/GEHEIM|Spam/);
    expect(JSON.stringify(jsonLd)).not.toContain(hiddenWithReply);

    // Staff get the hidden comments on their page; the structured data stays the guests'.
    const staff = await listCommentPage(discussion.id, 1, { includeHidden: true });
    expect(discussionJsonLd(shown, staff.comments, 1, defaultSiteIdentity)).toEqual(jsonLd);
  });

  it("quotes the solution on every comment page, linked to the page that shows it, and answers with that page's comments", async () => {
    const discussion = await question();
    const ids: string[] = [];
    for (let i = 1; i <= COMMENT_THREADS_PER_PAGE + 1; i++) ids.push(await answer(discussion.id, i % 2 ? reader : expert, `Antwort ${i}`));
    const onPage2 = ids.at(-1)!;
    await markHelpful(discussion.id, onPage2, 2);
    await solve(discussion.id, onPage2);
    const url = `${env.PUBLIC_URL}/discussion/${discussion.slug}`;

    const first = (await jsonLdOfPage(discussion.slug, 1)).jsonLd.mainEntity as unknown as QuestionLd;
    expect(first.acceptedAnswer).toMatchObject({ url: `${url}?page=2#comment-${onPage2}`, text: `Antwort ${ids.length}`, upvoteCount: 2 });
    expect(first.suggestedAnswer).toHaveLength(COMMENT_THREADS_PER_PAGE);
    expect(first.suggestedAnswer![0]!.url).toBe(`${url}#comment-${ids[0]}`);
    expect(first.answerCount).toBe(COMMENT_THREADS_PER_PAGE + 1);

    const second = await jsonLdOfPage(discussion.slug, 2);
    expect(schemaOrgErrors(second.jsonLd)).toEqual([]);
    const q2 = second.jsonLd.mainEntity as unknown as QuestionLd;
    expect(second.jsonLd.url).toBe(`${url}?page=2`);
    expect(q2.acceptedAnswer.url).toBe(`${url}?page=2#comment-${onPage2}`);
    expect(q2.suggestedAnswer).toBeUndefined();
    expect(q2.answerCount).toBe(COMMENT_THREADS_PER_PAGE + 1);
    expect((await getDiscussionBySlug(discussion.slug))!.solution!.page).toBe(2);
  });

  it("an open discussion stays a DiscussionForumPosting, with 'Hilfreich' as LikeAction on the question and on every comment", async () => {
    const discussion = await question();
    const first = await answer(discussion.id, expert, "Erste");
    const second = await answer(discussion.id, reader, "Zweite", first);
    await markHelpful(discussion.id, first, 2);
    await markHelpful(discussion.id, null, 1);
    const { jsonLd } = await jsonLdOfPage(discussion.slug);
    const like = (count: number) => ({
      "@type": "InteractionCounter",
      interactionType: "https://schema.org/LikeAction",
      userInteractionCount: count,
    });
    expect(jsonLd["@type"]).toBe("DiscussionForumPosting");
    expect(schemaOrgErrors(jsonLd)).toEqual([]);
    expect(jsonLd.interactionStatistic).toContainEqual(like(1));
    const [top] = jsonLd.comment as unknown as Array<{
      url: string;
      interactionStatistic: unknown;
      comment: Array<{ url: string; interactionStatistic: unknown }>;
    }>;
    expect(top!.url.endsWith(first)).toBe(true);
    expect(top!.interactionStatistic).toEqual(like(2));
    expect(top!.comment[0]!.url.endsWith(second)).toBe(true);
    expect(top!.comment[0]!.interactionStatistic).toEqual(like(0));
    // Unmarking the solution makes a QAPage a DiscussionForumPosting again.
    await solve(discussion.id, first);
    expect((await jsonLdOfPage(discussion.slug)).jsonLd["@type"]).toBe("QAPage");
    expect((await markSolution(asker, { discussionId: discussion.id, commentId: null })).ok).toBe(true);
    expect((await jsonLdOfPage(discussion.slug)).jsonLd["@type"]).toBe("DiscussionForumPosting");
  });
});

describe("the Markdown version of a solved discussion", () => {
  it("starts with the solution right after the question, and gives every comment its permalink and ISO date", async () => {
    const discussion = await question("Markdown mit Lösung");
    const early = await answer(discussion.id, reader, "Erst einmal abwarten.");
    const solution = await answer(discussion.id, expert, "Die *Lösung* ist hreflang.");
    await markHelpful(discussion.id, solution, 2);
    await solve(discussion.id, solution);
    const text = (await discussionMarkdown(discussion.slug))!;
    const url = `${env.PUBLIC_URL}/discussion/${discussion.slug}`;
    const [head, rest] = text.split("## Lösung\n");
    expect(head).toContain("Wie **geht** das?");
    expect(head).toContain("- Status: gelöst\n");
    expect(rest!.indexOf("Die \\*Lösung\\* ist hreflang.")).toBeLessThan(rest!.indexOf("## Kommentare"));
    const solvedAt = (await listCommentPage(discussion.id, 1, { includeHidden: false })).comments;
    const created = (id: string) => solvedAt.find((comment) => comment.id === id)!.createdAt.toISOString();
    expect(rest).toContain(`Von Expertin (`);
    expect(rest).toContain(`als Lösung markiert: <${url}#comment-${solution}> · ${created(solution)} · 2 × hilfreich`);
    const comments = rest!.split("## Kommentare\n")[1]!;
    expect(comments).toContain(`### Kommentar von Leser (`);
    expect(comments).toContain(`<${url}#comment-${early}> · ${created(early)}\n`);
    expect(comments).toMatch(/### Kommentar von Expertin \([\d.]+\) – Lösung/);
    expect(comments).toContain(`<${url}#comment-${solution}> · ${created(solution)} · 2 × hilfreich`);
  });

  it("says an open discussion is open and has no solution section", async () => {
    const discussion = await question();
    await answer(discussion.id, expert);
    const text = (await discussionMarkdown(discussion.slug))!;
    expect(text).toContain("- Status: offen\n");
    expect(text).not.toContain("## Lösung");
  });
});

describe("llms.txt", () => {
  it("names the solved questions first, then the most discussed open ones, each once", async () => {
    const solved = await question("Geloeste Frage fuer llms");
    await solve(solved.id, await answer(solved.id, expert));
    const busy = await question("Offene Frage mit vielen Antworten");
    for (let i = 0; i < 3; i++) await answer(busy.id, reader, `Beitrag ${i}`);
    const hidden = await question("Versteckte geloeste Frage");
    await solve(hidden.id, await answer(hidden.id, expert));
    await moderateDiscussion(moderator, { discussionId: hidden.id, action: "hide-discussion", reason: "Test" });
    const text = await llmsTxt();
    const solvedSection = text.split("## Gelöste Fragen\n")[1]!.split("## Meistdiskutierte offene Diskussionen")[0]!;
    const openSection = text.split("## Meistdiskutierte offene Diskussionen\n")[1]!.split("## Optional")[0]!;
    expect(text.indexOf("## Gelöste Fragen")).toBeLessThan(text.indexOf("## Meistdiskutierte offene Diskussionen"));
    expect(solvedSection).toContain(`[Geloeste Frage fuer llms](${env.PUBLIC_URL}/discussion/${solved.slug}.md)`);
    expect(openSection).not.toContain(solved.slug);
    expect(openSection.trim().split("\n")[0]).toContain(`(${env.PUBLIC_URL}/discussion/${busy.slug}.md): 3 Antworten`);
    expect(text).not.toContain(hidden.slug);
  });
});

describe("reputation on the profile", () => {
  it("lists a member's best answers: solutions first, then by 'Hilfreich', visible ones only, at most five, linked to their page", async () => {
    const member = await makeViewer({ firstName: "Beste" });
    const discussion = await question();
    const plain = await answer(discussion.id, member, "Ohne Markierung");
    const two = await answer(discussion.id, member, "Zwei Markierungen @niemand");
    const one = await answer(discussion.id, member, "Eine Markierung");
    const hidden = await answer(discussion.id, member, "Ausgeblendet trotz Markierungen");
    await markHelpful(discussion.id, two, 2);
    await markHelpful(discussion.id, one, 1);
    await markHelpful(discussion.id, hidden, 4);
    await moderateComment(moderator, { discussionId: discussion.id, commentId: hidden, action: "hide-comment", reason: "Test" });
    const other = await question();
    const solution = await answer(other.id, member, "Die Lösung ohne Markierung");
    await solve(other.id, solution);
    const hiddenDiscussion = await question();
    const inHidden = await answer(hiddenDiscussion.id, member, "In ausgeblendeter Diskussion");
    await markHelpful(hiddenDiscussion.id, inHidden, 3);
    await moderateDiscussion(moderator, { discussionId: hiddenDiscussion.id, action: "hide-discussion", reason: "Test" });

    const best = await listBestAnswers(member.id);
    expect(best.map((item) => item.commentId)).toEqual([solution, two, one]);
    expect(best.map((item) => [item.isSolution, item.helpfulCount])).toEqual([
      [true, 0],
      [false, 2],
      [false, 1],
    ]);
    expect(best[1]!.text).toBe("Zwei Markierungen @niemand");
    expect(best[1]!.discussion).toEqual({ slug: discussion.slug, title: discussion.title });
    for (const item of best) {
      const of = item.isSolution ? other : discussion;
      expect(item.href).toBe(await commentHref(of, item.commentId));
    }
    expect(best.map((item) => item.commentId)).not.toContain(plain);
    expect(await listBestAnswers(member.id, 2)).toHaveLength(2);

    // A comment on the second comment page links there.
    const long = await question();
    for (let i = 0; i < COMMENT_THREADS_PER_PAGE; i++) await answer(long.id, reader, `Füller ${i}`);
    const late = await answer(long.id, member, "Späte, aber gute Antwort");
    await markHelpful(long.id, late, 1);
    const lateBest = (await listBestAnswers(member.id)).find((item) => item.commentId === late)!;
    expect(lateBest.href).toBe(`/discussion/${long.slug}?page=2#comment-${late}`);

    // At most five.
    for (let i = 0; i < 4; i++) await markHelpful(discussion.id, await answer(discussion.id, member, `Noch eine ${i}`), 1);
    expect(await listBestAnswers(member.id)).toHaveLength(5);
    expect((await getPublicProfile(member.id))!.solutionsCount).toBe(1);
  });

  it("puts the expertise, experience, avatar and reputation into the ProfilePage", async () => {
    const member = await makeViewer({ firstName: "Profilierte" });
    await db
      .update(profiles)
      .set({ expertise: "seo", experience: "experte", avatarUrl: "/storage/avatars/x/bild.webp" })
      .where(eq(profiles.id, member.id));
    const discussion = await question();
    const solution = await answer(discussion.id, member);
    await markHelpful(discussion.id, solution, 3);
    await solve(discussion.id, solution);
    const profile = (await getPublicProfile(member.id))!;
    const jsonLd = profilePageJsonLd(profile, { discussions: 0, comments: 1 });
    expect(schemaOrgErrors(jsonLd)).toEqual([]);
    expect(jsonLd.mainEntity).toMatchObject({
      "@type": "Person",
      name: "Profilierte",
      image: `${env.PUBLIC_URL}/storage/avatars/x/bild.webp`,
      knowsAbout: "SEO",
      hasOccupation: { "@type": "Occupation", name: "Online-Marketing (SEO)", description: "Experte (5+ Jahre)" },
      interactionStatistic: [
        {
          "@type": "InteractionCounter",
          name: "Hilfreich erhalten",
          interactionType: "https://schema.org/LikeAction",
          userInteractionCount: 3,
        },
        { "@type": "InteractionCounter", name: "Lösungen", interactionType: "https://schema.org/AcceptAction", userInteractionCount: 1 },
      ],
    });
    // Without an avatar there is no image.
    await db.update(profiles).set({ avatarUrl: null }).where(eq(profiles.id, member.id));
    expect(profilePageJsonLd((await getPublicProfile(member.id))!, { discussions: 0, comments: 1 }).mainEntity).not.toHaveProperty("image");
  });
});

describe("the member directory sorted by reputation", () => {
  it("orders by 'Hilfreich' received or by solutions, most first, keeping the filters, the default order and whole pages", async () => {
    const stamp = crypto.randomUUID().slice(0, 8);
    const [newest, helpful, solver] = [
      await makeViewer({ firstName: `Sortiert${stamp}A` }),
      await makeViewer({ firstName: `Sortiert${stamp}B` }),
      await makeViewer({ firstName: `Sortiert${stamp}C` }),
    ];
    // Joined in this order: the newest first by default.
    for (const [index, member] of [helpful, solver, newest].entries())
      await db
        .update(profiles)
        .set({ createdAt: new Date(Date.UTC(2024, 0, index + 1)) })
        .where(eq(profiles.id, member!.id));
    const discussion = await question();
    await markHelpful(discussion.id, await answer(discussion.id, helpful!), 3);
    const solution = await answer(discussion.id, solver!);
    await markHelpful(discussion.id, solution, 1);
    await solve(discussion.id, solution);

    const names = async (sort?: "newest" | "helpful" | "solutions") =>
      (await listMembers({ query: `Sortiert${stamp}`, sort })).members.map((member) => member.firstName.slice(-1));
    expect(await names()).toEqual(["A", "C", "B"]);
    expect(await names("newest")).toEqual(["A", "C", "B"]);
    expect(await names("helpful")).toEqual(["B", "C", "A"]);
    expect(await names("solutions")).toEqual(["C", "B", "A"]);
    const [card] = (await listMembers({ query: `Sortiert${stamp}C` })).members;
    expect([card!.helpfulReceived, card!.solutionsCount]).toEqual([1, 1]);
    // The expertise filter still applies to a sorted list.
    expect((await listMembers({ query: `Sortiert${stamp}`, expertise: "seo", sort: "helpful" })).members).toEqual([]);
  });

  it("keeps every member on exactly one page when many share the same counts", async () => {
    const stamp = crypto.randomUUID().slice(0, 8);
    for (let i = 0; i < 30; i++) await makeViewer({ firstName: `Gleich${stamp}${i}` });
    for (const sort of ["helpful", "solutions"] as const) {
      const pages = await Promise.all([1, 2].map((page) => listMembers({ query: `Gleich${stamp}`, sort }, page)));
      const ids = pages.flatMap((page) => page.members.map((member) => member.id));
      expect(ids).toHaveLength(30);
      expect(new Set(ids).size).toBe(30);
    }
  });
});

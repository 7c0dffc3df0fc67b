import { request, type APIRequestContext } from "@playwright/test";
import { schemaOrgErrors } from "../tests/support/schemaorg";
import { expect, test, testClientIp } from "./fixtures";
import { clientOf, createMembers, profilePathOf } from "./members";
import { jsonLdOf, unescapeHtml, type JsonLd } from "./seo-helpers";

/**
 * Solved questions for answer engines, and reputation, over plain HTTP as a crawler reads it: a solved discussion is a QAPage
 * whose answers and counts are the ones its page shows, and the answerer's profile shows and publishes the
 * reputation they earned. The question, answers, marks and the solution are made over the forms' actions.
 */

type AnswerLd = {
  "@type": string;
  url: string;
  text: string;
  upvoteCount: number;
  author: { name: string; url: string };
  comment?: AnswerLd[];
};
type QuestionLd = { answerCount: number; upvoteCount: number; acceptedAnswer: AnswerLd; suggestedAnswer?: AnswerLd[] };

async function answer(client: APIRequestContext, path: string, content: string, parentId?: string): Promise<string> {
  const response = await client.post(path, {
    form: { intent: "create-comment", content, ...(parentId ? { parentId } : {}) },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  return /#comment-([0-9a-f-]{36})/.exec(response.headers().location ?? "")![1]!;
}

async function markHelpful(client: APIRequestContext, path: string, commentId?: string) {
  const response = await client.post(path, {
    form: { intent: "helpful", helpful: `${commentId ?? "discussion"}:true` },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** The page's HTML as a guest (a crawler) gets it, once it shows `until`: the guest page cache may lag a moment. */
async function guestHtml(path: string, until: (html: string) => boolean): Promise<string> {
  const guest = await request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
  try {
    let html = "";
    await expect.poll(async () => until((html = await (await guest.get(path)).text()))).toBe(true);
    return html;
  } finally {
    await guest.dispose();
  }
}

/** The text a reader sees in a piece of HTML: tags and React's text separators out. */
const textOf = (html: string) => unescapeHtml(html.replace(/<!-- -->/g, "").replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ");

/** The "Hilfreich" count a guest sees under a post ("3 × hilfreich"); none shown is 0. */
function visibleHelpful(html: string): number {
  return Number(/(\d+) × hilfreich/.exec(textOf(html))?.[1] ?? 0);
}

/** Each comment article of the page by its id, with its HTML up to the next one. */
function commentArticles(html: string): Map<string, string> {
  const starts = [...html.matchAll(/<article id="comment-([0-9a-f-]{36})"/g)];
  return new Map(starts.map((match, index) => [match[1]!, html.slice(match.index, starts[index + 1]?.index ?? html.indexOf("</main>"))]));
}

test("a solved discussion is a QAPage with exactly the visible answers and the counts the page shows", async () => {
  test.setTimeout(90_000);
  const [asking, answering, second, reading, other] = await createMembers([
    { firstName: "Fragende" },
    { firstName: "Expertin" },
    { firstName: "Zweite" },
    { firstName: "Leserin" },
    { firstName: "Andere" },
  ]);
  const asker = await clientOf(asking);
  const expert = await clientOf(answering);
  const seconder = await clientOf(second);
  const reader = await clientOf(reading);
  const another = await clientOf(other);
  const title = `QAPage Test ${Date.now()}`;
  const created = await asker.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "seo", content: "<p>Wie setze ich <strong>x-default</strong>?</p>", contentFormat: "html" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const path = `/discussion/${title.toLowerCase().replace(/\s+/g, "-")}`;
  const solution = await answer(expert, path, "Das x-default zeigt auf die Sprachauswahl.");
  const plain = await answer(seconder, path, "Ich würde es weglassen.");
  const reply = await answer(expert, path, "Weglassen schadet nicht, hilft aber auch nicht.", plain);
  for (const client of [reader, another, seconder]) await markHelpful(client, path, solution);
  await markHelpful(reader, path, reply);
  await markHelpful(reader, path);
  const solved = await asker.post(path, { form: { intent: "mark-solution", commentId: solution }, maxRedirects: 0 });
  expect(solved.status()).toBe(302);

  const html = await guestHtml(path, (page) => page.includes("QAPage") && textOf(page).includes("1 × hilfreich"));
  const page = jsonLdOf(html).find((item) => item["@type"] === "QAPage") as JsonLd & { mainEntity: QuestionLd };
  expect(page, "QAPage in the head").toBeDefined();
  expect(jsonLdOf(html).some((item) => item["@type"] === "DiscussionForumPosting")).toBe(false);
  for (const item of jsonLdOf(html)) expect(schemaOrgErrors(item), String(item["@type"])).toEqual([]);
  const question = page.mainEntity;

  // answerCount counts answers: the page's "3 Antworten" counts every comment, and the reply is a comment of its answer.
  expect(Number(/(\d+) Antworten?/.exec(textOf(html))?.[1])).toBe(3);
  expect(question.answerCount).toBe(2);
  // The question's count is the one under the question (the article before the comments).
  const questionHtml = html.slice(html.indexOf("<article"), html.indexOf("</article>"));
  expect(question.upvoteCount).toBe(visibleHelpful(questionHtml));
  expect(question.upvoteCount).toBe(1);

  // Exactly the page's visible comments, each with the count shown under it and its permalink.
  const articles = commentArticles(html);
  const answers = [question.acceptedAnswer, ...(question.suggestedAnswer ?? [])].flatMap((a) => [a, ...(a.comment ?? [])]);
  expect(answers.map((a) => a.url.split("#comment-")[1]).sort()).toEqual([...articles.keys()].sort());
  expect(question.suggestedAnswer!.find((a) => a.url.endsWith(plain))!.comment!.map((c) => c["@type"])).toEqual(["Comment"]);
  expect([...articles.keys()].sort()).toEqual([solution, plain, reply].sort());
  for (const answerLd of answers) {
    const id = answerLd.url.split("#comment-")[1]!;
    expect(answerLd.upvoteCount, answerLd.text).toBe(visibleHelpful(articles.get(id)!));
    expect(answerLd.url).toBe(`${test.info().project.use.baseURL}${path}#comment-${id}`);
    expect(textOf(articles.get(id)!)).toContain(answerLd.text);
  }
  expect(question.acceptedAnswer.url.endsWith(solution)).toBe(true);
  expect(question.acceptedAnswer).toMatchObject({ upvoteCount: 3, author: { name: "Expertin" } });
  expect(html).toContain('data-testid="solution-quote"');

  // The answerer's profile: the counts it shows, the same in its ProfilePage, and the solution among the best answers.
  const profilePath = await profilePathOf(answering);
  const profile = await guestHtml(profilePath, (text) => text.includes("Beste Antworten"));
  const shown = (testId: string) => Number(new RegExp(`data-testid="${testId}"[^>]*>(?:<svg[\\s\\S]*?</svg>)?(\\d+)<`).exec(profile)?.[1]);
  expect(shown("reputation-helpful")).toBe(4);
  expect(shown("reputation-solutions")).toBe(1);
  const profilePage = jsonLdOf(profile).find((item) => item["@type"] === "ProfilePage") as JsonLd & {
    mainEntity: { interactionStatistic: Array<{ interactionType: string; userInteractionCount: number }> };
  };
  expect(schemaOrgErrors(profilePage)).toEqual([]);
  const counts = Object.fromEntries(profilePage.mainEntity.interactionStatistic.map((c) => [c.interactionType, c.userInteractionCount]));
  expect(counts).toEqual({ "https://schema.org/LikeAction": 4, "https://schema.org/AcceptAction": 1 });
  const best = [...profile.matchAll(/data-testid="best-answer"[\s\S]*?<a [^>]*href="([^"]+)"/g)].map((match) => unescapeHtml(match[1]!));
  expect(best).toEqual([`${path}#comment-${solution}`, `${path}#comment-${reply}`]);

  for (const client of [asker, expert, seconder, reader, another]) await client.dispose();
});

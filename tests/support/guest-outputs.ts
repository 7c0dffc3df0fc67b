import { loader as discussionLoader } from "../../app/routes/discussion";
import { loader as discussionFeedLoader } from "../../app/routes/discussion.feed";
import { loader as markdownLoader } from "../../app/routes/discussion.md";
import { loader as feedLoader } from "../../app/routes/feed";
import { loader as homeLoader } from "../../app/routes/home";
import { loader as llmsLoader } from "../../app/routes/llms";
import { loader as membersLoader } from "../../app/routes/members";
import { loader as profileLoader } from "../../app/routes/profile";
import { loader as searchLoader } from "../../app/routes/search";
import { loader as sitemapLoader } from "../../app/routes/sitemap";
import { loader as subforumFeedLoader } from "../../app/routes/subforum.feed";
import { loader as subforumLoader } from "../../app/routes/subforum";

/**
 * Every guest-visible output, by name, as a test can read it without a server: each page's, feed's and file's loader
 * with a guest's request. Whatever must stay private (a held post, a hidden one, a direct message) is looked for in
 * all of them by the same list, so a new output added here is checked by every such test.
 */

/** A loader's arguments for this path; the context collects what the page would add (its JSON-LD). */
export const loaderArgs = (path: string, params: Record<string, string> = {}, cookie: string | null = null) =>
  ({
    request: new Request(`http://localhost:3000${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
    params,
    context: { cspNonce: "", clientIp: "127.0.0.1" },
  }) as never;

/**
 * What a loader answers, as text: a Response's body, thrown or returned; data as JSON, followed by what it put into
 * its context (the page's structured data); a thrown status as the status.
 */
export async function output(run: (args: typeof loaderArgs) => unknown): Promise<string> {
  const contexts: object[] = [];
  const args: typeof loaderArgs = (path, params, cookie) => {
    const made = loaderArgs(path, params, cookie) as { context: object };
    contexts.push(made.context);
    return made as never;
  };
  try {
    const value = await run(args);
    const text = value instanceof Response ? `${value.status} ${await value.text()}` : JSON.stringify(value);
    return `${text}${contexts.map((context) => JSON.stringify(context)).join("")}`;
  } catch (thrown) {
    if (thrown instanceof Response) return `${thrown.status}`;
    const status = (thrown as { init?: { status?: number } })?.init?.status;
    if (status) return `${status}`;
    throw thrown;
  }
}

export interface GuestOutputTargets {
  /** Discussions by name: each one's page ("<name> page") and its Markdown ("<name> markdown"). */
  discussions: Record<string, string>;
  /** The discussion whose comments feed is read ("comments feed"). */
  commentsFeed: string;
  /** Searches by name ("search <name>"): only the answer counts, the page repeats what was asked. */
  searches: Record<string, string>;
  /** Profiles by output name. */
  profiles: Record<string, string>;
  /** Outputs of the test's own (a post's edit history), by name. */
  extra?: Array<[string, (args: typeof loaderArgs) => unknown]>;
}

/** Every guest-visible output that could show what the targets name, by name. */
export async function guestOutputs(targets: GuestOutputTargets): Promise<Record<string, string>> {
  const outputs: Array<[string, (args: typeof loaderArgs) => unknown]> = [
    ["home", (args) => homeLoader(args("/"))],
    ["subforum", (args) => subforumLoader(args("/subforum/seo", { segment: "seo" }))],
    ...Object.entries(targets.discussions).flatMap(([name, slug]): Array<[string, (args: typeof loaderArgs) => unknown]> => [
      [`${name} page`, (args) => discussionLoader(args(`/discussion/${slug}`, { slug }))],
      [`${name} markdown`, (args) => markdownLoader(args(`/discussion/${slug}.md`, { slug }))],
    ]),
    ...Object.entries(targets.searches).map(([name, term]): [string, (args: typeof loaderArgs) => unknown] => [
      `search ${name}`,
      async (args) => ({ ...(await searchLoader(args(`/search?q=${encodeURIComponent(term)}`))), filter: null }),
    ]),
    ["feed", (args) => feedLoader(args("/feed.xml"))],
    ["subforum feed", (args) => subforumFeedLoader(args("/subforum/seo/feed.xml", { segment: "seo" }))],
    ["comments feed", (args) => discussionFeedLoader(args(`/discussion/${targets.commentsFeed}/feed.xml`, { slug: targets.commentsFeed }))],
    ["sitemap", () => sitemapLoader()],
    ["llms.txt", () => llmsLoader()],
    ["members", (args) => membersLoader(args("/members"))],
    ...Object.entries(targets.profiles).map(([name, id]): [string, (args: typeof loaderArgs) => unknown] => [
      name,
      (args) => profileLoader(args(`/profile/${id}`, { id })),
    ]),
    ...(targets.extra ?? []),
  ];
  return Object.fromEntries(await Promise.all(outputs.map(async ([name, run]) => [name, await output(run)] as const)));
}

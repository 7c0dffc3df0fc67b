import { openQuestionsHref } from "~/lib/search";

/**
 * robots.txt as a function of the operator's one choice about AI training,
 * kept apart from the route so that each setting's lines can be tested.
 */

/** Crawlers that fetch pages to answer a person's question or to list them in an AI search: they bring readers. */
export const AI_SEARCH_AGENTS = [
  "OAI-SearchBot",
  "ChatGPT-User",
  "Claude-SearchBot",
  "Claude-User",
  "PerplexityBot",
  "Perplexity-User",
] as const;

/** Crawlers (or robots.txt tokens) that collect texts to train models: allowed or refused by AI_TRAINING. */
export const AI_TRAINING_AGENTS = [
  "GPTBot",
  "ClaudeBot",
  "anthropic-ai",
  "Google-Extended",
  "Applebot-Extended",
  "CCBot",
  "Meta-ExternalAgent",
  "Bytespider",
  "cohere-training-data-crawler",
] as const;

/**
 * Private and per-user pages stay out of every crawler's way. /auth is not
 * among them: every page links it, and only a crawler that may fetch it sees
 * its noindex.
 */
const PRIVATE_PATHS = ["/admin", "/create-discussion", "/pending-approval", "/reset-password", "/email-confirmation", "/dev/", "/search?"];

export type AiTraining = "allow" | "deny";

export function robotsTxt({ publicUrl, aiTraining }: { publicUrl: string; aiTraining: AiTraining }): string {
  // No "Allow: /" before them: a parser that takes the first matching line instead of the longest would read it as
  // allowing /admin too. What no line disallows is allowed anyway.
  // The one search that home links to may be fetched (exactly that address, `$`), so a crawler reads its noindex
  // instead of keeping a link into a closed path as a page it cannot see.
  const usual = [`Allow: ${openQuestionsHref}$`, ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`)];
  // A crawler follows only the most specific group naming it, so each group repeats the private paths.
  const group = (agents: readonly string[], rules: string[]) => [...agents.map((agent) => `User-agent: ${agent}`), ...rules, ""];
  return [
    `# KI-Training: ${aiTraining === "allow" ? "erlaubt" : "nicht erlaubt"} (AI_TRAINING=${aiTraining}). Suche und Abrufe für Antworten sind erlaubt.`,
    // As a comment: Lighthouse's robots.txt audit fails on any directive it does not know (decision 0015).
    `# Content-Signal: search=yes, ai-input=yes, ai-train=${aiTraining === "allow" ? "yes" : "no"}`,
    ...group(["*"], usual),
    ...group(AI_SEARCH_AGENTS, usual),
    ...group(AI_TRAINING_AGENTS, aiTraining === "allow" ? usual : ["Disallow: /"]),
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

import { describe, expect, it } from "vitest";
import { AI_SEARCH_AGENTS, AI_TRAINING_AGENTS, robotsTxt } from "~/server/seo";
import { openQuestionsHref } from "~/lib/search";

/** The rules of the group that names `agent` (a crawler follows only its most specific group). */
function rulesFor(text: string, agent: string): string[] {
  const groups = text.split(/\n\n+/).map((block) => block.split("\n").filter((line) => line && !line.startsWith("#")));
  const group = groups.find((lines) => lines.some((line) => line.toLowerCase() === `user-agent: ${agent.toLowerCase()}`));
  if (!group) throw new Error(`no group for ${agent}`);
  return group.filter((line) => !line.startsWith("User-agent:"));
}

/**
 * Whether `path` may be fetched under these rules, as RFC 9309 and Google read them: the longest matching pattern
 * decides, Allow wins a tie; `*` matches anything, a final `$` the end.
 */
function mayFetch(rules: string[], path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of rules) {
    const [, kind, pattern] = /^(Allow|Disallow): (.*)$/.exec(line) ?? [];
    if (!kind || pattern === undefined || pattern === "") continue;
    const anchored = pattern.endsWith("$");
    const body = (anchored ? pattern.slice(0, -1) : pattern).split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
    if (!new RegExp(`^${body.join(".*")}${anchored ? "$" : ""}`).test(path)) continue;
    const allow = kind === "Allow";
    if (pattern.length > best.length || (pattern.length === best.length && allow)) best = { length: pattern.length, allow };
  }
  return best.allow;
}

const publicUrl = "https://forum.example.org";

describe("robots.txt", () => {
  it("refuses the training crawlers and says ai-train=no when AI_TRAINING=deny", () => {
    const text = robotsTxt({ publicUrl, aiTraining: "deny" });
    for (const agent of AI_TRAINING_AGENTS) expect(rulesFor(text, agent), agent).toEqual(["Disallow: /"]);
    expect(text).toContain("\n# Content-Signal: search=yes, ai-input=yes, ai-train=no\n");
    expect(text).not.toContain("ai-train=yes");
  });

  it("lets the training crawlers in like everyone else and says ai-train=yes when AI_TRAINING=allow", () => {
    const text = robotsTxt({ publicUrl, aiTraining: "allow" });
    for (const agent of AI_TRAINING_AGENTS) expect(rulesFor(text, agent), agent).toEqual(rulesFor(text, "*"));
    expect(text).toContain("\n# Content-Signal: search=yes, ai-input=yes, ai-train=yes\n");
  });

  it.each(["allow", "deny"] as const)(
    "allows AI search and answer fetchers, keeps private pages closed and /auth open (AI_TRAINING=%s)",
    (aiTraining) => {
      const text = robotsTxt({ publicUrl, aiTraining });
      for (const agent of [...AI_SEARCH_AGENTS, "*"]) {
        const rules = rulesFor(text, agent);
        // Nothing a first-match parser could read as allowing everything before the private paths: the one Allow is
        // the search that home links to ("Alle offenen Fragen"), so a crawler may read its noindex.
        expect(
          rules.filter((line) => line.startsWith("Allow:")),
          agent,
        ).toEqual([`Allow: ${openQuestionsHref}$`]);
        expect(mayFetch(rules, openQuestionsHref), agent).toBe(true);
        for (const path of ["/search?q=seo", `${openQuestionsHref}&q=x`, "/search?status=open", "/admin"]) {
          expect(mayFetch(rules, path), `${agent} ${path}`).toBe(false);
        }
        expect(mayFetch(rules, "/search"), agent).toBe(true);
        expect(rules, agent).toContain("Disallow: /admin");
        expect(rules, agent).toContain("Disallow: /search?");
        expect(
          rules.filter((line) => line.startsWith("Disallow: /auth")),
          agent,
        ).toEqual([]);
      }
      expect(text).toContain(`Sitemap: ${publicUrl}/sitemap.xml\n`);
    },
  );
});

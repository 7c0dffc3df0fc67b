/**
 * /llms.txt (https://llmstxt.org): what the forum is, its categories, its tags with enough discussions to be indexed,
 * its solved questions and its most discussed open threads, each linked to its Markdown version, for language
 * models that read a site before answering about it. Built from the database
 * on each render; the route says how it is cached.
 */
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { discussions, profiles } from "../../../db/schema";
import { categories, categoryHref, categoryLabels, subforums } from "~/lib/categories";
import { formatDate, formatReplies } from "~/lib/format";
import { TAG_INDEX_THRESHOLD } from "~/lib/tags";
import { paths } from "~/lib/paths";
import { site } from "~/lib/site";
import { siteIdentity } from "~/server/settings";
import { db } from "~/server/db";
import { discussionMarkdownUrl, type DiscussionSummary, escapeMarkdown, summaryColumns, toSummary } from "~/server/discussions";
import { env, visible } from "~/server/platform";
import { indexableTags } from "~/server/tags";

export const LLMS_TOP_DISCUSSIONS = 20;

/**
 * The visible discussions with the most visible comments (the count the pages show), newest first among equals:
 * `solved` true gives the ones with an accepted answer, false the open ones.
 */
export async function listMostDiscussed(limit: number, { solved }: { solved: boolean }): Promise<DiscussionSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(discussions)
    .leftJoin(profiles, eq(profiles.id, discussions.authorId))
    .where(and(visible.discussion(), solved ? isNotNull(discussions.solutionCommentId) : isNull(discussions.solutionCommentId)))
    .orderBy(desc(discussions.repliesCount), desc(discussions.createdAt))
    .limit(limit);
  return rows.map(toSummary);
}

/** A discussion as a line of llms.txt: linked to its Markdown, with its answers, category and date. */
function discussionLine(discussion: DiscussionSummary): string {
  return `- [${escapeMarkdown(discussion.title)}](${discussionMarkdownUrl(discussion.slug)}): ${formatReplies(discussion.repliesCount)}, ${categoryLabels[discussion.category]}, ${formatDate(discussion.createdAt)}`;
}

/** Solved questions first: their Markdown starts with the accepted answer, the best a model can cite. */
export async function llmsTxt(): Promise<string> {
  const base = env.PUBLIC_URL;
  const [solved, open, tagged] = await Promise.all([
    listMostDiscussed(LLMS_TOP_DISCUSSIONS, { solved: true }),
    listMostDiscussed(LLMS_TOP_DISCUSSIONS, { solved: false }),
    // The tags whose pages are indexed (decision 0053): a thinner one lists little its discussions do not say.
    indexableTags(TAG_INDEX_THRESHOLD),
  ]);
  const categoryLines = categories.map((category) => {
    const description = subforums.find((subforum) => subforum.category === category)?.description;
    return `- [${categoryLabels[category]}](${base}${categoryHref(category)})${description ? `: ${description}` : ""}`;
  });
  const tagLines = tagged.map(
    (tag) =>
      `- [${escapeMarkdown(tag.name)}](${base}${paths.tag(tag.slug)}): ${tag.discussionCount} Diskussionen${tag.description ? ` – ${escapeMarkdown(tag.description)}` : ""}`,
  );
  const { name } = await siteIdentity();
  return [
    `# ${name}`,
    "",
    `> ${site.description}`,
    "",
    `${name} ist ein Forum, in dem Mitglieder Fragen aus der Praxis stellen und beantworten: technisches SEO, Google Ads, AI Overviews und generative Suche, Werkzeuge und Veranstaltungen. Lesen kann jeder ohne Anmeldung; schreiben können freigeschaltete Mitglieder. Mitglieder erscheinen wie im Forum mit ihrem Vornamen.`,
    "",
    `Jede Diskussion gibt es auch als Markdown mit allen sichtbaren Kommentaren: an ihre Adresse \`.md\` anhängen (\`${base}/discussion/<slug>.md\`) oder sie mit \`Accept: text/markdown\` abrufen. Die HTML-Seite bleibt die kanonische Adresse. Gelöste Fragen stehen zuerst: Ihre Markdown-Fassung nennt die als Lösung markierte Antwort direkt nach der Frage.`,
    "",
    "## Kategorien",
    "",
    ...categoryLines,
    "",
    ...(tagLines.length > 0
      ? ["## Schlagwörter", "", "Themen quer zu den Kategorien, je mit allen Diskussionen, die es tragen:", "", ...tagLines, ""]
      : []),
    ...(solved.length > 0 ? ["## Gelöste Fragen", "", ...solved.map(discussionLine), ""] : []),
    "## Meistdiskutierte offene Diskussionen",
    "",
    ...(open.length > 0 ? open.map(discussionLine) : ["- Noch keine Diskussionen."]),
    "",
    "## Optional",
    "",
    `- [Startseite](${base}${paths.home}): die neuesten Diskussionen`,
    `- [Sitemap](${base}/sitemap.xml): alle Diskussionen und Seiten`,
    `- [RSS-Feed](${base}/feed.xml): neue Diskussionen`,
    `- [Impressum](${base}${paths.impressum})`,
    "",
  ].join("\n");
}

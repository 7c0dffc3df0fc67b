/**
 * /llms.txt (https://llmstxt.org): what the forum is, its categories and its
 * most discussed threads, each linked to its Markdown version, for language
 * models that read a site before answering about it. Built from the database
 * on each render; the route says how it is cached.
 */
import { desc, eq } from "drizzle-orm";
import { discussions, profiles } from "../../../db/schema";
import { categories, categoryHref, categoryLabels, subforums } from "~/lib/categories";
import { formatDate, formatReplies } from "~/lib/format";
import { paths } from "~/lib/paths";
import { site } from "~/lib/site";
import { db } from "~/server/db";
import { discussionMarkdownUrl, type DiscussionSummary, escapeMarkdown, summaryColumns, toSummary } from "~/server/discussions";
import { env, visible } from "~/server/platform";

export const LLMS_TOP_DISCUSSIONS = 20;

/** The visible discussions with the most visible comments (the count the pages show), newest first among equals. */
export async function listMostDiscussed(limit: number): Promise<DiscussionSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(discussions)
    .leftJoin(profiles, eq(profiles.id, discussions.authorId))
    .where(visible.discussion())
    .orderBy(desc(discussions.repliesCount), desc(discussions.createdAt))
    .limit(limit);
  return rows.map(toSummary);
}

export async function llmsTxt(): Promise<string> {
  const base = env.PUBLIC_URL;
  const top = await listMostDiscussed(LLMS_TOP_DISCUSSIONS);
  const categoryLines = categories.map((category) => {
    const description = subforums.find((subforum) => subforum.category === category)?.description;
    return `- [${categoryLabels[category]}](${base}${categoryHref(category)})${description ? `: ${description}` : ""}`;
  });
  const discussionLines = top.map(
    (discussion) =>
      `- [${escapeMarkdown(discussion.title)}](${discussionMarkdownUrl(discussion.slug)}): ${formatReplies(discussion.repliesCount)}, ${categoryLabels[discussion.category]}, ${formatDate(discussion.createdAt)}`,
  );
  return [
    `# ${site.name}`,
    "",
    `> ${site.description}`,
    "",
    `${site.name} ist ein Forum, in dem Mitglieder Fragen aus der Praxis stellen und beantworten: technisches SEO, Google Ads, AI Overviews und generative Suche, Werkzeuge und Veranstaltungen. Lesen kann jeder ohne Anmeldung; schreiben können freigeschaltete Mitglieder. Mitglieder erscheinen wie im Forum mit ihrem Vornamen.`,
    "",
    `Jede Diskussion gibt es auch als Markdown mit allen sichtbaren Kommentaren: an ihre Adresse \`.md\` anhängen (${base}/discussion/<slug>.md) oder sie mit \`Accept: text/markdown\` abrufen. Die HTML-Seite bleibt die kanonische Adresse.`,
    "",
    "## Kategorien",
    "",
    ...categoryLines,
    "",
    "## Meistdiskutierte Diskussionen",
    "",
    ...(discussionLines.length > 0 ? discussionLines : ["- Noch keine Diskussionen."]),
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

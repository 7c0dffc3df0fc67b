import { CommunityStats } from "~/components/home/community-stats";
import { PageError } from "~/components/layout/page-error";
import { Hero } from "~/components/home/hero";
import { RecentDiscussions } from "~/components/discussions/recent-discussions";
import { SubforumCard } from "~/components/home/subforum-card";
import { UnansweredQuestions } from "~/components/discussions/unanswered-questions";
import { subforums } from "~/lib/categories";
import { seoMeta } from "~/lib/seo";
import { identityFrom } from "~/lib/site-identity";
import {
  getCommunityStats,
  listRecentDiscussions,
  listSubforumHighlights,
  listUnansweredDiscussions,
  unreadCountsOf,
} from "~/server/discussions";
import { readValuesTogether } from "~/server/db";
import { getViewer } from "~/server/accounts";
import { sharedReads } from "~/server/platform";
import { addStructuredData, websiteJsonLd } from "~/server/seo";
import { renderNow } from "~/lib/format";
import { siteIdentity } from "~/server/settings";
import type { Route } from "./+types/home";
import { readingPage } from "~/lib/hydration";

/** Guests read it as finished HTML, without the framework (decision record 0036). */
export const handle = readingPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  addStructuredData(context, ...websiteJsonLd(await siteIdentity()));
  const [recent, highlights, unanswered, stats, viewer] = await Promise.all([
    sharedReads.read("home:recent", () => listRecentDiscussions()),
    sharedReads.read("home:highlights", () => listSubforumHighlights()),
    sharedReads.read("home:unanswered", () => listUnansweredDiscussions()),
    sharedReads.read("home:stats", () => getCommunityStats()),
    getViewer(request),
  ]);
  const listed = [...recent, ...unanswered, ...highlights.flatMap((entry) => [...entry.latest, ...entry.mostActive])];
  // Sent with the layout's bell, in one statement (readValuesTogether).
  const { unread } = await readValuesTogether(request, {
    unread: unreadCountsOf(
      viewer,
      listed.map((discussion) => discussion.id),
    ),
  });
  // Ages are computed against the server's clock on both sides, so hydration sees the same text.
  // The unanswered questions have no comments to be unread, but can be new to the member.
  return { recent, highlights, unanswered, stats, unread, isGuest: viewer === null, now: renderNow() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { recent, highlights, unanswered, stats, unread, isGuest, now } = loaderData;
  return (
    <div className="flex flex-col gap-10">
      <Hero showJoin={isGuest} />
      <section aria-labelledby="subforen-title">
        <h2 id="subforen-title" className="sr-only">
          Subforen
        </h2>
        <div className="grid gap-6 lg:grid-cols-3">
          {subforums.map((subforum) => {
            const entry = highlights.find((h) => h.category === subforum.category);
            return (
              <SubforumCard
                key={subforum.segment}
                subforum={subforum}
                latest={entry?.latest ?? []}
                mostActive={entry?.mostActive ?? []}
                unread={unread}
              />
            );
          })}
        </div>
      </section>
      <UnansweredQuestions discussions={unanswered} unread={unread} now={now} />
      <RecentDiscussions discussions={recent} unread={unread} now={now} />
      <CommunityStats stats={stats} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seoMeta(matches, {
    path: "/",
  }),
  {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: `${identityFrom(matches).name} – alle Diskussionen`,
    href: "/feed.xml",
  },
];

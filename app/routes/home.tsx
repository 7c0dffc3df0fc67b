import { CommunityStats } from "~/components/home/community-stats";
import { PageError } from "~/components/layout/page-error";
import { Hero } from "~/components/home/hero";
import { RecentDiscussions } from "~/components/discussions/recent-discussions";
import { SubforumCard } from "~/components/home/subforum-card";
import { subforums } from "~/lib/categories";
import { seoMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { listRecentDiscussions, listSubforumHighlights } from "~/server/discussion-lists.server";
import { getCommunityStats } from "~/server/community-stats.server";
import { getViewer } from "~/server/session.server";
import { addStructuredData, websiteJsonLd } from "~/server/seo.server";
import { renderNow } from "~/lib/format";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  addStructuredData(context, websiteJsonLd());
  const [recent, highlights, stats, viewer] = await Promise.all([
    listRecentDiscussions(),
    listSubforumHighlights(),
    getCommunityStats(),
    getViewer(request),
  ]);
  // Ages are computed against the server's clock on both sides, so hydration sees the same text.
  return { recent, highlights, stats, isGuest: viewer === null, now: renderNow() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { recent, highlights, stats, isGuest, now } = loaderData;
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
              />
            );
          })}
        </div>
      </section>
      <RecentDiscussions discussions={recent} now={now} />
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
  { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${site.name} – alle Diskussionen`, href: "/feed.xml" },
];

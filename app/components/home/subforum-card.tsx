import { ArrowRightIcon, FlameIcon, MessageSquareIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import type { Subforum } from "~/lib/categories";
import { formatDate } from "~/lib/format";
import { paths } from "~/lib/paths";
import type { DiscussionSummary } from "~/server/discussions.server";

const cardTitles: Record<Subforum["segment"], string> = { seo: "SEO", sea: "SEA", ai: "KI Suche" };

export function SubforumCard({
  subforum,
  latest,
  mostActive,
}: {
  subforum: Subforum;
  latest: DiscussionSummary[];
  mostActive: DiscussionSummary[];
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>{cardTitles[subforum.segment]}</CardTitle>
        <CardDescription>{subforum.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-5">
        <section>
          <h3 className="flex items-center gap-1.5 text-sm font-semibold">
            <MessageSquareIcon className="size-4 text-brand-700" aria-hidden="true" />
            Neueste Beiträge
          </h3>
          {latest.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">Noch keine neuen Beiträge</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {latest.map((discussion) => (
                <li key={discussion.id} className="text-sm">
                  <Link to={paths.discussion(discussion.slug)} className="line-clamp-2 font-medium hover:text-brand-700">
                    {discussion.title}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {discussion.author?.firstName ?? "Unbekannt"} · {formatDate(discussion.createdAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section>
          <h3 className="flex items-center gap-1.5 text-sm font-semibold">
            <FlameIcon className="size-4 text-brand-700" aria-hidden="true" />
            Aktivste Diskussionen
          </h3>
          {mostActive.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">Noch keine aktiven Diskussionen</p>
          ) : (
            <ul className="mt-2 space-y-2">
              {mostActive.map((discussion) => (
                <li key={discussion.id} className="text-sm">
                  <Link to={paths.discussion(discussion.slug)} className="line-clamp-2 font-medium hover:text-brand-700">
                    {discussion.title}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {discussion.author?.firstName ?? "Unbekannt"} · {discussion.repliesCount}{" "}
                    {discussion.repliesCount === 1 ? "Antwort" : "Antworten"}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
      <CardFooter>
        <Button asChild variant="secondary" className="w-full">
          <Link to={paths.subforum(subforum.segment)}>
            Gehe zur Community
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

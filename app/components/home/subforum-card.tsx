import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/lib/icons";
import { SolvedBadge } from "~/components/ui/solved-badge";
import { AppLink } from "~/components/ui/app-link";
import { AuthorLink } from "~/components/ui/author-link";
import { DiscussionLink, type ReadingMark, UnreadBadge } from "~/components/ui/unread-badge";
import { authorFirstName } from "~/lib/authors";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import type { Subforum } from "~/lib/categories";
import { formatDate } from "~/lib/format";
import { paths } from "~/lib/paths";
import type { DiscussionSummary } from "~/server/discussions";

const cardTitles: Record<Subforum["segment"], string> = { seo: "SEO", sea: "SEA", ai: "KI Suche" };

export function SubforumCard({
  subforum,
  latest,
  mostActive,
  unread = {},
}: {
  subforum: Subforum;
  latest: DiscussionSummary[];
  mostActive: DiscussionSummary[];
  unread?: Record<string, ReadingMark>;
}) {
  return (
    <Card className="flex flex-col">
      <CardHeader>
        <CardTitle>{cardTitles[subforum.segment]}</CardTitle>
        <CardDescription>{subforum.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-5">
        <HighlightList
          icon="message-square"
          title="Neueste Beiträge"
          empty="Noch keine neuen Beiträge"
          discussions={latest}
          unread={unread}
          detail={(discussion) => formatDate(discussion.createdAt)}
        />
        <HighlightList
          icon="flame"
          title="Aktivste Diskussionen"
          empty="Noch keine aktiven Diskussionen"
          discussions={mostActive}
          unread={unread}
          detail={(discussion) => `${discussion.repliesCount} ${discussion.repliesCount === 1 ? "Antwort" : "Antworten"}`}
        />
      </CardContent>
      <CardFooter>
        <Button asChild variant="secondary" className="w-full">
          <AppLink to={paths.subforum(subforum.segment)}>
            Gehe zur Community
            <Icon name="arrow-right" />
          </AppLink>
        </Button>
      </CardFooter>
    </Card>
  );
}

function HighlightList({
  icon,
  title,
  empty,
  discussions,
  unread,
  detail,
}: {
  icon: IconName;
  title: string;
  empty: string;
  discussions: DiscussionSummary[];
  unread: Record<string, ReadingMark>;
  detail: (discussion: DiscussionSummary) => string;
}) {
  return (
    <section>
      <h3 className="flex items-center gap-1.5 text-sm font-semibold">
        <Icon name={icon} className="size-4 text-brand-700" />
        {title}
      </h3>
      {discussions.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {discussions.map((discussion) => (
            <li key={discussion.id} className="text-sm">
              <DiscussionLink
                slug={discussion.slug}
                unread={unread[discussion.id]}
                className="line-clamp-2 font-medium hover:text-brand-700"
              >
                {discussion.title}
              </DiscussionLink>
              <p className="text-xs text-muted-foreground">
                <AuthorLink author={discussion.author} name={authorFirstName(discussion.author)} /> · {detail(discussion)}{" "}
                {discussion.solved && <SolvedBadge className="px-1.5 py-0" />} <UnreadBadge count={unread[discussion.id]} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

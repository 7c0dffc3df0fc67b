import { ArrowLeftIcon, CalendarIcon, HomeIcon } from "lucide-react";
import { isRouteErrorResponse, Link } from "react-router";
import { CategoryBadge } from "~/components/discussions/category-badge";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate, formatMonthYear } from "~/lib/format";
import { experienceLabels, expertiseLabels } from "~/lib/members";
import { paths } from "~/lib/paths";
import { seoMeta } from "~/lib/seo";
import { listDiscussionsByAuthor } from "~/server/discussions.server";
import { env } from "~/server/env.server";
import { notFoundUnless } from "~/server/guards.server";
import { getPublicProfile } from "~/server/members.server";
import type { Route } from "./+types/profile";

export async function loader({ params }: Route.LoaderArgs) {
  const profile = notFoundUnless(await getPublicProfile(params.id), "Profil nicht gefunden");
  const discussions = await listDiscussionsByAuthor(profile.id);
  const url = `${env.PUBLIC_URL}${paths.profile(profile.id)}`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url,
    mainEntity: {
      "@type": "Person",
      name: `${profile.firstName} ${profile.lastName}`.trim(),
      url,
      ...(profile.company ? { worksFor: { "@type": "Organization", name: profile.company } } : {}),
      ...(profile.bio ? { description: profile.bio } : {}),
    },
  };
  return { profile, discussions, jsonLd };
}

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  const { profile, discussions } = loaderData;
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Button asChild variant="ghost" className="w-fit">
        <Link to={paths.members}>
          <ArrowLeftIcon aria-hidden="true" />
          Zurück zu Mitgliedern
        </Link>
      </Button>
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-6 text-center sm:flex-row sm:text-left">
          <Avatar name={name} src={profile.avatarUrl} className="size-20 text-xl" />
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold">{profile.firstName}</h1>
            {profile.company && <p className="text-muted-foreground">{profile.company}</p>}
            <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
              {expertiseLabels[profile.expertise] && <Badge>{expertiseLabels[profile.expertise]}</Badge>}
              {experienceLabels[profile.experience] && <Badge variant="outline">{experienceLabels[profile.experience]}</Badge>}
            </div>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Über mich</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="whitespace-pre-line">{profile.bio || "Noch keine Angaben."}</p>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarIcon className="size-4" aria-hidden="true" />
            Dabei seit {formatMonthYear(profile.createdAt)}
          </p>
        </CardContent>
      </Card>
      <section aria-labelledby="profile-discussions">
        <h2 id="profile-discussions" className="text-xl font-semibold">
          Diskussionen von {profile.firstName}
        </h2>
        {discussions.length === 0 ? (
          <p className="mt-2 text-muted-foreground">Noch keine Diskussionen gestartet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
            {discussions.map((discussion) => (
              <li key={discussion.id} className="flex flex-col gap-1 p-4">
                <div className="flex items-center gap-2 text-sm text-muted-foreground">
                  <CategoryBadge category={discussion.category} />
                  <time dateTime={new Date(discussion.createdAt).toISOString()}>{formatDate(discussion.createdAt)}</time>
                </div>
                <Link to={paths.discussion(discussion.slug)} className="font-medium hover:text-brand-700">
                  {discussion.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{notFound ? "Profil nicht gefunden" : "Es ist ein unerwarteter Fehler aufgetreten."}</h1>
      <Button asChild>
        <Link to={paths.home}>
          <HomeIcon aria-hidden="true" />
          Zurück zur Startseite
        </Link>
      </Button>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, params }) => {
  if (!loaderData) return seoMeta(matches, { title: "Profil nicht gefunden", path: paths.profile(params.id), noindex: true });
  const { profile } = loaderData;
  return seoMeta(matches, {
    title: `${profile.firstName} ${profile.lastName}`.trim(),
    description: profile.bio ? profile.bio.slice(0, 160) : `${profile.firstName} ist Mitglied der Marketing Community${profile.company ? ` (${profile.company})` : ""}.`,
    path: paths.profile(profile.id),
    type: "website",
    jsonLd: [loaderData.jsonLd],
  });
};

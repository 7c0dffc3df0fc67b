import { Link } from "react-router";
import { PageError } from "~/components/layout/page-error";
import { errorMeta, seoMeta } from "~/lib/seo";
import { paths } from "~/lib/paths";
import { identityFrom } from "~/lib/site-identity";
import { readingPage } from "~/lib/hydration";
import { sharedReads } from "~/server/platform";
import { listTags } from "~/server/tags";
import { addStructuredData, breadcrumbJsonLd, collectionPageJsonLd, tagListJsonLd } from "~/server/seo";
import { siteIdentity } from "~/server/settings";
import type { Route } from "./+types/tags";

/** All tags with visible discussions ("Schlagwörter", decision 0053). Guests read it as finished HTML (decision 0036). */
export const handle = readingPage;

const title = "Schlagwörter";
const description =
  "Alle Schlagwörter der Marketing Community: Themen wie GA4, Core Web Vitals oder Local SEO über alle Kategorien hinweg.";

export async function loader({ context }: Route.LoaderArgs) {
  const tags = await sharedReads.read("tags", listTags);
  addStructuredData(
    context,
    breadcrumbJsonLd([
      { name: (await siteIdentity()).name, path: paths.home },
      { name: title, path: paths.tags },
    ]),
    collectionPageJsonLd({ name: title, description, path: paths.tags }, tagListJsonLd(tags)),
  );
  return { tags };
}

export default function TagsRoute({ loaderData: { tags } }: Route.ComponentProps) {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1 text-muted-foreground">
          Themen, die quer durch die Kategorien gehen. Ein Schlagwort führt zu allen Diskussionen dazu.
        </p>
      </header>
      {tags.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
          Noch keine Schlagwörter vergeben.
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="tag-list">
          {tags.map((tag) => (
            <li key={tag.slug}>
              <Link
                to={paths.tag(tag.slug)}
                className="flex items-center justify-between gap-3 rounded-lg border border-border bg-background px-4 py-3 hover:border-brand-300"
              >
                <span className="min-w-0 truncate font-medium">{tag.name}</span>
                <span className="shrink-0 text-sm text-muted-foreground">
                  {tag.discussionCount} {tag.discussionCount === 1 ? "Diskussion" : "Diskussionen"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, error }) => {
  if (!loaderData) return errorMeta(error, undefined, identityFrom(matches));
  return seoMeta(matches, { title, description, path: paths.tags });
};

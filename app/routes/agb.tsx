import { LegalPage } from "~/components/legal/legal-page";
import { PageError } from "~/components/layout/page-error";
import { paths } from "~/lib/paths";
import { seoMeta } from "~/lib/seo";
import { currentSiteSettings } from "~/server/settings";
import type { Route } from "./+types/agb";
import { readingPage } from "~/lib/hydration";

/** Guests read it as finished HTML, without the framework (decision record 0036). */
export const handle = readingPage;

/** The text as the operator set it (/admin/settings, decision 0049); § 3 keeps its anchor #verhalten. */
export async function loader() {
  const { settings, pages } = await currentSiteSettings();
  return { text: pages.terms, forumName: settings.forumName };
}

export default function TermsRoute({ loaderData }: Route.ComponentProps) {
  return (
    // A soft hyphen: the long word breaks at its seam on a phone, also in browsers without German hyphenation rules.
    <LegalPage title={"Allgemeine Geschäfts\u00ADbedingungen"}>
      {/* Markdown rendered and sanitised on the server (app/server/settings/legal-markdown.server.ts). */}
      <div dangerouslySetInnerHTML={{ __html: loaderData.text }} />
    </LegalPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, {
    title: "AGB",
    description: `Die Nutzungsbedingungen der ${loaderData?.forumName ?? "Community"}: Geltungsbereich, Registrierung, Verhalten, Haftung und Kündigung.`,
    path: paths.agb,
  });

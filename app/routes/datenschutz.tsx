import { LegalPage } from "~/components/legal/legal-page";
import { PageError } from "~/components/layout/page-error";
import { paths } from "~/lib/paths";
import { seoMeta } from "~/lib/seo";
import { currentSiteSettings } from "~/server/settings";
import type { Route } from "./+types/datenschutz";
import { readingPage } from "~/lib/hydration";

/** Guests read it as finished HTML, without the framework (decision record 0036). */
export const handle = readingPage;

/** The text as the operator set it (/admin/settings, decision 0049); the cookie section keeps its anchor #cookies. */
export async function loader() {
  const { settings, pages } = await currentSiteSettings();
  return { text: pages.privacy, forumName: settings.forumName };
}

export default function PrivacyRoute({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage title="Datenschutzerklärung">
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
    title: "Datenschutz",
    description: `Welche Daten die ${loaderData?.forumName ?? "Community"} speichert, wofür, wie lange – und welche Rechte Sie nach der DSGVO haben.`,
    path: paths.datenschutz,
  });

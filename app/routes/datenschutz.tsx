import { LegalPage } from "~/components/legal/legal-page";
import { PageError } from "~/components/layout/page-error";
import { PrivacyContent } from "~/components/legal/privacy-content";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/datenschutz";
import { readingPage } from "~/lib/hydration";

/** Guests read it as finished HTML, without the framework (decision record 0036). */
export const handle = readingPage;

export default function PrivacyRoute() {
  return (
    <LegalPage title="Datenschutzerklärung">
      <PrivacyContent />
    </LegalPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Datenschutz",
    description: "Welche Daten die Marketing Community speichert, wofür, wie lange – und welche Rechte Sie nach der DSGVO haben.",
    path: "/datenschutz",
  });

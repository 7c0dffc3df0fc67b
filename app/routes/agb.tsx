import { LegalPage } from "~/components/legal/legal-page";
import { PageError } from "~/components/layout/page-error";
import { TermsContent } from "~/components/legal/terms-content";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/agb";
import { readingPage } from "~/lib/hydration";

/** Guests read it as finished HTML, without the framework (decision record 0036). */
export const handle = readingPage;

export default function TermsRoute() {
  return (
    // A soft hyphen: the long word breaks at its seam on a phone, also in browsers without German hyphenation rules.
    <LegalPage title={"Allgemeine Geschäfts\u00ADbedingungen"}>
      <TermsContent />
    </LegalPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "AGB",
    description: "Die Nutzungsbedingungen der Marketing Community: Geltungsbereich, Registrierung, Verhalten, Haftung und Kündigung.",
    path: "/agb",
  });

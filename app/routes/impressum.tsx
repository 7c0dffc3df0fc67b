import { LegalPage } from "~/components/legal/legal-page";
import { PageError } from "~/components/layout/page-error";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/lib/paths";
import { currentSiteSettings } from "~/server/settings";
import type { Route } from "./+types/impressum";
import { readingPage } from "~/lib/hydration";

/** Guests read it as finished HTML, without the framework (decision record 0036). */
export const handle = readingPage;

/** The company data and the free text as the operator set them (/admin/settings, decision 0049). */
export async function loader() {
  const { settings, pages } = await currentSiteSettings();
  const { forumName, company, offices, representatives, phone, email, register, vatId, contentResponsible, dsaEmail, dsaLanguages } =
    settings;
  return {
    operator: { forumName, company, offices, representatives, phone, email, register, vatId, contentResponsible, dsaEmail, dsaLanguages },
    text: pages.imprint,
  };
}

export default function ImprintRoute({ loaderData }: Route.ComponentProps) {
  const { operator, text } = loaderData;
  return (
    <LegalPage title="Impressum">
      <h2>Angaben gemäß § 5 DDG</h2>
      <p>
        <strong>{operator.company}</strong>
      </p>
      {operator.offices.map((office) => (
        <div key={`${office.label} ${office.city}`}>
          <h3>{office.label}</h3>
          <p>
            {office.street}
            <br />
            {office.postalCode} {office.city}
            <br />
            Deutschland
          </p>
        </div>
      ))}
      <h2>Vertreten durch</h2>
      <p>Geschäftsführung: {operator.representatives}</p>
      <h2>Kontakt</h2>
      <p>
        Telefon: {operator.phone}
        <br />
        E-Mail: <a href={`mailto:${operator.email}`}>{operator.email}</a>
      </p>
      <h2>Registereintrag</h2>
      <p>{operator.register}</p>
      <h2>Umsatzsteuer-ID</h2>
      <p data-testid="vat-id">Umsatzsteuer-Identifikationsnummer gemäß § 27 a Umsatzsteuergesetz: {operator.vatId}</p>
      <h2>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h2>
      <p>{operator.contentResponsible}</p>
      <h2>Kontaktstelle nach dem Digital Services Act</h2>
      <p>
        Zentrale Kontaktstelle für Behörden, die Kommission und Nutzerinnen und Nutzer (Art. 11 und 12 DSA): E-Mail{" "}
        <a href={`mailto:${operator.dsaEmail}`}>{operator.dsaEmail}</a>. Wir antworten auf {operator.dsaLanguages}.
      </p>
      {/* Markdown rendered and sanitised on the server (app/server/settings/legal-markdown.server.ts). */}
      <div dangerouslySetInnerHTML={{ __html: text }} />
    </LegalPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, {
    title: "Impressum",
    description: loaderData
      ? `Impressum der ${loaderData.operator.forumName} – betrieben von der ${loaderData.operator.company}, ${loaderData.operator.offices.map((office) => office.city).join(" und ")}.`
      : undefined,
    path: paths.impressum,
  });

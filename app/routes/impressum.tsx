import { LegalPage } from "~/components/legal/legal-page";
import { PageError } from "~/components/layout/page-error";
import { seoMeta } from "~/lib/seo";
import { site } from "~/lib/site";
import { paths } from "~/lib/paths";
import type { Route } from "./+types/impressum";
import { readingPage } from "~/lib/hydration";

/** Guests read it as finished HTML, without the framework (decision record 0036). */
export const handle = readingPage;

export default function ImprintRoute() {
  const { operator } = site;
  return (
    <LegalPage title="Impressum">
      <h2>Angaben gemäß § 5 DDG</h2>
      <p>
        <strong>{operator.company}</strong>
      </p>
      {operator.offices.map((office) => (
        <div key={office.city}>
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
      <p>Geschäftsführung: {operator.representedBy}</p>
      <h2>Kontakt</h2>
      <p>
        Telefon: {operator.phone}
        <br />
        E-Mail: <a href={`mailto:${operator.email}`}>{operator.email}</a>
      </p>
      <h2>Registereintrag</h2>
      <p>{operator.register}</p>
      <h2>Umsatzsteuer-ID</h2>
      <p>Umsatzsteuer-Identifikationsnummer gemäß § 27 a Umsatzsteuergesetz: {operator.vatId}</p>
      <h2>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h2>
      <p>{operator.contentResponsible}</p>
      <h2>Nutzerbeiträge</h2>
      <p>
        Beiträge im Forum geben die Meinung ihrer Verfasserinnen und Verfasser wieder. Halten Sie einen Inhalt für rechtswidrig, melden Sie
        ihn bitte über unser Formular <a href={paths.legalNotice}>Rechtswidrigen Inhalt melden</a>, auch ohne Konto. Wir prüfen jede Meldung
        zügig und teilen Ihnen die Entscheidung mit Begründung mit.
      </p>
      <h2>Kontaktstelle nach dem Digital Services Act</h2>
      <p>
        Zentrale Kontaktstelle für Behörden, die Kommission und Nutzerinnen und Nutzer (Art. 11 und 12 DSA): E-Mail{" "}
        <a href={`mailto:${operator.email}`}>{operator.email}</a>. Wir antworten auf Deutsch und Englisch.
      </p>
      <h2>Verbraucherstreitbeilegung</h2>
      <p>Wir sind nicht bereit oder verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.</p>
    </LegalPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Impressum",
    description: `Impressum der Marketing Community – betrieben von der ${site.operator.company}, Berlin und München.`,
    path: "/impressum",
  });

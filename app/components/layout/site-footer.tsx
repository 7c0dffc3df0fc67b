import { Link } from "react-router";
import { useCookieConsent } from "~/components/cookie-consent/cookie-consent";
import { subforums } from "~/lib/categories";
import { paths } from "~/lib/paths";
import { site } from "~/lib/site";

export function SiteFooter({ year }: { year: number }) {
  const { openSettings } = useCookieConsent();
  return (
    <footer className="border-t border-border bg-sidebar px-4 py-8 text-sm md:px-8">
      <div className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-3">
        <div>
          <p className="font-semibold">{site.name}</p>
          <p className="mt-2 text-muted-foreground">{site.tagline}</p>
        </div>
        <nav aria-labelledby="footer-community">
          <h2 id="footer-community" className="font-semibold">
            Community
          </h2>
          <ul className="mt-2 space-y-1.5">
            <li>
              <Link className="hover:underline" to={paths.home}>
                Dashboard
              </Link>
            </li>
            {subforums.map((subforum) => (
              <li key={subforum.segment}>
                <Link className="hover:underline" to={paths.subforum(subforum.segment)}>
                  {subforum.title}
                </Link>
              </li>
            ))}
            <li>
              <Link className="hover:underline" to={paths.members}>
                Mitglieder
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to={paths.search}>
                Suche
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="font-semibold">
            Rechtliches
          </h2>
          <ul className="mt-2 space-y-1.5">
            <li>
              <Link className="hover:underline" to={paths.impressum}>
                Impressum
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to={paths.agb}>
                AGB
              </Link>
            </li>
            <li>
              <Link className="hover:underline" to={paths.datenschutz}>
                Datenschutz
              </Link>
            </li>
            <li>
              <button type="button" className="hover:underline" onClick={openSettings}>
                Cookie-Einstellungen
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <p className="mx-auto mt-8 max-w-6xl border-t border-border pt-6 text-muted-foreground">
        © {year} {site.operator.company}. Alle Rechte vorbehalten.
      </p>
    </footer>
  );
}

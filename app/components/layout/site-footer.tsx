import type { ReactNode } from "react";
import { Form } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { useCookieConsent } from "~/components/cookie-consent/cookie-consent";
import { listings } from "~/lib/categories";
import { paths } from "~/lib/paths";
import { useSiteIdentity } from "~/lib/site-identity";
import { ThemeSwitch } from "./theme-switch";
import { cn } from "~/lib/utils";

/** The footer's navigation of every main page; the top bar's menu button leads here before (and without) JavaScript. */
export const FOOTER_NAVIGATION_ID = "footer-community";

/** What the footer offers a signed-in visitor: the sidebar's member pages, which a phone without JavaScript reaches only here. */
export interface FooterViewer {
  id: string;
  canOpenAdminPanel: boolean;
  canCreateDiscussion: boolean;
  hasNotifications: boolean;
  canBookmark?: boolean;
  /** Staff: the review queue's open items; null for everyone else. */
  openReviewItems: number | null;
}

export function SiteFooter({
  year,
  viewer,
  roomForFloatingButton,
}: {
  year: number;
  viewer: FooterViewer | null;
  roomForFloatingButton: boolean;
}) {
  const { openSettings } = useCookieConsent();
  const identity = useSiteIdentity();
  return (
    // With the floating create button the footer's last line stays clear of it, also at the very end of the page.
    <footer className={cn("border-t border-border bg-sidebar px-4 pt-8 text-sm md:px-8", roomForFloatingButton ? "pb-24" : "pb-8")}>
      <div className={cn("mx-auto grid max-w-6xl gap-8", viewer ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-3")}>
        <div>
          <p className="font-semibold">{identity.name}</p>
          <p className="mt-2 text-muted-foreground">{identity.tagline}</p>
          <ThemeSwitch className="mt-4" />
        </div>
        <FooterLinks
          id={FOOTER_NAVIGATION_ID}
          title="Community"
          links={[
            { to: paths.home, label: "Dashboard" },
            ...listings.map((listing) => ({ to: listing.path, label: listing.title })),
            { to: paths.members, label: "Mitglieder" },
            { to: paths.search, label: "Suche" },
            // Every discussion by month: from any page, each one is at most three clicks away (decision 0058).
            { to: paths.archive, label: "Archiv" },
            ...(viewer ? [] : [{ to: paths.auth, label: "Anmelden" }]),
          ]}
        />
        {/* Right after Community, so the top bar's jump to the navigation shows both on a phone. */}
        {viewer && (
          <FooterLinks
            id="footer-account"
            title="Konto"
            links={[
              { to: paths.profile(viewer.id), label: "Profil" },
              ...(viewer.hasNotifications ? [{ to: paths.notifications, label: "Benachrichtigungen" }] : []),
              ...(viewer.canBookmark ? [{ to: paths.bookmarks, label: "Lesezeichen" }] : []),
              ...(viewer.canCreateDiscussion ? [{ to: paths.createDiscussion, label: "Diskussion erstellen" }] : []),
              ...(viewer.canOpenAdminPanel ? [{ to: paths.admin, label: "Admin Panel" }] : []),
              ...(viewer.openReviewItems !== null ? [{ to: paths.moderation, label: `Moderation (${viewer.openReviewItems})` }] : []),
            ]}
          >
            <li>
              <Form method="post" action={paths.signOut}>
                <button type="submit" className="hover:underline">
                  Abmelden
                </button>
              </Form>
            </li>
          </FooterLinks>
        )}
        <FooterLinks
          id="footer-legal"
          title="Rechtliches"
          links={[
            { to: paths.impressum, label: "Impressum" },
            { to: paths.agb, label: "AGB" },
            { to: paths.datenschutz, label: "Datenschutz" },
            { to: paths.legalNotice, label: "Rechtswidrigen Inhalt melden" },
          ]}
        >
          <li>
            {/* Without JavaScript the link leads to the cookie section of the privacy page; with it, the dialog opens. */}
            <a
              href={paths.cookieSection.href}
              data-action="cookie-settings"
              className="hover:underline"
              onClick={(event) => {
                event.preventDefault();
                openSettings();
              }}
            >
              Cookie-Einstellungen
            </a>
          </li>
        </FooterLinks>
      </div>
      <p className="mx-auto mt-8 max-w-6xl border-t border-border pt-6 text-muted-foreground">
        © {year} {identity.company}. Alle Rechte vorbehalten.
      </p>
    </footer>
  );
}

function FooterLinks({
  id,
  title,
  links,
  children,
}: {
  id: string;
  title: string;
  links: Array<{ to: string; label: string }>;
  children?: ReactNode;
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      <ul className="mt-2 space-y-1.5">
        {links.map((link) => (
          <li key={link.to}>
            <AppLink className="hover:underline" to={link.to}>
              {link.label}
            </AppLink>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "~/components/ui/logo";
import { paths } from "~/lib/paths";
import { clientErrorMessage } from "~/lib/route-errors";
import { texts } from "~/lib/texts";
import { useSiteIdentity } from "~/lib/site-identity";

/** Auth pages render outside the main layout: logo, one card, legal links. */
export function AuthShell({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const identity = useSiteIdentity();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-br from-brand-50 via-background to-brand-100 px-4 py-10">
      {/* A banner landmark: no content of the page lies outside a landmark (axe `region`). */}
      <header className="mb-6">
        <Link to={paths.home} className="flex items-center gap-2 font-bold">
          <Logo />
          {identity.name}
        </Link>
      </header>
      <main className="w-full max-w-md rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <div className="mt-2 text-sm text-muted-foreground">{description}</div>}
        <div className="mt-6">{children}</div>
      </main>
      <nav aria-label="Rechtliches" className="mt-6 flex gap-4 text-sm text-muted-foreground">
        <Link to={paths.impressum} className="hover:underline">
          Impressum
        </Link>
        <Link to={paths.agb} className="hover:underline">
          AGB
        </Link>
        <Link to={paths.datenschutz} className="hover:underline">
          Datenschutz
        </Link>
      </nav>
    </div>
  );
}

/** What an auth page shows when its loader or action failed: the reason, and the way back to signing in. */
export function AuthError({ error }: { error: unknown }) {
  return (
    <AuthShell title={clientErrorMessage(error) ?? texts.unexpectedError}>
      <Link to={paths.auth} className="text-brand-700 underline">
        Zurück zur Anmeldung
      </Link>
    </AuthShell>
  );
}

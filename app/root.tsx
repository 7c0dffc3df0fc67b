import { useEffect, useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import guestScript from "virtual:guest-script";
import { NotFound } from "~/components/layout/not-found";
import { Toaster } from "~/components/toast/toaster";
import { useShowToast } from "~/components/toast/use-show-toast";
import { GuestPageContext, isGuestReadingPage } from "~/lib/hydration";
import { useNonce } from "~/lib/nonce";
import { appIcons, errorMeta, THEME_COLOR, WEB_MANIFEST_PATH } from "~/lib/seo";
import { identityFrom } from "~/lib/site-identity";
import { texts } from "~/lib/texts";
import { readTheme, useStoredTheme } from "~/lib/theme";
import { clientErrorMessage } from "~/lib/route-errors";
import { env } from "~/server/platform";
import { readToast } from "~/server/http";
import { siteIdentity } from "~/server/settings";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: appIcons[0].path },
  { rel: "manifest", href: WEB_MANIFEST_PATH },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, clearHeader } = await readToast(request);
  const theme = readTheme(request.headers.get("Cookie"));
  // The forum's name and tagline as the operator set them (decision 0049): header, footer and every title read them here.
  const identity = await siteIdentity();
  return data({ toast, publicUrl: env.PUBLIC_URL, theme, identity }, clearHeader ? { headers: { "Set-Cookie": clearHeader } } : undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const theme = useStoredTheme();
  const guestPage = useGuestReadingPage();
  useEffect(() => {
    // A stable signal for end-to-end tests that event handlers are attached (error pages included).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="de" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <meta name="color-scheme" content={theme === "system" ? "light dark" : theme} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh font-sans">
        {guestPage ? (
          <>
            <GuestPageContext value>{children}</GuestPageContext>
            {/* Instead of the framework: what a guest's reading page needs in the browser (decision record 0036). */}
            <script type="module" src={guestScript} />
          </>
        ) : (
          <>
            {children}
            <Toaster />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * Whether this document goes out without the framework's script. Only the server decides: a page that
 * hydrates keeps the full app in the browser, also when it then navigates to a reading page.
 */
function useGuestReadingPage(): boolean {
  const matches = useMatches();
  const root = useRouteLoaderData("root") as { toast?: unknown } | undefined;
  return typeof document === "undefined" && isGuestReadingPage(matches, Boolean(root?.toast));
}

export default function App({ loaderData }: Route.ComponentProps) {
  useShowToast(loaderData.toast);
  useStructuredDataOfFirstPageOnly();
  return <Outlet />;
}

/** The server writes JSON-LD for the document it sends; after a client-side navigation it would describe another page. */
function useStructuredDataOfFirstPageOnly() {
  const { pathname, search } = useLocation();
  const first = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (`${pathname}${search}` === first.current) return;
    for (const script of document.head.querySelectorAll('script[type="application/ld+json"]')) script.remove();
  }, [pathname, search]);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="p-6">
        <NotFound />
      </main>
    );
  }
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{clientErrorMessage(error) ?? texts.unexpectedError}</h1>
      <p className="text-muted-foreground">Bitte laden Sie die Seite neu oder versuchen Sie es später erneut.</p>
      <a href="/" className="font-medium text-brand-700 underline">
        Zur Startseite
      </a>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ error, matches }) =>
  error ? errorMeta(error, undefined, identityFrom(matches)) : [{ title: identityFrom(matches).name }];

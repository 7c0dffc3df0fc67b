import { Icon } from "~/components/ui/icon";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { pageTitle } from "~/lib/meta";
import { useSiteIdentity } from "~/lib/site-identity";
import { paths } from "~/lib/paths";
import { clientErrorMessage } from "~/lib/route-errors";
import { texts } from "~/lib/texts";
import { NotFound } from "./not-found";

/**
 * The one error page for every page inside the main layout. Each layout
 * child exports it as its ErrorBoundary, so an error replaces the page's
 * content and the sidebar stays. By status: 404 the page's own "not found"
 * (or the general one), 403 access denied, other 4xx the message the server
 * gave, 5xx the general German message.
 */
export function PageError({
  error,
  notFoundTitle,
  loadFailedTitle,
  documentTitle = false,
}: {
  error: unknown;
  /** "Diskussion nicht gefunden" instead of the general 404 page. */
  notFoundTitle?: string;
  /** For lists (spec: 'Fehler beim Laden der Mitglieder' with the message and 'Erneut versuchen'). */
  loadFailedTitle?: string;
  /** Also name the error in the browser tab (pages whose meta would otherwise keep the old title). */
  documentTitle?: boolean;
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404 && !notFoundTitle) return <NotFound />;
  if (status === 404) return <ErrorMessage title={notFoundTitle!} documentTitle={documentTitle} />;
  if (status === 403) {
    return (
      <ErrorMessage
        title="Zugriff verweigert"
        documentTitle={documentTitle}
        icon={<Icon name="shield-exclamation-point" className="size-10 text-destructive" />}
      >
        <p className="text-muted-foreground">{clientErrorMessage(error) ?? texts.accessDenied}</p>
      </ErrorMessage>
    );
  }
  const message = clientErrorMessage(error) ?? texts.unexpectedError;
  if (loadFailedTitle) return <LoadFailed title={loadFailedTitle} message={message} />;
  return <ErrorMessage title={message} documentTitle={documentTitle} />;
}

function ErrorMessage({
  title,
  icon,
  documentTitle,
  children,
}: {
  title: string;
  icon?: ReactNode;
  documentTitle: boolean;
  children?: ReactNode;
}) {
  const identity = useSiteIdentity();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      {documentTitle && <title>{pageTitle(title, identity)}</title>}
      {icon}
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      <Button asChild>
        <Link to={paths.home}>
          <Icon name="house" />
          Zurück zur Startseite
        </Link>
      </Button>
    </div>
  );
}

function LoadFailed({ title, message }: { title: string; message: string }) {
  const revalidator = useRevalidator();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <p role="alert">
        {title}: {message}
      </p>
      <Button onClick={() => void revalidator.revalidate()}>Erneut versuchen</Button>
    </div>
  );
}

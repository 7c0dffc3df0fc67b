import { isRouteErrorResponse, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { texts } from "~/lib/texts";
import { clientErrorMessage } from "~/lib/route-errors";
import { NotFound } from "./not-found";

/** Error boundary content for pages inside the main layout, so the sidebar stays. */
export function RouteError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{clientErrorMessage(error) ?? texts.unexpectedError}</h1>
      <Button asChild>
        <Link to={paths.home}>Zur Startseite</Link>
      </Button>
    </div>
  );
}

import { Link } from "react-router";
import { paths } from "~/lib/paths";

/** The 404 page's content. Its English text is part of the spec. */
export function NotFound() {
  return (
    <div className="flex flex-col items-center justify-center gap-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Link to={paths.home} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
        Return to Home
      </Link>
    </div>
  );
}

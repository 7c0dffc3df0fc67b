import { identityFrom } from "~/lib/site-identity";
import { data } from "react-router";
import { PageError } from "~/components/layout/page-error";
import { NotFound } from "~/components/layout/not-found";
import { notFoundMeta } from "~/lib/seo";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) => notFoundMeta(undefined, identityFrom(matches));

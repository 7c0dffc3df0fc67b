import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Seite nicht gefunden"),
  { name: "robots", content: "noindex" },
];

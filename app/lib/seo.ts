import type { MetaDescriptor } from "react-router";
import { pageTitle } from "./meta";
import { site } from "./site";

interface MatchLike {
  id: string;
  data?: unknown;
}

export interface SeoInput {
  /** Page title without the site name; undefined for the home page. */
  title?: string;
  description?: string;
  /** Path (with query where it belongs to the page) of the canonical URL. */
  path: string;
  noindex?: boolean;
  type?: "website" | "article";
}

/** The public origin, read from the root loader so that server and browser agree. */
export function publicUrlFrom(matches: ReadonlyArray<MatchLike | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}

/**
 * Title, description, canonical URL, OpenGraph and Twitter tags for a page,
 * plus robots where asked. Every route's meta goes through here. JSON-LD is
 * added by loaders (addStructuredData in app/server/seo.server.ts).
 */
export function seoMeta(matches: ReadonlyArray<MatchLike | undefined>, input: SeoInput): MetaDescriptor[] {
  const url = `${publicUrlFrom(matches)}${input.path}`;
  const title = pageTitle(input.title);
  const description = input.description ?? site.description;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: "de_DE" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title ?? title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: input.title ?? title },
    { name: "twitter:description", content: description },
    ...(input.noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

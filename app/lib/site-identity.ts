import { useRouteLoaderData } from "react-router";
import type { SiteIdentity } from "./schemas/settings";
import { site } from "./site";

/**
 * The forum's name, tagline and company as the operator set them (/admin/settings, decision 0049). The root loader reads
 * them on the server for every page; components and meta functions take them from there. The defaults of
 * app/lib/site.ts stand in where no root data exists (an error before the root loader ran).
 */
export const defaultSiteIdentity: SiteIdentity = { name: site.name, tagline: site.tagline, company: site.operator.company };

interface MatchLike {
  id: string;
  data?: unknown;
}

function identityOf(data: unknown): SiteIdentity {
  return (data as { identity?: SiteIdentity } | undefined)?.identity ?? defaultSiteIdentity;
}

/** For meta functions: the identity from the root match. */
export function identityFrom(matches: ReadonlyArray<MatchLike | undefined>): SiteIdentity {
  return identityOf(matches.find((match) => match?.id === "root")?.data);
}

/** For components: the identity from the root loader's data. */
export function useSiteIdentity(): SiteIdentity {
  return identityOf(useRouteLoaderData("root"));
}

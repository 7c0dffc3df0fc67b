import { site } from "./site";

export function pageTitle(title?: string): string {
  return title ? `${title} | ${site.name}` : `${site.name} – ${site.tagline}`;
}

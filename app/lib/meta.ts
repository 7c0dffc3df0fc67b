import { site } from "./site";

export function pageTitle(title?: string): string {
  return title ? `${title} | ${site.name}` : `${site.name} – ${site.tagline}`;
}

export function pageMeta(title: string | undefined, description: string = site.description) {
  return [{ title: pageTitle(title) }, { name: "description", content: description }];
}

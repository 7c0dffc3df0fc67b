import { isRouteErrorResponse, type MetaDescriptor } from "react-router";
import { pageTitle, withPageNumber } from "./meta";
import { clientErrorMessage } from "./route-errors";
import { site } from "./site";
import { texts } from "./texts";
import type { SiteIdentity } from "./schemas/settings";
import { identityFrom } from "./site-identity";

interface MatchLike {
  id: string;
  data?: unknown;
  /** What the page's loader threw, if it did (React Router hands it to every match's meta). */
  error?: unknown;
}

export interface SeoInput {
  /** Page title without the site name; undefined for the home page. */
  title?: string;
  description?: string;
  /** Path (with query where it belongs to the page) of the canonical URL. */
  path: string;
  noindex?: boolean;
  type?: "website" | "article" | "profile";
  /** Page of a list or of a discussion's comments; from 2 on, title and description say so. */
  page?: number;
  /** A discussion's dates (ISO 8601) and its category's label. */
  article?: { publishedTime: string; modifiedTime: string; section: string };
  /** A share image of the page's own (same size as the default), with its alt text. */
  image?: { path: string; alt: string };
  /** The title of this page's 404, where it names what is missing ("Diskussion nicht gefunden"). */
  notFoundTitle?: string;
}

/**
 * The share image every page carries, drawn at build time (scripts/brand-files.ts,
 * a Vite plugin in vite.config.ts) into the public files.
 */
export const shareImage = {
  path: "/brand/og-default.png",
  width: 1200,
  height: 630,
  // Drawn at build time with the defaults of app/lib/site.ts (scripts/brand-files.ts); a page's alt text names the current forum (seoMeta).
  alt: `${site.name} – ${site.tagline}`,
} as const;

/** The app icons of scripts/brand-files.ts: the favicon's tile for home screens. */
export const appIcons = [
  { path: "/brand/apple-touch-icon.png", size: 180 },
  { path: "/brand/icon-192.png", size: 192 },
  { path: "/brand/icon-512.png", size: 512 },
] as const;

/**
 * The icon Android cuts to its own shape (circle, squircle …): the tile's orange to every edge and the letter
 * within the middle 80 %, the part every shape keeps (scripts/brand-files.ts).
 */
export const maskableIcon = { path: "/brand/icon-maskable-512.png", size: 512 } as const;

/**
 * The pictures Android's install dialog shows ("Zum Startbildschirm hinzufügen"): the home page on a phone and on a
 * wide screen, in the light theme. Committed PNGs, taken by `npm run screenshots` (scripts/screenshots.ts) at these sizes.
 */
export const appScreenshots = [
  { path: "/brand/screenshot-narrow.png", width: 375, height: 740, formFactor: "narrow", label: "Die Startseite auf dem Smartphone" },
  {
    path: "/brand/screenshot-wide.png",
    width: 1280,
    height: 800,
    formFactor: "wide",
    label: "Die Startseite auf einem breiten Bildschirm",
  },
] as const;

export const WEB_MANIFEST_PATH = "/manifest.webmanifest";

/** The browser's chrome around the forum: the primary orange (app/app.css, --color-primary). */
export const THEME_COLOR = "#c2410c";

/**
 * The web app manifest: what Android Chrome needs to install the forum as an app ("Zum Startbildschirm
 * hinzufügen"): name, icons (one maskable), where it starts and what it covers, its own window, and screenshots.
 * The name is the one of app/lib/site.ts, drawn at build time (decision 0049).
 */
export function webManifest() {
  return {
    // The app's identity for the browser: stays the same if start_url ever changes.
    id: "/",
    name: site.name,
    short_name: site.name,
    description: site.description,
    lang: "de-DE",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    // The page's own <meta name="theme-color"> (app/root.tsx, the primary orange) and the light theme's background.
    theme_color: THEME_COLOR,
    background_color: "#ffffff",
    categories: ["business", "education", "social"],
    icons: [
      ...appIcons
        .filter((icon) => icon.size !== 180)
        .map((icon) => ({ src: icon.path, sizes: `${icon.size}x${icon.size}`, type: "image/png", purpose: "any" })),
      { src: maskableIcon.path, sizes: `${maskableIcon.size}x${maskableIcon.size}`, type: "image/png", purpose: "maskable" },
    ],
    screenshots: appScreenshots.map((shot) => ({
      src: shot.path,
      sizes: `${shot.width}x${shot.height}`,
      type: "image/png",
      form_factor: shot.formFactor,
      label: shot.label,
    })),
  };
}

/** The public origin, read from the root loader so that server and browser agree. */
export function publicUrlFrom(matches: ReadonlyArray<MatchLike | undefined>): string {
  const root = matches.find((match) => match?.id === "root")?.data as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}

/**
 * A page whose loader threw (a 404, a refused request): its title says so, search engines keep it out of their
 * index, and it names no canonical address, which would claim the missing page exists.
 */
export function errorMeta(error: unknown, notFoundTitle?: string, identity?: SiteIdentity): MetaDescriptor[] {
  if (isRouteErrorResponse(error) && error.status === 404) return notFoundMeta(notFoundTitle, identity);
  return [
    { title: pageTitle(clientErrorMessage(error) ?? texts.unexpectedError, identity) },
    { name: "robots", content: "noindex, follow" },
  ];
}

/** A page that answers 404: so its title says, and search engines keep it out of their index. */
export function notFoundMeta(title = "Seite nicht gefunden", identity?: SiteIdentity): MetaDescriptor[] {
  return [{ title: pageTitle(title, identity) }, { name: "robots", content: "noindex, follow" }];
}

/**
 * Title, description, canonical URL, OpenGraph and Twitter tags for a page,
 * plus robots where asked. Every route's meta goes through here. JSON-LD is
 * added by loaders (addStructuredData in app/server/seo.server.ts).
 */
export function seoMeta(matches: ReadonlyArray<MatchLike | undefined>, input: SeoInput): MetaDescriptor[] {
  const identity = identityFrom(matches);
  const failed = matches.find((match) => match?.error);
  if (failed) return errorMeta(failed.error, input.notFoundTitle, identity);
  const publicUrl = publicUrlFrom(matches);
  const url = `${publicUrl}${input.path}`;
  const ownTitle = input.title === undefined ? undefined : withPageNumber(input.title, input.page);
  const title = pageTitle(ownTitle, identity);
  const description = withPageNumber(input.description ?? site.description, input.page);
  const image = `${publicUrl}${input.image?.path ?? shareImage.path}`;
  const imageAlt = input.image?.alt ?? `${identity.name} – ${identity.tagline}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: identity.name },
    { property: "og:locale", content: "de_DE" },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: ownTitle ?? title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(shareImage.width) },
    { property: "og:image:height", content: String(shareImage.height) },
    { property: "og:image:alt", content: imageAlt },
    ...(input.article
      ? [
          { property: "article:published_time", content: input.article.publishedTime },
          { property: "article:modified_time", content: input.article.modifiedTime },
          { property: "article:section", content: input.article.section },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: ownTitle ?? title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    ...(input.noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

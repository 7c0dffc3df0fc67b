/**
 * What a member sees offline: the German offline page for a page that is not kept, and a line above a kept
 * discussion saying that it is the stored copy. Both in the site's stylesheet (from the shell cache) and in the
 * member's theme; the page has no script. The Tailwind classes here are the site's own (app/app.css finds them in
 * this file, as in every source file).
 */
import { stylesheet } from "virtual:service-worker-build";
import { site } from "~/lib/site";
import { escapeHtml, type Theme, withTheme } from "./rules";
import type { KeptPage } from "./reading-copies";

const dateTime = new Intl.DateTimeFormat("de-DE", { dateStyle: "long", timeStyle: "short" });

/** "3. Dezember 2026 um 14:05 Uhr" */
function whenStored(date: Date): string {
  return `${dateTime.format(date)} Uhr`;
}

const linkClass = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800";

function keptList(pages: readonly KeptPage[]): string {
  if (pages.length === 0) {
    return `<p class="mt-2 text-sm text-muted-foreground">Noch ist keine Diskussion gespeichert. Diskussionen, die Sie online öffnen, können Sie danach auch offline lesen.</p>`;
  }
  const items = pages
    .map(
      (page) =>
        `<li class="px-4 py-3"><a class="${linkClass}" href="${escapeHtml(page.url)}">${escapeHtml(page.title)}</a><span class="mt-1 block text-xs text-muted-foreground">Gespeichert am ${whenStored(new Date(page.storedAt))}</span></li>`,
    )
    .join("");
  return `<p class="mt-2 text-sm text-muted-foreground">Diese Diskussionen haben Sie zuletzt geöffnet. Sie sind auf diesem Gerät gespeichert und auch offline lesbar.</p>
<ul class="mt-4 divide-y divide-border rounded-lg border border-border bg-background">${items}</ul>`;
}

/** The offline page for `url`, listing the kept discussions. */
export function offlinePageHtml(url: URL, theme: Theme, pages: readonly KeptPage[]): string {
  const html = `<!doctype html>
<html lang="de" data-theme="system">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>Sie sind offline | ${escapeHtml(site.name)}</title>
<link rel="stylesheet" href="${stylesheet}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body class="min-h-dvh bg-background font-sans text-foreground">
<header class="flex h-14 items-center gap-2 border-b border-border bg-sidebar px-4">
<img src="/brand/logo.svg" alt="" width="32" height="32" class="size-8 shrink-0 rounded-md">
<span class="truncate text-sm font-bold">${escapeHtml(site.name)}</span>
</header>
<main id="main" class="mx-auto w-full max-w-3xl px-4 py-10 md:px-8">
<h1 class="text-2xl font-bold">Sie sind offline</h1>
<p class="mt-3 text-muted-foreground">Diese Seite lässt sich ohne Internetverbindung nicht laden. Prüfen Sie Ihre Verbindung und versuchen Sie es dann noch einmal.</p>
<p class="mt-6 flex flex-wrap gap-3">
<a href="${escapeHtml(url.pathname + url.search)}" class="inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 py-2 text-sm font-medium whitespace-nowrap text-primary-foreground hover:bg-primary-hover">Erneut versuchen</a>
<a href="/" class="inline-flex h-10 items-center justify-center rounded-md border border-border bg-background px-4 py-2 text-sm font-medium whitespace-nowrap hover:bg-muted">Zur Startseite</a>
</p>
<section class="mt-10" aria-labelledby="offline-lesbar">
<h2 id="offline-lesbar" class="text-lg font-semibold">Offline lesbar</h2>
${keptList(pages)}
</section>
</main>
</body>
</html>
`;
  return withTheme(html, theme);
}

/**
 * A kept discussion as the member gets it offline: in their theme, with a line at the top of the content saying
 * that this is the copy stored at `stored`.
 */
export function keptPageHtml(html: string, theme: Theme, stored: Date): string {
  const notice = `<p role="status" class="mb-4 rounded-md border border-border bg-muted px-3 py-2 text-sm">Sie sind offline. Sie lesen die Fassung vom ${whenStored(stored)}.</p>`;
  return withTheme(html, theme).replace(/(<main\b[^>]*>)/, `$1${notice}`);
}

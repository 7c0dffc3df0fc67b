import { Icon } from "~/components/ui/icon";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { paths } from "~/lib/paths";

/**
 * Submits only non-blank text. No browser validation (its bubble speaks the browser's language): without
 * JavaScript a blank query opens the search page with its own form.
 */
export function SidebarSearch({ onNavigate }: { onNavigate?: () => void }) {
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    if (!query) return;
    onNavigate?.();
    void navigate(paths.searchFor(query));
  }

  return (
    <form
      method="get"
      action={paths.search}
      role="search"
      aria-label="Schnellsuche"
      onSubmit={handleSubmit}
      data-search-box
      className="relative px-3"
    >
      <label htmlFor="sidebar-search" className="sr-only">
        Diskussionen durchsuchen
      </label>
      <Icon name="search" className="pointer-events-none absolute left-5.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <input
        id="sidebar-search"
        name="q"
        type="search"
        placeholder="Suchen..."
        autoComplete="off"
        className="h-9 w-full rounded-md border border-border bg-background pl-8 pr-2 text-sm placeholder:text-muted-foreground"
      />
    </form>
  );
}

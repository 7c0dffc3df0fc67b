import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/lib/icons";
import { useFetcher, useLocation } from "react-router";
import { paths } from "~/lib/paths";
import { THEMES, themeLabels, useStoredTheme, type Theme } from "~/lib/theme";

const icons = { system: "monitor", light: "sun", dark: "moon" } satisfies Record<Theme, IconName>;

/**
 * System / Hell / Dunkel. A plain form: without JavaScript it posts to /theme,
 * which sets the cookie and sends the visitor back here. With JavaScript the
 * page changes colour on the click, and the post only stores the choice.
 */
export function ThemeSwitch({ className }: { className?: string }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const stored = useStoredTheme();
  const pending = fetcher.formData?.get("theme");
  const current = THEMES.find((theme) => theme === pending) ?? stored;
  return (
    <fetcher.Form method="post" action={paths.theme} preventScrollReset className={className} data-theme-switch>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <div role="group" aria-label="Farbschema" className="flex w-full max-w-56 rounded-md border border-border bg-background p-0.5">
        {THEMES.map((theme) => {
          const icon = icons[theme];
          return (
            <button
              key={theme}
              type="submit"
              name="theme"
              value={theme}
              aria-pressed={current === theme}
              onClick={() => {
                document.documentElement.dataset.theme = theme;
              }}
              // Styled by aria-pressed, so a guest page's script changes the choice by that one attribute.
              className="inline-flex flex-1 items-center justify-center gap-1 rounded-sm px-1.5 py-1 text-xs text-muted-foreground hover:text-foreground aria-pressed:bg-muted aria-pressed:font-medium aria-pressed:text-foreground"
            >
              <Icon name={icon} className="size-3.5" />
              {themeLabels[theme]}
            </button>
          );
        })}
      </div>
    </fetcher.Form>
  );
}

import { Icon } from "~/components/ui/icon";
import { AppLink } from "~/components/ui/app-link";
import { Button, buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { paths } from "~/lib/paths";
import { useSiteIdentity } from "~/lib/site-identity";
import { FOOTER_NAVIGATION_ID } from "./site-footer";
import { NotificationBell } from "./notification-bell";
import { useSidebar } from "./sidebar-context";

/** `unread` is null for guests (and members not let in yet): their pages carry no bell, so guest pages stay shareable. */
export function TopBar({ unread = null }: { unread?: number | null }) {
  const { toggle } = useSidebar();
  const identity = useSiteIdentity();
  // Until the scripts run (and without JavaScript) the button is a link to the footer's navigation, which
  // holds every main page: a phone without JavaScript still gets a menu. Afterwards it opens the sidebar.
  const hydrated = useHydrated();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-background/95 px-3 backdrop-blur">
      {hydrated ? (
        <Button
          variant="ghost"
          size="icon"
          onClick={toggle}
          aria-label="Seitenleiste umschalten"
          title="Seitenleiste umschalten (Strg+B)"
          data-testid="sidebar-toggle"
        >
          <Icon name="panel-left" />
        </Button>
      ) : (
        <a
          href={`#${FOOTER_NAVIGATION_ID}`}
          aria-label="Zur Navigation"
          title="Zur Navigation"
          data-testid="sidebar-toggle"
          data-sidebar-toggle
          className={buttonVariants({ variant: "ghost", size: "icon" })}
        >
          <Icon name="panel-left" />
        </a>
      )}
      <AppLink to={paths.home} className="font-semibold md:hidden">
        {identity.name}
      </AppLink>
      {unread !== null && <NotificationBell unread={unread} />}
    </header>
  );
}

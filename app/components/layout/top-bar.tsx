import { PanelLeftIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { site } from "~/lib/site";
import { NotificationBell } from "./notification-bell";
import { useSidebar } from "./sidebar-context";

/** `unread` is null for guests (and members not let in yet): their pages carry no bell, so guest pages stay shareable. */
export function TopBar({ unread = null }: { unread?: number | null }) {
  const { toggle } = useSidebar();
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-background/95 px-3 backdrop-blur">
      <Button
        variant="ghost"
        size="icon"
        onClick={toggle}
        aria-label="Seitenleiste umschalten"
        title="Seitenleiste umschalten (Strg+B)"
        data-testid="sidebar-toggle"
      >
        <PanelLeftIcon aria-hidden="true" />
      </Button>
      <Link to={paths.home} className="font-semibold md:hidden">
        {site.name}
      </Link>
      {unread !== null && <NotificationBell unread={unread} />}
    </header>
  );
}

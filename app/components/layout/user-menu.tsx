import { Icon } from "~/components/ui/icon";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { paths } from "~/lib/paths";
import { cn } from "~/lib/utils";
import { ThemeSwitch } from "./theme-switch";

export interface SidebarViewer {
  id: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  canOpenAdminPanel: boolean;
  canCreateDiscussion: boolean;
  /** Members let in keep bookmarks (/bookmarks). */
  canBookmark?: boolean;
  /** Staff: the review queue's open items (the sidebar's "Moderation"); null for everyone else. */
  openReviewItems: number | null;
  /** Members let in: their conversations with unread messages (the sidebar's "Nachrichten"); null for everyone else. */
  unreadConversations?: number | null;
}

/**
 * Profile and sign-out for the signed-in member. A native <details> menu, so
 * it opens before hydration and without JavaScript.
 */
export function UserMenu({ viewer, collapsed }: { viewer: SidebarViewer; collapsed: boolean }) {
  const name = `${viewer.firstName} ${viewer.lastName}`.trim();
  const menu = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  // A menu is done once it has led somewhere: a new page closes it.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [key]);
  return (
    <details ref={menu} className="group relative" data-testid="user-menu">
      <summary
        className={cn(
          "flex cursor-pointer list-none items-center gap-2 rounded-md py-1.5 text-sm hover:bg-muted [&::-webkit-details-marker]:hidden",
          collapsed ? "justify-center px-0" : "px-2",
        )}
      >
        <Avatar name={name} src={viewer.avatarUrl} />
        <span className={cn("min-w-0 flex-1 truncate font-medium", collapsed && "sr-only")}>{name}</span>
        <Icon name="chevron-up" className={cn("size-4 transition-transform group-open:rotate-180", collapsed && "hidden")} />
      </summary>
      <div
        className={cn(
          "absolute z-40 w-56 rounded-md border border-border bg-background p-1 shadow-lg",
          collapsed ? "bottom-0 left-full ml-2" : "bottom-full left-0 mb-2",
        )}
      >
        <Link to={paths.profile(viewer.id)} className="flex items-center gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-muted">
          <Icon name="user" className="size-4" />
          Profil
        </Link>
        {viewer.canBookmark && (
          <Link to={paths.bookmarks} className="flex items-center gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-muted">
            <Icon name="bookmark" className="size-4" />
            Lesezeichen
          </Link>
        )}
        <Form method="post" action={paths.signOut}>
          <button type="submit" className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-muted">
            <Icon name="log-out" className="size-4" />
            Abmelden
          </button>
        </Form>
        <ThemeSwitch className="mt-1 border-t border-border px-1 pb-0.5 pt-1.5" />
      </div>
    </details>
  );
}

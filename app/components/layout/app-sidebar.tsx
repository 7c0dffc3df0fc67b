import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/lib/icons";
import { lazy, Suspense, useId, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { useInAppLinks } from "~/lib/hooks/use-in-app-links";
import { Tooltip } from "~/components/ui/tooltip";
import { useGuestPage } from "~/lib/hydration";
import { subforums, type Subforum } from "~/lib/categories";
import { paths } from "~/lib/paths";
import { unreadConversationsLabel } from "~/lib/messages";
import { useSiteIdentity } from "~/lib/site-identity";
import { cn } from "~/lib/utils";
import { Logo } from "~/components/ui/logo";
import { useSidebar } from "./sidebar-context";
import { SidebarSearch } from "./sidebar-search";
import { UserMenu, type SidebarViewer } from "./user-menu";

const navigation: Array<{ to: string; label: string; icon: IconName; end?: boolean }> = [
  { to: paths.home, label: "Dashboard", icon: "layout-dashboard", end: true },
  { to: paths.members, label: "Mitglieder", icon: "users" },
  { to: paths.tags, label: "Schlagwörter", icon: "tag" },
  { to: paths.search, label: "Suche", icon: "search" },
];

const subforumIcons: Record<Subforum["segment"], IconName> = {
  seo: "trending-up",
  sea: "megaphone",
  ai: "bot",
};

/** Desktop sidebar: a column that is either expanded (16rem) or collapsed to icons (3rem). */
export function DesktopSidebar({ viewer }: { viewer: SidebarViewer | null }) {
  const { open } = useSidebar();
  const guestPage = useGuestPage();
  return (
    <>
      <aside
        aria-label="Seitenleiste"
        data-state={open ? "expanded" : "collapsed"}
        data-testid="sidebar"
        data-sidebar
        className={cn(
          "sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-border bg-sidebar transition-[width] duration-200 md:flex",
          open ? "w-64" : "w-12",
        )}
      >
        <SidebarBody collapsed={!open} viewer={viewer} />
      </aside>
      {guestPage && (
        // A guest page's script swaps this with the sidebar's content to collapse or expand it (app/enhance/guest.ts).
        <template data-template="sidebar-alternate">
          <SidebarBody collapsed={open} viewer={viewer} />
        </template>
      )}
    </>
  );
}

// Radix Dialog is a sizeable part of a first visit's JavaScript; most visitors never open the overlay.
const MobileSidebarSheet = lazy(() => import("./mobile-sidebar-sheet"));

/** Under 768 px the sidebar opens as an overlay. */
export function MobileSidebar({ viewer }: { viewer: SidebarViewer | null }) {
  const { openMobile, setOpenMobile } = useSidebar();
  // A closed Radix dialog renders nothing, so mounting it only while open changes no markup.
  if (!openMobile) return null;
  const close = () => setOpenMobile(false);
  return (
    <Suspense fallback={null}>
      <MobileSidebarSheet onClose={close}>
        <SidebarBody collapsed={false} viewer={viewer} onNavigate={close} />
      </MobileSidebarSheet>
    </Suspense>
  );
}

function SidebarBody({ collapsed, viewer, onNavigate }: { collapsed: boolean; viewer: SidebarViewer | null; onNavigate?: () => void }) {
  const [subforumsOpen, setSubforumsOpen] = useState(true);
  const identity = useSiteIdentity();
  const subforumsId = useId();
  // Icons only: the group cannot be closed there.
  const subforumsShown = collapsed || subforumsOpen;
  // The sidebar's links are plain links that this one handler opens in the app: a React Router <NavLink> each (a
  // dozen, twice on a guest's page with the alternate sidebar) was a tenth of the render of a guest's home page.
  const inAppLinks = useInAppLinks();

  return (
    <div className="flex min-h-0 flex-1 flex-col" onClick={inAppLinks}>
      <div className={cn("flex h-14 items-center gap-2 border-b border-border", collapsed ? "justify-center px-0" : "px-3")}>
        <AppLink to={paths.home} onClick={onNavigate} className="flex min-w-0 items-center gap-2 rounded-md">
          <Logo />
          <span className={cn("truncate text-sm font-bold", collapsed && "sr-only")}>{identity.name}</span>
        </AppLink>
      </div>

      <nav aria-label="Hauptnavigation" className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto py-3">
        {!collapsed && <SidebarSearch onNavigate={onNavigate} />}

        <SidebarGroup label="Navigation" collapsed={collapsed}>
          {navigation.map((item) => (
            <li key={item.to}>
              <SidebarLink {...item} collapsed={collapsed} onNavigate={onNavigate} />
            </li>
          ))}
          {viewer && viewer.unreadConversations !== null && viewer.unreadConversations !== undefined && (
            <li>
              <SidebarLink
                to={paths.messages}
                label="Nachrichten"
                icon="messages-square"
                count={{ value: viewer.unreadConversations, label: unreadConversationsLabel(viewer.unreadConversations) }}
                collapsed={collapsed}
                onNavigate={onNavigate}
              />
            </li>
          )}
          {viewer?.canOpenAdminPanel && (
            <li>
              <SidebarLink to={paths.admin} label="Admin Panel" icon="shield" collapsed={collapsed} onNavigate={onNavigate} />
            </li>
          )}
          {viewer && viewer.openReviewItems !== null && (
            <li>
              <SidebarLink
                to={paths.moderation}
                label="Moderation"
                icon="shield-check"
                count={{ value: viewer.openReviewItems, label: viewer.openReviewItems === 1 ? "offener Eintrag" : "offene Einträge" }}
                collapsed={collapsed}
                onNavigate={onNavigate}
              />
            </li>
          )}
        </SidebarGroup>

        {/* A plain disclosure button rather than Radix Collapsible: same ARIA, without Radix's state and presence code on every page. */}
        <div className="px-2">
          {collapsed ? (
            <span className="sr-only">Subforen</span>
          ) : (
            <button
              type="button"
              aria-expanded={subforumsOpen}
              aria-controls={subforumsId}
              onClick={() => setSubforumsOpen((open) => !open)}
              className="flex w-full items-center justify-between rounded-md px-2 py-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground hover:bg-muted"
            >
              Subforen
              <Icon name="chevron-down" className={cn("size-4 transition-transform", !subforumsOpen && "-rotate-90")} />
            </button>
          )}
          <div id={subforumsId} hidden={!subforumsShown}>
            {subforumsShown && (
              <ul className="mt-1 flex flex-col gap-0.5">
                {subforums.map((subforum) => (
                  <li key={subforum.segment}>
                    <SidebarLink
                      to={paths.subforum(subforum.segment)}
                      label={subforum.title}
                      description={subforum.description}
                      icon={subforumIcons[subforum.segment]}
                      collapsed={collapsed}
                      onNavigate={onNavigate}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>

        {viewer && (
          <SidebarGroup label="Schnellaktionen" collapsed={collapsed}>
            <li>
              <SidebarLink
                to={paths.createDiscussion}
                label="Diskussion erstellen"
                icon="circle-plus"
                collapsed={collapsed}
                onNavigate={onNavigate}
              />
            </li>
          </SidebarGroup>
        )}
      </nav>

      <div className={cn("border-t border-border py-3", collapsed ? "px-1" : "px-2")}>
        {viewer ? (
          <UserMenu viewer={viewer} collapsed={collapsed} />
        ) : (
          <SidebarLink to={paths.auth} label="Anmelden" icon="log-in" collapsed={collapsed} onNavigate={onNavigate} />
        )}
      </div>
    </div>
  );
}

function SidebarGroup({ label, collapsed, children }: { label: string; collapsed: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <div className="px-2">
      <div id={id} className={cn("px-2 py-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground", collapsed && "sr-only")}>
        {label}
      </div>
      <ul aria-labelledby={id} className="flex flex-col gap-0.5">
        {children}
      </ul>
    </div>
  );
}

/** Whether a sidebar link leads to the page shown, as React Router's NavLink decides it (case-insensitive, by segments). */
function isCurrent(pathname: string, to: string, end: boolean | undefined): boolean {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  return here === target || (!end && (target === "/" || here.startsWith(`${target}/`)));
}

function SidebarLink({
  to,
  label,
  description,
  icon,
  end,
  count,
  collapsed,
  onNavigate,
}: {
  to: string;
  label: string;
  description?: string;
  icon: IconName;
  end?: boolean;
  /** A number after the label (the review queue's open items), read out with its words. */
  count?: { value: number; label: string };
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const shownCount = count && count.value > 0 ? (count.value > 99 ? "99+" : String(count.value)) : null;
  // One context read: what NavLink cost was resolving and matching its path, not reading the location.
  const { pathname } = useLocation();
  const isActive = isCurrent(pathname, to, end);
  const link = (
    <AppLink
      to={to}
      onClick={onNavigate}
      aria-current={isActive ? "page" : undefined}
      className={cn(
        "flex items-start gap-2 rounded-md py-1.5 text-sm hover:bg-muted",
        isActive && "bg-brand-50 font-medium text-brand-800",
        collapsed ? "justify-center px-0" : "px-2",
      )}
    >
      <span className="relative mt-0.5 inline-flex shrink-0">
        <Icon name={icon} className="size-4" />
        {collapsed && shownCount && (
          <span aria-hidden="true" className="absolute -top-1.5 -right-2 size-2.5 rounded-full border border-background bg-primary" />
        )}
      </span>
      <span className={cn("flex min-w-0 flex-1 flex-col", collapsed && "sr-only")}>
        <span className="flex items-center justify-between gap-2">
          {label}
          {count && shownCount && (
            <span
              data-testid="sidebar-count"
              className="rounded-full bg-primary px-1.5 text-xs font-semibold tabular-nums text-primary-foreground"
            >
              <span aria-hidden="true">{shownCount}</span>
              <span className="sr-only">
                {" "}
                ({shownCount} {count.label})
              </span>
            </span>
          )}
        </span>
        {description && <span className="text-xs font-normal text-muted-foreground">{description}</span>}
      </span>
    </AppLink>
  );
  if (!collapsed) return link;
  return <Tooltip label={shownCount ? `${label} (${shownCount} ${count!.label})` : label}>{link}</Tooltip>;
}

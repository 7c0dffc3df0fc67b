import { data, Outlet, useLocation } from "react-router";
import { CookieConsentProvider } from "~/components/cookie-consent/cookie-consent";
import { DesktopSidebar, MobileSidebar } from "~/components/layout/app-sidebar";
import { FloatingCreateButton } from "~/components/layout/floating-create-button";
import { SidebarProvider } from "~/components/layout/sidebar-context";
import { SiteFooter } from "~/components/layout/site-footer";
import { TopBar } from "~/components/layout/top-bar";
import { LiveStreamProvider } from "~/lib/live-stream";
import { useInAppLinks } from "~/lib/hooks/use-in-app-links";
import { showsFloatingCreate } from "~/lib/floating-create";
import { readSidebarOpen } from "~/lib/sidebar";
import { useServiceWorker } from "~/lib/hooks/use-service-worker";
import { SilencedBanner } from "~/components/moderation/silenced-banner";
import { SuspendedNotice } from "~/components/moderation/suspended-notice";
import { silencedText, suspensionText } from "~/lib/moderation";
import { unreadCountOf } from "~/server/notifications";
import { openReviewItemsCount } from "~/server/moderation";
import { unreadConversationsOf } from "~/server/messages";
import { can, getViewer, suspensionOfEndedSession } from "~/server/accounts";
import { knownValue, readValuesTogether } from "~/server/db";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const bell = viewer !== null && can(viewer, "receiveNotifications");
  // Staff only: a guest's page (and the guests' page cache) never asks the review queue anything. Sent with the
  // page's own reads of its reader, in one statement (readValuesTogether).
  const { unread, openReviewItems, unreadConversations } = await readValuesTogether(request, {
    unread: bell ? unreadCountOf(viewer.id) : knownValue(null),
    openReviewItems: can(viewer, "review") ? openReviewItemsCount() : knownValue(null),
    // The sidebar's "Nachrichten" (decision 0062): conversations with unread messages, in the same statement.
    unreadConversations: can(viewer, "readMessages") ? unreadConversationsOf(viewer!.id) : knownValue(null),
  });
  // A cookie whose session a suspension ended: this page says why the member is signed out (asked only then).
  const ended = viewer === null ? await suspensionOfEndedSession(request) : null;
  return data(
    {
      suspended: ended && suspensionText(ended.suspension),
      sidebarOpen: readSidebarOpen(request.headers.get("Cookie")),
      year: new Date().getFullYear(),
      viewer: viewer && {
        id: viewer.id,
        firstName: viewer.firstName,
        lastName: viewer.lastName,
        avatarUrl: viewer.avatarUrl,
        canOpenAdminPanel: can(viewer, "openAdminPanel"),
        canCreateDiscussion: can(viewer, "createDiscussion"),
        canBookmark: can(viewer, "bookmark"),
        unreadNotifications: unread,
        openReviewItems,
        unreadConversations,
        // A silenced member reads on every page why their forms are refused, and until when.
        silenced: viewer.silenced ? silencedText(viewer.silenced) : null,
      },
    },
    { headers: ended ? { "Set-Cookie": ended.clearCookie } : {} },
  );
}

export default function MainLayout({ loaderData }: Route.ComponentProps) {
  const { viewer } = loaderData;
  const location = useLocation();
  const floatingCreate = Boolean(viewer?.canCreateDiscussion) && showsFloatingCreate(location);
  const inAppLinks = useInAppLinks();
  useServiceWorker(viewer !== null);
  return (
    <SidebarProvider defaultOpen={loaderData.sidebarOpen}>
      <LiveStreamProvider bell={viewer !== null && viewer.unreadNotifications !== null}>
        <CookieConsentProvider>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-background focus:p-2"
          >
            Zum Inhalt springen
          </a>
          <div className="flex min-h-dvh">
            <DesktopSidebar viewer={viewer} />
            <MobileSidebar viewer={viewer} />
            {/* The page's plain links (a[data-link]: lists, cards, tags, the posts' controls) open in the app through
                this one handler instead of a React Router <Link> each (decision record 0042). */}
            <div className="flex min-w-0 flex-1 flex-col" onClick={inAppLinks}>
              <TopBar unread={viewer?.unreadNotifications ?? null} />
              <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:px-8">
                {loaderData.suspended && <SuspendedNotice text={loaderData.suspended} />}
                {viewer?.silenced && <SilencedBanner text={viewer.silenced} />}
                <Outlet />
              </main>
              <SiteFooter
                year={loaderData.year}
                viewer={viewer && { ...viewer, hasNotifications: viewer.unreadNotifications !== null }}
                roomForFloatingButton={floatingCreate}
              />
            </div>
          </div>
          {floatingCreate && <FloatingCreateButton />}
        </CookieConsentProvider>
      </LiveStreamProvider>
    </SidebarProvider>
  );
}

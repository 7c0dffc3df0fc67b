import { Outlet } from "react-router";
import { CookieConsentProvider } from "~/components/cookie-consent/cookie-consent";
import { DesktopSidebar, MobileSidebar } from "~/components/layout/app-sidebar";
import { SidebarProvider } from "~/components/layout/sidebar-context";
import { SiteFooter } from "~/components/layout/site-footer";
import { TopBar } from "~/components/layout/top-bar";
import { TooltipProvider } from "~/components/ui/tooltip";
import { readSidebarOpen } from "~/lib/sidebar";
import type { Route } from "./+types/layout";

export function loader({ request }: Route.LoaderArgs) {
  return {
    sidebarOpen: readSidebarOpen(request.headers.get("Cookie")),
    year: new Date().getFullYear(),
  };
}

export default function MainLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SidebarProvider defaultOpen={loaderData.sidebarOpen}>
      <TooltipProvider delayDuration={300}>
        <CookieConsentProvider>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-background focus:p-2"
          >
            Zum Inhalt springen
          </a>
          <div className="flex min-h-dvh">
            <DesktopSidebar />
            <MobileSidebar />
            <div className="flex min-w-0 flex-1 flex-col">
              <TopBar />
              <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:px-8">
                <Outlet />
              </main>
              <SiteFooter year={loaderData.year} />
            </div>
          </div>
        </CookieConsentProvider>
      </TooltipProvider>
    </SidebarProvider>
  );
}

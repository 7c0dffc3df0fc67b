import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { sidebarCookie } from "~/lib/sidebar";

const MOBILE_QUERY = "(max-width: 767px)";

interface SidebarState {
  /** Desktop: expanded (true) or collapsed to icons (false). */
  open: boolean;
  /** Mobile: overlay shown. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function SidebarProvider({ defaultOpen, children }: { defaultOpen: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    // Which sidebar the toggle means depends on the viewport at the moment of the click.
    if (window.matchMedia(MOBILE_QUERY).matches) {
      setOpenMobile((value) => !value);
      return;
    }
    setOpen((value) => {
      document.cookie = sidebarCookie(!value);
      return !value;
    });
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== "b" || !(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return;
      // In a text field the shortcut belongs to the field (in the rich-text editor Ctrl+B means bold).
      if (event.target instanceof HTMLElement && (event.target.isContentEditable || event.target.closest("input, textarea, select")))
        return;
      event.preventDefault();
      toggle();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  const value = useMemo(() => ({ open, openMobile, setOpenMobile, toggle }), [open, openMobile, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const context = useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used within a SidebarProvider");
  return context;
}

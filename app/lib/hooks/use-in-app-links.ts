import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * One click handler for a part of the page whose links are plain `<a>` elements, such as the controls under every
 * comment ("Antworten", "Melden", the edit pencil): a page of fifty comments renders fifty links, not fifty React
 * Router <Link>s with their hooks. With the app loaded, a plain left click on `a[data-link]` navigates in the app;
 * `data-link="stay"` keeps the scroll position, as those links open a form where the reader is. Before hydration
 * and without JavaScript each is an ordinary link to the same address.
 */
export function useInAppLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-link]") : null;
      if (!link || !event.currentTarget.contains(link) || (link.target && link.target !== "_self")) return;
      const href = link.getAttribute("href");
      if (!href) return;
      event.preventDefault();
      void navigate(href, { preventScrollReset: link.dataset.link === "stay" });
    },
    [navigate],
  );
}

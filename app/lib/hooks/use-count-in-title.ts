import { useEffect, useRef } from "react";
import { titleWithCount } from "~/lib/meta";

/**
 * Keeps the bell's unread count in front of the tab's title while the member reads ("(3) Titel"). The route's
 * meta writes the title without it; a navigation writes a new one, which gets the count too. What was written
 * here is remembered, so the title under the count is always the route's own, never parsed back out.
 */
export function useCountInTitle(unread: number) {
  const written = useRef<{ bare: string; shown: string } | null>(null);
  useEffect(() => {
    const apply = () => {
      const current = document.title;
      // Anything but our own last title is a new one from the route: it is the bare title.
      const bare = written.current && current === written.current.shown ? written.current.bare : current;
      const shown = titleWithCount(bare, unread);
      written.current = { bare, shown };
      if (shown !== current) document.title = shown;
    };
    apply();
    // The <title> element's text is replaced on navigation; watching the head catches it however it changes.
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [unread]);
}

import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/ui/icon";
import type { QuoteSource } from "~/lib/rich-text";
import type { RichTextFieldHandle } from "~/components/editor/rich-text-field";

/**
 * "Zitieren" (decision 0032): selecting words in a post offers a button that puts them, as a quote linked to the post
 * and its author, into the reply form (the open one, else the new comment's). Each post also has a "Zitieren"
 * link: without JavaScript it reloads the page with the whole post quoted in the form (?quote=); with it, it
 * quotes the words selected in that post, or the whole post. One listener for the page, not one per post.
 */

/** The post's text element: who wrote it and where it is, for the quote's first line and link. */
export function quoteSourceAttributes({ author, href }: { author: string; href: string }) {
  return { "data-quote-author": author, "data-quote-href": href };
}

const SOURCE = "[data-quote-href]";

/** The post text element holding this node, if any. */
function sourceOf(node: Node | null): HTMLElement | null {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  return element?.closest<HTMLElement>(SOURCE) ?? null;
}

function quoteOf(element: HTMLElement, text: string): QuoteSource {
  return { text: text.trim(), author: element.dataset.quoteAuthor ?? "", href: element.dataset.quoteHref ?? "" };
}

/** The selection, when it lies within one post's text and holds words: the quote, and where it is on the screen. */
function selectedQuote(): { source: QuoteSource; range: Range } | null {
  const selection = document.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const element = sourceOf(selection.anchorNode);
  if (!element || element !== sourceOf(selection.focusNode)) return null;
  const text = selection.toString();
  if (text.trim() === "") return null;
  return { source: quoteOf(element, text), range: selection.getRangeAt(0) };
}

/** Where the offer sits: just under the selection, inside the window (fixed, so it is measured in the window). */
function placeUnder(range: Range): { top: number; left: number } {
  const rect = range.getBoundingClientRect();
  const width = 120;
  return {
    top: Math.min(rect.bottom + 8, window.innerHeight - 48),
    left: Math.max(8, Math.min(rect.left, document.documentElement.clientWidth - width - 8)),
  };
}

/** The per-post link: a plain link to the page with ?quote= (no JavaScript needed), taken over by QuoteSelection. */
export function QuoteLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} data-quote-link="" className="post-action" aria-label={`${label} zitieren`}>
      <Icon name="text-quote" className="size-4" />
      Zitieren
    </a>
  );
}

export function QuoteSelection({ target }: { target: () => RichTextFieldHandle | null }) {
  const [offer, setOffer] = useState<{ source: QuoteSource; top: number; left: number; range: Range } | null>(null);
  const targetRef = useRef(target);
  useEffect(() => {
    targetRef.current = target;
  });
  const pressed = useRef(false);

  useEffect(() => {
    const place = (source: QuoteSource) => targetRef.current()?.quote(source);
    const released = () => {
      pressed.current = false;
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the selection settles (dragging fires many changes); a press on the button itself keeps the offer.
    const onSelection = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (pressed.current) return;
        const selected = selectedQuote();
        setOffer(selected && { source: selected.source, range: selected.range, ...placeUnder(selected.range) });
      }, 150);
    };
    // The offer follows its words when the page scrolls or the window changes.
    const onMove = () => setOffer((current) => current && { ...current, ...placeUnder(current.range) });
    // The per-post link: the words selected in that post, or all of its text.
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-quote-link]") : null;
      if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const element = link.closest("article")?.querySelector<HTMLElement>(SOURCE);
      if (!element) return;
      event.preventDefault();
      const selected = selectedQuote();
      place(
        selected && sourceOf(selected.range.commonAncestorContainer) === element ? selected.source : quoteOf(element, element.innerText),
      );
    };
    document.addEventListener("selectionchange", onSelection);
    document.addEventListener("click", onClick);
    document.addEventListener("pointerup", released);
    document.addEventListener("pointercancel", released);
    window.addEventListener("scroll", onMove, { passive: true });
    window.addEventListener("resize", onMove);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("selectionchange", onSelection);
      document.removeEventListener("click", onClick);
      document.removeEventListener("pointerup", released);
      document.removeEventListener("pointercancel", released);
      window.removeEventListener("scroll", onMove);
      window.removeEventListener("resize", onMove);
    };
  }, []);

  if (!offer) return null;
  // Fixed in the window, but drawn inside the comment section: it stays in the page's main landmark.
  return (
    <button
      type="button"
      data-testid="quote-selection"
      className="fixed z-40 inline-flex items-center gap-1 rounded-md border border-border bg-background px-3 py-1.5 text-sm font-medium text-brand-700 shadow-md hover:bg-muted"
      style={{ top: offer.top, left: offer.left }}
      // The selection stays while the button is pressed (a press elsewhere ends the offer with the selection).
      onPointerDown={(event) => {
        pressed.current = true;
        event.preventDefault();
      }}
      onClick={() => {
        setOffer(null);
        document.getSelection()?.removeAllRanges();
        target()?.quote(offer.source);
      }}
    >
      <Icon name="text-quote" className="size-4" />
      Zitieren
    </button>
  );
}

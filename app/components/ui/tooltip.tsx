import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from "react";

/**
 * A short label shown to the right of its child on hover (after a delay) or
 * keyboard focus. Deliberately small: Radix Tooltip with Floating UI cost
 * about 12 kB gzip on every page for this one use. It is aria-hidden, so the
 * child must carry the same text as its accessible name. `position: fixed`
 * lets it escape a scrolling container without a portal.
 */
export function Tooltip({ label, delay = 300, children }: { label: string; delay?: number; children: ReactNode }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  const show = (after: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const rect = wrapper.current?.getBoundingClientRect();
      if (rect) setPosition({ top: rect.top + rect.height / 2, left: rect.right });
    }, after);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setPosition(null);
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  const open = position !== null;
  useEffect(() => {
    if (!open) return;
    // Dismissable without moving pointer or focus (WCAG 1.4.13); a fixed label would drift on scroll.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("scroll", hide, { capture: true, passive: true });
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("scroll", hide, { capture: true });
    };
  }, [open]);

  const onFocus = (event: FocusEvent) => {
    // Focus from a click is not keyboard navigation: the pointer already shows where it is.
    if (event.target instanceof HTMLElement && event.target.matches(":focus-visible")) show(0);
  };

  return (
    // data-tooltip: a guest page's script shows the same label without React (app/enhance/guest.ts).
    <div
      ref={wrapper}
      data-tooltip={label}
      onPointerEnter={() => show(delay)}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={onFocus}
      onBlur={hide}
    >
      {children}
      {position && (
        // The transparent left padding bridges the gap, so the pointer can move onto the label (WCAG 1.4.13).
        <span aria-hidden="true" className="fixed z-50 -translate-y-1/2 pl-1.5" style={{ top: position.top, left: position.left }}>
          <span className="block whitespace-nowrap rounded-md bg-gray-900 px-2.5 py-1.5 text-xs text-white shadow">{label}</span>
        </span>
      )}
    </div>
  );
}

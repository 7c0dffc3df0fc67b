import { useEffect, useRef } from "react";
import { cn } from "~/lib/utils";

/**
 * Renders post HTML. The loader passes it through the server-side
 * sanitizer again right before it gets here, so stored HTML is never trusted.
 * Code blocks come highlighted from the server; with JavaScript each gets a
 * "Kopieren" button (without it there is none, and nothing is missing).
 */
export function RichContent({ html, className, ...attributes }: { html: string; className?: string } & Record<`data-${string}`, string>) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = ref.current;
    if (!container || !navigator.clipboard?.writeText) return;
    return addCopyButtons(container);
  }, [html]);
  return <div ref={ref} {...attributes} className={cn("prose-forum break-words", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}

const LABEL = "Kopieren";

/** Wraps each code block with a copy button; returns the undo (React replaces the markup when `html` changes). */
function addCopyButtons(container: HTMLElement): () => void {
  const added: Array<{ wrapper: HTMLElement; pre: HTMLPreElement }> = [];
  for (const pre of container.querySelectorAll<HTMLPreElement>(":scope pre")) {
    if (pre.parentElement?.classList.contains("code-block")) continue;
    const wrapper = document.createElement("div");
    wrapper.className = "code-block";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "code-copy";
    button.textContent = LABEL;
    button.setAttribute("aria-label", "Code kopieren");
    button.addEventListener("click", () => {
      navigator.clipboard.writeText(pre.textContent ?? "").then(
        () => confirm(button, "Kopiert"),
        () => confirm(button, "Nicht kopiert"),
      );
    });
    pre.replaceWith(wrapper);
    wrapper.append(button, pre);
    added.push({ wrapper, pre });
  }
  return () => {
    for (const { wrapper, pre } of added) if (wrapper.isConnected) wrapper.replaceWith(pre);
  };
}

/** The button says what happened for a moment, also to screen readers (its label is its text then). */
function confirm(button: HTMLButtonElement, text: string) {
  button.textContent = text;
  button.setAttribute("aria-label", text);
  window.setTimeout(() => {
    button.textContent = LABEL;
    button.setAttribute("aria-label", "Code kopieren");
  }, 2000);
}

import { cn } from "~/lib/utils";

/**
 * Renders discussion HTML. The loader passes it through the server-side
 * sanitizer again right before it gets here, so stored HTML is never trusted.
 */
export function RichContent({ html, className }: { html: string; className?: string }) {
  return <div className={cn("prose-forum break-words", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}

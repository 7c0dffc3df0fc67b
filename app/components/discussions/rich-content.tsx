import { cn } from "~/lib/utils";

/**
 * Renders discussion HTML. The loader passes it through the server-side
 * sanitizer again right before it gets here, so stored HTML is never trusted.
 */
export function RichContent({ html, className, ...attributes }: { html: string; className?: string } & Record<`data-${string}`, string>) {
  return <div {...attributes} className={cn("prose-forum break-words", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}

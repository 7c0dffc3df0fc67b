import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { Textarea } from "~/components/ui/textarea";

const RichTextEditor = lazy(() => import("./rich-text-editor"));

/**
 * A plain textarea until JavaScript runs (the form works without it), then
 * the rich-text editor, which is downloaded only here.
 */
export function RichTextField({
  id,
  name,
  labelId,
  initialHtml,
  initialText,
  errorId,
  invalid,
  fallbackFormat,
}: {
  id: string;
  name: string;
  labelId: string;
  initialHtml: string;
  initialText: string;
  errorId?: string;
  invalid?: boolean;
  /** What the textarea holds without JavaScript: plain text (new posts) or the HTML source (editing, so nothing is lost). */
  fallbackFormat: "text" | "html";
}) {
  const hydrated = useHydrated();

  const fallback = (
    <>
      <Textarea
        id={id}
        name={name}
        rows={8}
        defaultValue={initialText}
        aria-labelledby={labelId}
        aria-describedby={errorId}
        aria-invalid={invalid || undefined}
      />
      <input type="hidden" name="contentFormat" value={fallbackFormat} />
    </>
  );

  if (!hydrated) return fallback;
  return (
    <Suspense fallback={fallback}>
      <RichTextEditor id={id} name={name} labelledBy={labelId} describedBy={errorId} invalid={invalid} initialHtml={initialHtml} />
    </Suspense>
  );
}

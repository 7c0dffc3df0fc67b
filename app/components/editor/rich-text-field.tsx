import { useCallback, useEffect, useImperativeHandle, useRef, useState, type ComponentType, type Ref } from "react";
import { Textarea } from "~/components/ui/textarea";
import { plainTextToHtml, quoteHtml, quoteText, type ContentFormat, type QuoteSource } from "~/lib/rich-text";
import type { EditorControls, RichTextEditorProps } from "./rich-text-editor";

/** The editor's module, fetched once per page however many fields wait for it. */
let editorModule: Promise<ComponentType<RichTextEditorProps>> | null = null;
function loadEditor(): Promise<ComponentType<RichTextEditorProps>> {
  editorModule ??= import("./rich-text-editor").then((module) => module.default);
  return editorModule;
}

/** What a form can do with its field from outside (the page's "Zitieren"). */
export interface RichTextFieldHandle {
  /**
   * Adds a quote at the end, the caret after it and the field in view: into the editor, or as "> " lines into the
   * textarea while the editor is still on its way (they become the same quote when it takes over).
   */
  quote(source: QuoteSource): void;
}

/** The textarea's text as it would be sent (the browser sends line breaks as \n from a textarea's value). */
const sameText = (a: string, b: string) => a.replace(/\r\n?/g, "\n") === b.replace(/\r\n?/g, "\n");

/**
 * A plain textarea until JavaScript runs (the form works without it: decision 0006), then the rich-text
 * editor, which is downloaded only where a form needs it. What was typed into the textarea before the editor
 * arrived goes into the editor (as paragraphs, or as the HTML source where the textarea held that), and the
 * focus with it; text nobody touched leaves the editor its own start (`initialHtml`).
 */
export interface RichTextFieldProps {
  id: string;
  name: string;
  labelId: string;
  initialHtml: string;
  initialText: string;
  errorId?: string;
  invalid?: boolean;
  /** What the textarea holds without JavaScript: plain text (new posts) or the HTML source (editing, so nothing is lost). */
  fallbackFormat: ContentFormat;
  placeholder?: string;
  /** A comment's field: lower, and the textarea fewer rows. */
  compact?: boolean;
  autoFocus?: boolean;
  /** Signed in but not yet allowed to write: a disabled textarea, no editor. */
  disabled?: boolean;
  /** Further descriptions (a hint) besides the error. */
  describedBy?: string;
  handle?: Ref<RichTextFieldHandle>;
}

export function RichTextField({
  id,
  name,
  labelId,
  initialHtml,
  initialText,
  errorId,
  invalid,
  fallbackFormat,
  placeholder,
  compact = false,
  autoFocus = false,
  disabled = false,
  describedBy,
  handle,
}: RichTextFieldProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const controls = useRef<EditorControls | null>(null);
  const [editor, setEditor] = useState<{ Editor: ComponentType<RichTextEditorProps>; html: string; focus: boolean } | null>(null);
  // The first render's values: what the textarea was drawn with, and what the editor starts from if it was left alone.
  const start = useRef({ initialHtml, initialText, fallbackFormat });

  useEffect(() => {
    if (disabled) return;
    let active = true;
    loadEditor().then(
      (Editor) => {
        if (!active) return;
        const field = textarea.current;
        const { initialHtml: html, initialText: text, fallbackFormat: format } = start.current;
        const typed = field && !sameText(field.value, text) ? field.value : null;
        const carried = typed === null ? html : format === "html" ? typed : plainTextToHtml(typed, { origin: location.origin });
        setEditor({ Editor, html: carried, focus: field !== null && document.activeElement === field });
      },
      // Without the editor (a failed download) the textarea stays, and the form works as without JavaScript.
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [disabled]);

  useImperativeHandle(
    handle,
    () => ({
      quote(source) {
        if (controls.current) {
          controls.current.append(quoteHtml(source));
        } else if (textarea.current) {
          const field = textarea.current;
          const before = field.value.trimEnd();
          field.value = `${before}${before ? "\n\n" : ""}${quoteText(source, location.origin)}\n\n`;
          field.focus();
          field.setSelectionRange(field.value.length, field.value.length);
        }
        document.getElementById(id)?.scrollIntoView({ block: "center" });
      },
    }),
    [id],
  );

  const onControls = useCallback((next: EditorControls | null) => {
    controls.current = next;
  }, []);

  const describedByIds = [describedBy, errorId].filter(Boolean).join(" ") || undefined;
  if (editor) {
    return (
      <editor.Editor
        id={id}
        name={name}
        labelledBy={labelId}
        describedBy={describedByIds}
        invalid={invalid}
        initialHtml={editor.html}
        placeholder={placeholder}
        compact={compact}
        autoFocus={editor.focus || autoFocus}
        onControls={onControls}
      />
    );
  }
  return (
    <>
      <Textarea
        ref={textarea}
        id={id}
        name={name}
        rows={compact ? 4 : 8}
        defaultValue={initialText}
        placeholder={placeholder}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-labelledby={labelId}
        aria-describedby={describedByIds}
        aria-invalid={invalid || undefined}
      />
      <input type="hidden" name="contentFormat" value={fallbackFormat} />
    </>
  );
}

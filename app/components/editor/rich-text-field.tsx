import { useCallback, useEffect, useImperativeHandle, useRef, useState, type ComponentType, type Ref } from "react";
import { flushSync } from "react-dom";
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
  /**
   * When the editor is fetched: as soon as the page runs (a form that is there to write: a new discussion, an
   * edit), or when the member turns to the field (its focus, a quote), as a comment form under every
   * discussion does, so that reading a thread does not download the editor (decision 0009).
   */
  loadEditor?: "at-once" | "on-intent";
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
  loadEditor: when = "at-once",
}: RichTextFieldProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const controls = useRef<EditorControls | null>(null);
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(null);
  // The editor is drawn hidden as soon as its code is there, and takes the textarea's place once it is ready.
  const [switched, setSwitched] = useState(false);
  // The first render's values: what the textarea was drawn with, and what the editor starts from if it was left alone.
  const [start] = useState({ initialHtml, initialText, fallbackFormat });
  // A field that takes the focus, or starts with text (a draft: the textarea would flatten its code blocks and
  // quotes), or that the member clicked into before the page's script ran, wants the editor now.
  const [wanted, setWanted] = useState(when === "at-once" || autoFocus || initialHtml !== "");
  const want = () => setWanted(true);

  useEffect(() => {
    if (disabled || !(wanted || document.activeElement === textarea.current)) return;
    let active = true;
    loadEditor().then(
      (loaded) => {
        if (active) setEditor(() => loaded);
      },
      // Without the editor (a failed download) the textarea stays, and the form works as without JavaScript.
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [disabled, wanted]);

  /**
   * The hidden editor is ready: it takes over in one task, so no keystroke falls between reading the textarea and
   * the editor's focus. What was typed meanwhile goes in (paragraphs, or the HTML source the textarea held).
   */
  const onControls = useCallback(
    (next: EditorControls | null) => {
      controls.current = next;
      if (!next) return;
      queueMicrotask(() => {
        const field = textarea.current;
        if (controls.current !== next || !field) return;
        const { initialText: text, fallbackFormat: format } = start;
        if (!sameText(field.value, text)) {
          // Text that ends with an empty line (after a quote, say) goes on in a paragraph of its own.
          const below = /\n[ \t]*\n\s*$/.test(field.value) ? "<p></p>" : "";
          next.replace(format === "html" ? field.value : `${plainTextToHtml(field.value, { origin: location.origin })}${below}`);
        }
        const focused = document.activeElement === field;
        // Text selected as a whole stays selected, so that what is typed next replaces it as it would have in the textarea.
        const allSelected = field.value !== "" && field.selectionStart === 0 && field.selectionEnd === field.value.length;
        flushSync(() => setSwitched(true));
        if (focused && allSelected) next.focusAll();
        else if (focused) next.focusEnd();
      });
    },
    [start],
  );

  useImperativeHandle(
    handle,
    () => ({
      quote(source) {
        if (controls.current && switched) {
          controls.current.append(quoteHtml(source));
        } else if (textarea.current) {
          const field = textarea.current;
          const before = field.value.trimEnd();
          field.value = `${before}${before ? "\n\n" : ""}${quoteText(source, location.origin)}\n\n`;
          field.focus();
          field.setSelectionRange(field.value.length, field.value.length);
          setWanted(true);
        }
        document.getElementById(id)?.scrollIntoView({ block: "center" });
      },
    }),
    [id, switched],
  );

  const describedByIds = [describedBy, errorId].filter(Boolean).join(" ") || undefined;
  const editor = Editor && (
    <Editor
      id={switched ? id : `${id}-editor`}
      name={name}
      active={switched}
      labelledBy={labelId}
      describedBy={describedByIds}
      invalid={invalid}
      initialHtml={start.initialHtml}
      placeholder={placeholder}
      compact={compact}
      onControls={onControls}
    />
  );
  // One place in the tree for the editor, hidden or not: switching must not draw it anew (it would lose the text).
  return (
    <>
      {!switched && (
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
            onFocus={want}
          />
          <input type="hidden" name="contentFormat" value={fallbackFormat} />
        </>
      )}
      {editor && <div hidden={!switched}>{editor}</div>}
    </>
  );
}

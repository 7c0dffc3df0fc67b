import { Icon } from "~/components/ui/icon";
import Bold from "@tiptap/extension-bold";
import Document from "@tiptap/extension-document";
import HardBreak from "@tiptap/extension-hard-break";
import Link from "@tiptap/extension-link";
import { BulletList, ListItem } from "@tiptap/extension-list";
import Paragraph from "@tiptap/extension-paragraph";
import Text from "@tiptap/extension-text";
import { Extension, type CommandProps, type Editor } from "@tiptap/core";
import { Placeholder, UndoRedo } from "@tiptap/extensions";
import { Fragment, Slice } from "@tiptap/pm/model";
import { AllSelection, NodeSelection, Selection, TextSelection } from "@tiptap/pm/state";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { useEffect, useId, useRef, useState } from "react";
import { Avatar } from "~/components/ui/avatar";
import { ImageAltDialog, type PendingImage } from "./image-alt-dialog";
import { PostImage } from "./image-extension";
import { firstFileOf, uploadImage } from "./image-upload";
import { mentionExtension, type MentionMenu } from "./mention-extension";
import { codeAndQuoteExtensions, CodeQuoteButtons } from "./code-quote-extensions";
import { cn } from "~/lib/utils";

/**
 * The forum's rich-text editor: bold, bullet lists, links, line breaks, code,
 * quotes and images (pasted, dropped or picked; each with a description), nothing else. The server sanitises whatever arrives anyway; this only keeps
 * the editing honest. Loaded lazily, only on pages that edit.
 */
function normaliseUrl(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  if (/^(https?:\/\/|mailto:)/i.test(value)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null; // javascript:, data:, …
  return `https://${value}`;
}

export function promptForLink(editor: Editor) {
  const previous = editor.getAttributes("link").href as string | undefined;
  const answer = window.prompt("Link-URL eingeben:", previous ?? "https://");
  if (answer === null) return;
  const href = normaliseUrl(answer);
  if (!href) {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    return;
  }
  editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
}

const LinkShortcut = Extension.create({
  name: "linkShortcut",
  addKeyboardShortcuts() {
    return {
      "Mod-l": () => {
        promptForLink(this.editor);
        return true;
      },
    };
  },
});

/**
 * Puts the caret after the image just inserted, into the text block that follows it or a new paragraph: the
 * insertion leaves the image selected, and the next key typed would replace it without a word.
 */
function caretAfterImage({ tr }: CommandProps): boolean {
  const { selection } = tr;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== PostImage.name) return true;
  const after = selection.to;
  const paragraph = tr.doc.type.schema.nodes.paragraph;
  if (!tr.doc.resolve(after).nodeAfter?.isTextblock && paragraph) tr.insert(after, paragraph.create());
  tr.setSelection(TextSelection.create(tr.doc, after + 1)).scrollIntoView();
  return true;
}

/** What a form may do with its editor from outside: take over the textarea's text, add a quote ("Zitieren"). */
export interface EditorControls {
  /** Appends rich text (sanitised by the server on the write, as everything the editor sends) and puts the caret after it. */
  append(html: string): void;
  /** Replaces the whole content (what was typed into the textarea before the editor took its place). */
  replace(html: string): void;
  /** The focus, with the caret at the end. */
  focusEnd(): void;
  /** The focus, with the whole text selected (it was selected in the textarea the editor replaces). */
  focusAll(): void;
}

export interface RichTextEditorProps {
  name: string;
  id: string;
  initialHtml: string;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  onChange?: (html: string) => void;
  /** Shown while the editor is empty. */
  placeholder?: string;
  /** A comment's editor is lower than a discussion's. */
  compact?: boolean;
  /** Takes the focus when it appears, the caret at the end (the textarea it replaces had it). */
  autoFocus?: boolean;
  /** Gets the editor's controls once it exists, and null when it goes. */
  onControls?: (controls: EditorControls | null) => void;
  /** False while it waits hidden behind the textarea it replaces: then the form sends nothing of it. */
  active?: boolean;
}

export const DISCUSSION_PLACEHOLDER = "Worum geht es? Fett: Strg+B · Link: Strg+L";

export default function RichTextEditor({
  name,
  id,
  initialHtml,
  labelledBy,
  describedBy,
  invalid,
  onChange,
  placeholder = DISCUSSION_PLACEHOLDER,
  compact = false,
  autoFocus = false,
  onControls,
  active = true,
}: RichTextEditorProps) {
  const [html, setHtml] = useState(initialHtml);
  const [mentionMenu, setMentionMenu] = useState<MentionMenu | null>(null);
  const listId = useId();
  const [mentions] = useState(() => mentionExtension(setMentionMenu, (index) => `${listId}-option-${index}`));
  const [pendingImage, setPendingImage] = useState<(PendingImage & { at: number | null }) | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  /** Starts the upload at once and asks for the description meanwhile; `at` is where a dropped file lands. */
  const startImage = (file: File, at: number | null = null) => setPendingImage({ file, upload: uploadImage(file), at });
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      Document,
      Paragraph,
      Text,
      Bold,
      BulletList,
      ListItem,
      HardBreak,
      UndoRedo,
      Link.configure({
        openOnClick: false,
        autolink: true,
        linkOnPaste: false,
        protocols: ["mailto"],
        isAllowedUri: (url) => normaliseUrl(url) !== null,
        HTMLAttributes: { rel: "nofollow ugc noopener", target: null },
      }),
      Placeholder.configure({ placeholder }),
      LinkShortcut,
      mentions,
      ...codeAndQuoteExtensions,
      PostImage,
    ],
    content: initialHtml,
    autofocus: autoFocus ? "end" : false,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: cn("prose-forum px-3 py-2 focus:outline-none", compact ? "min-h-24 [&>:first-child]:mt-0" : "min-h-48"),
      },
      handleDrop: (view, event) => {
        const file = firstFileOf((event as DragEvent).dataTransfer?.files);
        if (!file) return false;
        event.preventDefault();
        startImage(file, view.posAtCoords({ left: (event as DragEvent).clientX, top: (event as DragEvent).clientY })?.pos ?? null);
        return true;
      },
      // Pasting inserts plain text only (no foreign markup, styles or tracking links), or a pasted image file.
      handlePaste: (view, event) => {
        const file = firstFileOf(event.clipboardData?.files);
        if (file) {
          startImage(file);
          return true;
        }
        const text = event.clipboardData?.getData("text/plain");
        if (text === undefined) return false;
        // In a code block the line breaks are the code's own.
        if (view.state.selection.$from.parent.type.spec.code) {
          view.dispatch(view.state.tr.insertText(text.replace(/\r\n?/g, "\n")).scrollIntoView());
          return true;
        }
        const { schema } = view.state;
        const hardBreak = schema.nodes.hardBreak;
        const nodes = text
          .replace(/\r\n?/g, "\n")
          .split("\n")
          .flatMap((line, index) => [...(index > 0 && hardBreak ? [hardBreak.create()] : []), ...(line ? [schema.text(line)] : [])]);
        view.dispatch(view.state.tr.replaceSelection(new Slice(Fragment.fromArray(nodes), 0, 0)).scrollIntoView());
        return true;
      },
    },
    onUpdate: ({ editor: current }) => {
      const value = current.isEmpty ? "" : current.getHTML();
      setHtml(value);
      onChange?.(value);
    },
  });

  useEffect(() => {
    if (!editor || !onControls) return;
    // At once, not in the next frame as the focus command does: keys pressed meanwhile must land here.
    const focusEnd = ({ scroll = false } = {}) => {
      const atEnd = editor.state.tr.setSelection(Selection.atEnd(editor.state.doc));
      editor.view.dispatch(scroll ? atEnd.scrollIntoView() : atEnd);
      editor.view.focus();
    };
    onControls({
      append(html) {
        // An empty editor is replaced (its one empty paragraph would stay above the quote); a paragraph follows to write in.
        if (editor.isEmpty) editor.commands.setContent(`${html}<p></p>`, { emitUpdate: true });
        else editor.commands.insertContentAt(editor.state.doc.content.size, `${html}<p></p>`);
        focusEnd({ scroll: true });
      },
      replace(html) {
        editor.commands.setContent(html, { emitUpdate: true });
      },
      focusEnd: () => focusEnd(),
      focusAll() {
        editor.view.dispatch(editor.state.tr.setSelection(new AllSelection(editor.state.doc)));
        editor.view.focus();
      },
    });
    return () => onControls(null);
  }, [editor, onControls]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive("bold") ?? false,
      list: current?.isActive("bulletList") ?? false,
      link: current?.isActive("link") ?? false,
    }),
  });

  return (
    <div
      data-testid="rich-text-editor"
      className={cn(
        "rounded-md border bg-background focus-within:outline-2 focus-within:outline-brand-600",
        invalid ? "border-destructive" : "border-gray-400",
      )}
    >
      <div role="toolbar" aria-label="Formatierung" className="flex flex-wrap gap-1 border-b border-border p-1">
        <ToolbarButton label="Fett (Strg+B)" active={state?.bold} onClick={() => editor?.chain().focus().toggleBold().run()}>
          <Icon name="letter-b" />
        </ToolbarButton>
        <ToolbarButton label="Aufzählung" active={state?.list} onClick={() => editor?.chain().focus().toggleBulletList().run()}>
          <Icon name="list" />
        </ToolbarButton>
        <ToolbarButton label="Link (Strg+L)" active={state?.link} onClick={() => editor && promptForLink(editor)}>
          <Icon name="link" />
        </ToolbarButton>
        <CodeQuoteButtons editor={editor} Button={ToolbarButton} />
        <ToolbarButton label="Bild einfügen" active={undefined} onClick={() => fileInput.current?.click()}>
          <Icon name="image" />
        </ToolbarButton>
        <input
          ref={fileInput}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="image-file-input"
          onChange={(event) => {
            const file = firstFileOf(event.target.files);
            event.target.value = "";
            if (file) startImage(file);
          }}
        />
      </div>
      <EditorContent editor={editor} />
      {mentionMenu && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Mitglieder erwähnen"
          className="m-1 max-w-sm overflow-hidden rounded-md border bg-background shadow-md"
        >
          {mentionMenu.members.map((member, index) => (
            <li
              key={member.id}
              id={`${listId}-option-${index}`}
              role="option"
              aria-selected={index === mentionMenu.active}
              className={cn("flex cursor-pointer items-center gap-2 px-3 py-2 text-sm", index === mentionMenu.active && "bg-muted")}
              // mousedown, not click: the editor keeps its focus and selection.
              onMouseDown={(event) => {
                event.preventDefault();
                mentionMenu.pick(member);
              }}
            >
              <Avatar name={member.name} src={member.avatarUrl} />
              <span>{member.name}</span>
            </li>
          ))}
        </ul>
      )}
      <ImageAltDialog
        pending={pendingImage}
        onCancel={() => {
          setPendingImage(null);
          editor?.commands.focus();
        }}
        onInsert={(image, alt) => {
          const at = pendingImage?.at ?? null;
          setPendingImage(null);
          if (!editor) return;
          const node = {
            type: "postImage",
            attrs: { src: image.src, srcset: image.srcset, sizes: image.sizes, width: image.width, height: image.height, alt },
          };
          const chain = editor.chain().focus();
          (at === null ? chain.insertContent(node) : chain.insertContentAt(at, node)).command(caretAfterImage).run();
        }}
      />
      {active && (
        <>
          <input type="hidden" name={name} value={html} />
          <input type="hidden" name="contentFormat" value="html" />
        </>
      )}
    </div>
  );
}

function ToolbarButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active: boolean | undefined;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active ?? false}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="inline-flex size-8 items-center justify-center rounded hover:bg-muted aria-pressed:bg-brand-100 aria-pressed:text-brand-800 [&_svg]:size-4"
    >
      {children}
    </button>
  );
}

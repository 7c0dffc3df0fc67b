import { Icon } from "~/components/ui/icon";
import Blockquote from "@tiptap/extension-blockquote";
import Code from "@tiptap/extension-code";
import CodeBlock from "@tiptap/extension-code-block";
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import type { ReactNode } from "react";

/**
 * Inline code, code blocks and quotes, which members' answers need (decision 0040). Markdown shortcuts come with
 * Tiptap's extensions: `code`, ``` (or ```json) at the start of a line, "> ".
 * The editor shows code plain; the server highlights it on the write
 * (decision 0032), so the editor carries no highlighter.
 */

/** A quote remembers where it came from (`cite`: the quoted post's address), as the server keeps it. */
const Quote = Blockquote.extend({
  addAttributes() {
    return {
      cite: {
        default: null,
        parseHTML: (element) => element.getAttribute("cite"),
        renderHTML: (attributes) => (attributes.cite ? { cite: attributes.cite as string } : {}),
      },
    };
  },
});

export const codeAndQuoteExtensions = [
  Code,
  CodeBlock.configure({ languageClassPrefix: "language-", HTMLAttributes: { spellcheck: "false" } }),
  Quote,
];

/** The languages offered for a code block; the server guesses when none is chosen. Keys are what `language-…` holds. */
const LANGUAGES: Array<[string, string]> = [
  ["", "Sprache erkennen"],
  ["json", "JSON / JSON-LD"],
  ["html", "HTML"],
  ["javascript", "JavaScript"],
  ["css", "CSS"],
  ["sql", "SQL"],
  ["python", "Python"],
  ["php", "PHP"],
  ["bash", "Shell"],
  ["yaml", "YAML"],
  ["apache", ".htaccess"],
  ["nginx", "nginx"],
  ["regex", "Regulärer Ausdruck"],
  ["text", "Text"],
];

/** Toolbar entries for code and quotes, next to the editor's own. */
export function CodeQuoteButtons({
  editor,
  Button,
}: {
  editor: Editor | null;
  Button: (props: { label: string; active: boolean | undefined; onClick: () => void; children: ReactNode }) => ReactNode;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      code: current?.isActive("code") ?? false,
      codeBlock: current?.isActive("codeBlock") ?? false,
      quote: current?.isActive("blockquote") ?? false,
      language: (current?.getAttributes("codeBlock").language as string | null | undefined) ?? "",
    }),
  });
  return (
    <>
      <Button label="Code im Text (`Code`)" active={state?.code} onClick={() => editor?.chain().focus().toggleCode().run()}>
        <Icon name="code" />
      </Button>
      <Button label="Codeblock (```)" active={state?.codeBlock} onClick={() => editor?.chain().focus().toggleCodeBlock().run()}>
        <Icon name="square-code" />
      </Button>
      <Button label="Zitat (>)" active={state?.quote} onClick={() => editor?.chain().focus().toggleBlockquote().run()}>
        <Icon name="text-quote" />
      </Button>
      {state?.codeBlock && (
        <select
          aria-label="Sprache des Codeblocks"
          value={LANGUAGES.some(([key]) => key === state.language) ? state.language : ""}
          onChange={(event) =>
            editor
              ?.chain()
              .focus()
              .updateAttributes("codeBlock", { language: event.target.value || null })
              .run()
          }
          className="h-8 max-w-40 rounded border border-gray-400 bg-background px-1 text-sm"
        >
          {LANGUAGES.map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
      )}
    </>
  );
}

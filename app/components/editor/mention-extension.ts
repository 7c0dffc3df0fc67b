import Mention from "@tiptap/extension-mention";
import type { SuggestionKeyDownProps, SuggestionProps } from "@tiptap/suggestion";
import { paths } from "~/lib/paths";
import type { MemberSuggestion } from "~/lib/member-suggestions";

/** What the editor's listbox shows while '@' suggestions are open (null: closed). */
export interface MentionMenu {
  members: MemberSuggestion[];
  active: number;
  pick: (member: MemberSuggestion) => void;
}

async function fetchMembers(query: string): Promise<MemberSuggestion[]> {
  if (query.trim() === "") return [];
  try {
    const response = await fetch(`${paths.memberSuggestions}?q=${encodeURIComponent(query)}`, { headers: { Accept: "application/json" } });
    return response.ok ? ((await response.json()) as { members: MemberSuggestion[] }).members : [];
  } catch {
    return [];
  }
}

/**
 * Tiptap's mention node written as the forum stores mentions (decision 0017):
 * `<a href="/profile/<id>" data-mention="<id>">@Name</a>`, read back from the
 * same shape before the link mark sees it. The menu is drawn by the editor
 * component through `show`; arrow keys, Enter/Tab and Escape work here.
 */
export function mentionExtension(show: (menu: MentionMenu | null) => void, listOptionId: (index: number) => string) {
  let current: { props: SuggestionProps<MemberSuggestion>; active: number } | null = null;
  const publish = () => {
    const dom = current?.props.editor.view.dom;
    if (!current || current.props.items.length === 0) {
      dom?.removeAttribute("aria-activedescendant");
      show(null);
      return;
    }
    const { props, active } = current;
    dom?.setAttribute("aria-activedescendant", listOptionId(active));
    show({ members: props.items, active, pick: (member) => props.command({ id: member.id, label: member.name }) });
  };
  return Mention.extend({
    parseHTML() {
      return [
        {
          tag: "a[data-mention]",
          priority: 101,
          getAttrs: (element) => ({ id: element.getAttribute("data-mention"), label: (element.textContent ?? "").replace(/^@/, "") }),
        },
      ];
    },
  }).configure({
    renderHTML: ({ node }) => [
      "a",
      { href: paths.profile(String(node.attrs.id)), "data-mention": String(node.attrs.id) },
      `@${String(node.attrs.label)}`,
    ],
    renderText: ({ node }) => `@${String(node.attrs.label)}`,
    suggestion: {
      char: "@",
      items: ({ query }) => fetchMembers(query),
      render: () => ({
        onStart: (props) => {
          current = { props, active: 0 };
          publish();
        },
        onUpdate: (props) => {
          current = { props, active: 0 };
          publish();
        },
        onKeyDown: ({ event }: SuggestionKeyDownProps) => {
          if (!current || current.props.items.length === 0) return false;
          const count = current.props.items.length;
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            current.active = (current.active + (event.key === "ArrowDown" ? 1 : -1) + count) % count;
            publish();
            return true;
          }
          if (event.key === "Enter" || event.key === "Tab") {
            const member = current.props.items[current.active]!;
            current.props.command({ id: member.id, label: member.name });
            return true;
          }
          if (event.key === "Escape") {
            current = null;
            publish();
            return true;
          }
          return false;
        },
        onExit: (props) => {
          props.editor.view.dom.removeAttribute("aria-activedescendant");
          current = null;
          show(null);
        },
      }),
    },
  });
}

import { useId, useRef, useState, type ComponentProps, type KeyboardEvent } from "react";
import { mentionToken } from "~/lib/mentions";
import { mentionQueryBefore, useMemberSuggestions, type MemberSuggestion } from "~/lib/member-suggestions";
import { cn } from "~/lib/utils";
import { Avatar } from "./avatar";
import { Textarea } from "./textarea";

/**
 * A plain-text field that offers members after '@' (decision 0017): a listbox
 * under the field, arrow keys move, Enter or Tab pick, Escape closes; the pick
 * writes the token `@[Name](id)`. Without JavaScript it is a plain textarea.
 */
export function MentionTextarea({ className, onKeyDown, onInput, ...props }: ComponentProps<"textarea">) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [typed, setTyped] = useState<{ query: string; start: number } | null>(null);
  const [active, setActive] = useState(0);
  const members = useMemberSuggestions(typed?.query ?? null);
  const open = typed !== null && members.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function readCaret() {
    const field = ref.current;
    if (!field) return;
    setTyped(mentionQueryBefore(field.value.slice(0, field.selectionStart)));
    setActive(0);
  }

  function pick(member: MemberSuggestion) {
    const field = ref.current;
    if (!field || !typed) return;
    field.setRangeText(`${mentionToken(member.name, member.id)} `, typed.start, field.selectionStart, "end");
    setTyped(null);
    field.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    onKeyDown?.(event);
    if (!open || event.defaultPrevented) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + members.length) % members.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      pick(members[Math.min(active, members.length - 1)]!);
    } else if (event.key === "Escape") {
      event.preventDefault();
      setTyped(null);
    }
  }

  return (
    <div className="relative">
      <Textarea
        ref={ref}
        className={className}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(active) : undefined}
        onKeyDown={handleKeyDown}
        onInput={(event) => {
          onInput?.(event);
          readCaret();
        }}
        onBlur={() => setTyped(null)}
        {...props}
      />
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Mitglieder erwähnen"
          className="absolute z-20 mt-1 w-full max-w-sm overflow-hidden rounded-md border bg-background shadow-md"
        >
          {members.map((member, index) => (
            <li
              key={member.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={cn("flex cursor-pointer items-center gap-2 px-3 py-2 text-sm", index === active && "bg-muted")}
              // mousedown, not click: the field keeps its focus and caret.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(member);
              }}
            >
              <Avatar name={member.name} src={member.avatarUrl} />
              <span>{member.name}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

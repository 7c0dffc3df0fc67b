import { useSuggestions } from "~/lib/hooks/use-suggestions";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { paths } from "~/lib/paths";
import { MAX_TAGS_PER_DISCUSSION, splitTagField, tagSlug, tidyTagName, type TagWithCount } from "~/lib/tags";
import { cn } from "~/lib/utils";

const hint = `Bis zu ${MAX_TAGS_PER_DISCUSSION} Schlagwörter, durch Kommas getrennt, z. B. „GA4, Core Web Vitals“.`;

/**
 * The tag field of the discussion forms (decision 0053). Before JavaScript (and without it) a text input that sends
 * the names separated by commas; once the page is hydrated the same name carries a hidden input, and the member
 * picks chips: typing offers existing tags (a combobox: arrows choose, Enter or a comma takes, Backspace in the
 * empty input removes the last chip), and whatever else is typed becomes a new tag for the server to judge.
 */
export function TagField({ id, name, defaultValue, errors }: { id: string; name: string; defaultValue: string; errors?: string[] }) {
  const hydrated = useHydrated();
  const errorId = `${id}-error`;
  const label = (
    <label htmlFor={id} className="text-sm font-medium">
      Schlagwörter (optional)
    </label>
  );
  const footer = errors?.length ? (
    <p id={errorId} className="text-sm text-destructive">
      {errors[0]}
    </p>
  ) : (
    <p className="text-xs text-muted-foreground">{hint}</p>
  );
  return (
    <div className="flex flex-col gap-1.5" data-testid="tag-field">
      {label}
      {hydrated ? (
        <TagPicker id={id} name={name} defaultValue={defaultValue} invalid={Boolean(errors?.length)} errorId={errorId} />
      ) : (
        <Input
          id={id}
          name={name}
          type="text"
          defaultValue={defaultValue}
          autoComplete="off"
          placeholder="z. B. GA4, Core Web Vitals"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
        />
      )}
      {footer}
    </div>
  );
}

function TagPicker({
  id,
  name,
  defaultValue,
  invalid,
  errorId,
}: {
  id: string;
  name: string;
  defaultValue: string;
  invalid: boolean;
  errorId: string;
}) {
  const [chosen, setChosen] = useState<string[]>(() => splitTagField(defaultValue));
  const [typed, setTyped] = useState("");
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const suggestions = useTagSuggestions(typed).filter((tag) => !chosen.some((name) => tagSlug(name) === tag.slug));
  const full = chosen.length >= MAX_TAGS_PER_DISCUSSION;
  const showList = open && !full && suggestions.length > 0;

  function take(name: string) {
    const tidy = tidyTagName(name);
    if (tidy === "" || full || chosen.some((existing) => tagSlug(existing) === tagSlug(tidy))) {
      setTyped("");
      return;
    }
    setChosen([...chosen, tidy]);
    setTyped("");
    setActive(0);
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((active + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && suggestions.length > 0) {
      event.preventDefault();
      setActive((active - 1 + suggestions.length) % suggestions.length);
    } else if (event.key === "Enter" || event.key === ",") {
      // Enter takes the tag instead of sending the form; an empty input lets Enter send it.
      if (typed.trim() === "" && event.key === "Enter") return;
      event.preventDefault();
      take(showList ? suggestions[active]!.name : typed);
    } else if (event.key === "Escape" && showList) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === "Backspace" && typed === "" && chosen.length > 0) {
      setChosen(chosen.slice(0, -1));
    }
  }

  // What is still typed goes with the form too, as a member without the picker would send it.
  const value = [...chosen, ...(typed.trim() ? [typed] : [])].join(", ");
  return (
    <div className="relative">
      <input type="hidden" name={name} value={value} />
      <div
        className={cn(
          "flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-md border border-gray-400 bg-background px-2 py-1.5 focus-within:ring-2 focus-within:ring-ring",
          invalid && "border-destructive",
        )}
        onClick={() => input.current?.focus()}
      >
        <ul className="contents" aria-label="Gewählte Schlagwörter">
          {chosen.map((tag) => (
            <li
              key={tag}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-2.5 pr-1 text-sm text-brand-800"
            >
              <span className="truncate" data-testid="tag-chip">
                {tag}
              </span>
              <button
                type="button"
                className="inline-flex size-5 shrink-0 items-center justify-center rounded-full hover:bg-brand-100"
                aria-label={`${tag} entfernen`}
                onClick={() => setChosen(chosen.filter((other) => other !== tag))}
              >
                <Icon name="x" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList ? `${listId}-${active}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          autoComplete="off"
          className="h-7 min-w-0 flex-1 basis-24 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
          placeholder={full ? "" : chosen.length === 0 ? "Schlagwort eingeben" : "Weiteres Schlagwort"}
          disabled={full && typed === ""}
          value={typed}
          onChange={(event) => {
            const text = event.target.value;
            // A pasted "a, b" becomes chips at once; the part after the last comma stays typed.
            if (text.includes(",")) {
              const parts = text.split(",");
              const rest = parts.pop() ?? "";
              const names = parts.map(tidyTagName).filter((part) => part !== "");
              const next = [...chosen];
              for (const part of names)
                if (next.length < MAX_TAGS_PER_DISCUSSION && !next.some((existing) => tagSlug(existing) === tagSlug(part))) next.push(part);
              setChosen(next);
              setTyped(rest.trimStart());
            } else setTyped(text);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="Vorhandene Schlagwörter"
        hidden={!showList}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-md border border-border bg-background py-1 shadow-lg"
      >
        {suggestions.map((tag, index) => (
          <li
            key={tag.slug}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={cn("flex cursor-pointer items-center justify-between gap-3 px-3 py-1.5 text-sm", index === active && "bg-muted")}
            // Before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              take(tag.name);
            }}
            onMouseEnter={() => setActive(index)}
          >
            <span className="min-w-0 truncate">{tag.name}</span>
            <span className="shrink-0 text-xs text-muted-foreground">{tag.discussionCount}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Existing tags for what is typed, asked a moment after the last keystroke; older answers are dropped. */
function useTagSuggestions(typed: string): TagWithCount[] {
  const query = typed.trim();
  return useSuggestions<TagWithCount>(query ? `${paths.tagSuggestions}?q=${encodeURIComponent(query)}` : null, "tags");
}

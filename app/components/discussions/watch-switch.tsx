import { Icon } from "~/components/ui/icon";
import { Form } from "react-router";
import type { IconName } from "~/lib/icons";
import { Button } from "~/components/ui/button";

export type WatchLevelName = "watching" | "normal" | "muted";

const levels: Array<{ level: WatchLevelName; label: string; icon: IconName }> = [
  { level: "watching", label: "Beobachten", icon: "bell-ring" },
  { level: "normal", label: "Normal", icon: "bell" },
  { level: "muted", label: "Stummschalten", icon: "bell-off" },
];

/**
 * Watching, normal or muted (as in Discourse), for a discussion or a category; watching or normal for a tag
 * (`choices`): one form, one button per level, so it works without JavaScript.
 */
export function WatchSwitch({
  level,
  legend,
  help,
  choices = ["watching", "normal", "muted"],
}: {
  level: WatchLevelName;
  legend: string;
  help: string;
  choices?: readonly WatchLevelName[];
}) {
  return (
    <Form method="post" preventScrollReset className="rounded-lg border border-border p-3" data-testid="watch-switch">
      <input type="hidden" name="intent" value="watch" />
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-2 text-sm font-medium">{legend}</legend>
        {levels
          .filter(({ level: value }) => choices.includes(value))
          .map(({ level: value, label, icon }) => (
            <Button
              key={value}
              type="submit"
              name="level"
              value={value}
              size="sm"
              variant={value === level ? "default" : "outline"}
              aria-pressed={value === level}
            >
              <Icon name={icon} />
              {label}
            </Button>
          ))}
      </fieldset>
      <p className="mt-2 text-xs text-muted-foreground">{help}</p>
    </Form>
  );
}

export const watchHelp = {
  discussion:
    "Beobachten: jeder neue Kommentar. Normal: nur Antworten an Sie und Erwähnungen. Stummschalten: nichts aus dieser Diskussion, auch keine Erwähnungen.",
  category:
    "Beobachten: jede neue Diskussion in dieser Kategorie. Normal: nur Antworten an Sie und Erwähnungen. Stummschalten: nichts aus ihren Diskussionen, außer aus denen, in denen Sie selbst schreiben.",
  tag: "Beobachten: jede neue Diskussion mit diesem Schlagwort, in jeder Kategorie. Normal: keine Benachrichtigungen wegen dieses Schlagworts.",
} as const;

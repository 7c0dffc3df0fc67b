import spriteUrl from "virtual:icon-sprite";
import type { IconName } from "~/lib/icons";
import { cn } from "~/lib/utils";

/**
 * One icon of the forum's sprite (app/lib/icons.ts, decision record 0039): an <svg> that references the
 * symbol in the cached sprite file. Decorative (aria-hidden): the control around it carries the name.
 * 24 px unless a class or the parent (`[&_svg]:size-4`) sizes it; the colour is the text colour.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={cn("icon", className)}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

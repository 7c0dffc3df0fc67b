import type { ComponentType, SVGProps } from "react";
import { cn } from "~/lib/utils";

/**
 * Icons that repeat on a page (one per post) drawn once: `SpriteSymbols` puts each as a <symbol> into the page,
 * `SpriteIcon` shows one with <use>, about 80 bytes instead of a whole SVG per post.
 */
export function SpriteSymbols({ icons }: { icons: Record<string, ComponentType<SVGProps<SVGSVGElement>>> }) {
  return (
    <svg aria-hidden="true" className="hidden">
      {Object.entries(icons).map(([id, Icon]) => (
        <symbol key={id} id={`icon-${id}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

export function SpriteIcon({ id, className }: { id: string; className?: string }) {
  return (
    <svg aria-hidden="true" className={cn("size-4", className)} viewBox="0 0 24 24">
      <use href={`#icon-${id}`} />
    </svg>
  );
}

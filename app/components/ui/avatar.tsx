import { initials } from "~/lib/format";
import { cn } from "~/lib/utils";

/** Initials tile; the picture comes with profiles (avatars issue). */
export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800",
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}

import { initials } from "~/lib/format";
import { cn } from "~/lib/utils";

/** The member's picture, or their initials (spec rule) on an orange tile. */
export function Avatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  const base = "inline-flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 text-xs font-semibold text-brand-800";
  if (src) return <img src={src} alt="" width={64} height={64} loading="lazy" className={cn(base, "object-cover", className)} />;
  return (
    <span aria-hidden="true" className={cn(base, className)}>
      {initials(name)}
    </span>
  );
}

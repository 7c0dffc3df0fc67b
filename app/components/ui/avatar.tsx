import { initials } from "~/lib/format";
import { cn } from "~/lib/utils";

const sizes = {
  xs: "size-7 text-xs",
  sm: "size-8 text-xs",
  md: "size-9 text-xs",
  lg: "size-12 text-sm",
  xl: "size-20 text-xl",
} as const;

/** The member's picture, or their initials (spec rule) on an orange tile. */
export function Avatar({
  name,
  src,
  size = "sm",
  className,
}: {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  // `avatar` (app.css): the shape every avatar shares, one class instead of eight on every post.
  const base = cn("avatar", sizes[size]);
  if (src) return <img src={src} alt="" width={64} height={64} loading="lazy" className={cn(base, "object-cover", className)} />;
  return (
    <span aria-hidden="true" className={cn(base, className)}>
      {initials(name)}
    </span>
  );
}

import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

const densities = {
  default: "h-10 w-full px-3",
  /** For a select inside a list row, next to its text. */
  compact: "h-9 w-auto px-2",
} as const;

/**
 * A native <select> (works without JavaScript, the phone's own picker) styled
 * like Input. It never grows wider than its container, however long an option.
 */
export function Select({ className, density = "default", ...props }: ComponentProps<"select"> & { density?: keyof typeof densities }) {
  return (
    <select
      data-slot="select"
      className={cn(
        "max-w-full rounded-md border border-gray-400 bg-background text-sm aria-invalid:border-destructive disabled:opacity-60",
        densities[density],
        className,
      )}
      {...props}
    />
  );
}

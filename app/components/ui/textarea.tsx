import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** A native <textarea> styled like Input; an invalid one (aria-invalid) gets a red border. */
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        "w-full max-w-full rounded-md border border-gray-400 bg-background px-3 py-2 text-sm placeholder:text-muted-foreground aria-invalid:border-destructive disabled:opacity-60",
        className,
      )}
      {...props}
    />
  );
}

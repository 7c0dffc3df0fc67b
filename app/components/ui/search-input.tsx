import { Icon } from "~/components/ui/icon";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** A search field with the magnifier inside it; label it with a <label htmlFor> next to it. */
export function SearchInput({ className, wrapperClassName, ...props }: ComponentProps<"input"> & { wrapperClassName?: string }) {
  return (
    <div className={cn("relative flex-1", wrapperClassName)}>
      <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <input
        type="search"
        className={cn(
          "h-10 w-full rounded-md border border-gray-400 bg-background pl-9 pr-3 text-sm placeholder:text-muted-foreground",
          className,
        )}
        {...props}
      />
    </div>
  );
}

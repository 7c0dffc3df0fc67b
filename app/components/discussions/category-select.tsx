import type { ComponentProps } from "react";
import { categories, categoryLabels } from "~/lib/categories";
import { cn } from "~/lib/utils";

/** The six categories as a native select (works without JavaScript); `allLabel` adds an empty "all" option. */
export function CategorySelect({ allLabel, className, ...props }: ComponentProps<"select"> & { allLabel?: string }) {
  return (
    <select className={cn("h-10 w-full rounded-md border border-gray-400 bg-background px-3 text-sm", className)} {...props}>
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {categories.map((category) => (
        <option key={category} value={category}>
          {categoryLabels[category]}
        </option>
      ))}
    </select>
  );
}

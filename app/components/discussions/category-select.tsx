import type { ComponentProps } from "react";
import { Select } from "~/components/ui/select";
import { categories, categoryLabels } from "~/lib/categories";

/** The six categories as a native select (works without JavaScript); `allLabel` adds an empty "all" option. */
export function CategorySelect({ allLabel, ...props }: ComponentProps<typeof Select> & { allLabel?: string }) {
  return (
    <Select {...props}>
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {categories.map((category) => (
        <option key={category} value={category}>
          {categoryLabels[category]}
        </option>
      ))}
    </Select>
  );
}

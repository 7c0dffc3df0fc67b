import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Conflicts are not resolved (tailwind-merge cost about
 * 8 kB gzip on every page): a component offers a variant or prop for each
 * alternative look instead of letting callers override its classes. During
 * development a conflicting pair is reported in the console.
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) warnOnConflict(classes);
  return classes;
}

function warnOnConflict(classes: string) {
  void import("tailwind-merge").then(({ twMerge }) => {
    const merged = twMerge(classes);
    if (merged !== classes) console.warn(`cn(): conflicting classes in "${classes}" – tailwind-merge would keep "${merged}"`);
  });
}

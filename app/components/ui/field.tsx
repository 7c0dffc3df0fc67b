import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** Label, control and error text wired together for screen readers. */
export function Field({
  id,
  label,
  errors,
  hint,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !errors?.length && <p className="text-xs text-muted-foreground">{hint}</p>}
      {errors?.length ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

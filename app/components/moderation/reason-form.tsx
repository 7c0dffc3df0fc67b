import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/**
 * A moderation step that asks for a reason (hide, lock), folded into a native
 * <details> so it opens before hydration and without JavaScript.
 */
export function ReasonForm({
  id,
  intent,
  summary,
  label,
  submitLabel,
  required,
  hidden,
  error,
  open = false,
}: {
  id: string;
  intent: string;
  summary: ReactNode;
  label: string;
  submitLabel: string;
  required: boolean;
  /** Extra hidden fields, e.g. the comment id. */
  hidden?: Record<string, string>;
  error?: string | null;
  /** Opened already (the page was asked for with it open); a refused reason opens it too. */
  open?: boolean;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <details className="group" open={open || Boolean(error)}>
      <summary className="inline-flex h-9 cursor-pointer list-none items-center gap-2 rounded-md border border-border bg-background px-3 text-sm font-medium hover:bg-muted [&::-webkit-details-marker]:hidden [&_svg]:size-4">
        {summary}
      </summary>
      <Form method="post" className="mt-2 flex flex-col gap-2 rounded-md border border-border bg-muted p-3" preventScrollReset noValidate>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <Input
          id={id}
          name="reason"
          required={required}
          maxLength={500}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" size="sm" variant="destructive" disabled={pending}>
            {submitLabel}
          </Button>
        </div>
      </Form>
    </details>
  );
}

import { Icon } from "~/components/ui/icon";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ReasonForm } from "./reason-form";

export interface DiscussionModeration {
  isPinned: boolean;
  locked: boolean;
  hidden: boolean;
}

/** Staff tools above a discussion. The server checks every one of them again. */
export function ModerationBar({
  moderation,
  error,
}: {
  moderation: DiscussionModeration;
  error: { intent: string; message: string } | null;
}) {
  return (
    <section
      aria-label="Moderation"
      className="flex flex-wrap items-start gap-2 rounded-lg border border-dashed border-brand-200 bg-brand-50 p-3"
    >
      <span className="flex h-9 items-center gap-1.5 text-sm font-semibold text-brand-800">
        <Icon name="shield" className="size-4" />
        Moderation
      </span>
      <IntentButton intent={moderation.isPinned ? "unpin" : "pin"}>
        {moderation.isPinned ? <Icon name="pin-off" /> : <Icon name="pin" />}
        {moderation.isPinned ? "Nicht mehr anpinnen" : "Anpinnen"}
      </IntentButton>
      {moderation.locked ? (
        <IntentButton intent="unlock">
          <Icon name="lock-open" />
          Entsperren
        </IntentButton>
      ) : (
        <ReasonForm
          id="lock-reason"
          intent="lock"
          summary={
            <>
              <Icon name="lock" />
              Sperren
            </>
          }
          label="Grund für die Sperre (optional, für alle sichtbar)"
          submitLabel="Diskussion sperren"
          required={false}
          error={error?.intent === "lock" ? error.message : null}
        />
      )}
      {moderation.hidden ? (
        <IntentButton intent="restore-discussion">
          <Icon name="eye" />
          Wiederherstellen
        </IntentButton>
      ) : (
        <ReasonForm
          id="hide-discussion-reason"
          intent="hide-discussion"
          summary={
            <>
              <Icon name="eye-off" />
              Ausblenden
            </>
          }
          label="Grund für das Ausblenden (nur für das Moderationsteam sichtbar)"
          submitLabel="Diskussion ausblenden"
          required
          error={error?.intent === "hide-discussion" ? error.message : null}
        />
      )}
    </section>
  );
}

export function IntentButton({
  intent,
  fields,
  children,
  size = "sm",
}: {
  intent: string;
  fields?: Record<string, string>;
  children: ReactNode;
  size?: "sm" | "default";
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" preventScrollReset>
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" name="intent" value={intent} size={size} variant="outline" disabled={pending}>
        {children}
      </Button>
    </Form>
  );
}

import { Icon } from "~/components/ui/icon";
import { IntentButton } from "./moderation-bar";
import { ReasonForm } from "./reason-form";

/** Staff tools under a comment: hide it with a reason, or restore it. The server checks again. */
export function CommentModeration({ id, hidden, error }: { id: string; hidden: boolean; error: string | null }) {
  return hidden ? (
    <IntentButton intent="restore-comment" fields={{ commentId: id }}>
      <Icon name="eye" />
      Wiederherstellen
    </IntentButton>
  ) : (
    <ReasonForm
      id={`hide-${id}`}
      intent="hide-comment"
      hidden={{ commentId: id }}
      summary={
        <>
          <Icon name="eye-off" />
          Ausblenden
        </>
      }
      label="Grund für das Ausblenden (nur für das Moderationsteam sichtbar)"
      submitLabel="Kommentar ausblenden"
      required
      error={error}
    />
  );
}

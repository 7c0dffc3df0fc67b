import { Icon } from "~/components/ui/icon";
import { AppLink } from "~/components/ui/app-link";
import { IntentButton } from "./moderation-bar";
import { ReasonForm } from "./reason-form";

/**
 * Staff tools under a comment: hide it with a reason, or restore it. The server checks again. The reason's form is
 * rendered under the one comment being hidden (`?hide=`, as replies and reports open theirs), so a page of fifty
 * comments carries one form, not fifty; "Ausblenden" is a plain link the page opens in the app (useInAppLinks).
 */
export function CommentModeration({
  id,
  hidden,
  error,
  open,
  openHref,
}: {
  id: string;
  hidden: boolean;
  error: string | null;
  /** This comment's reason form is the one open on the page. */
  open: boolean;
  /** This page with the comment's reason form open. */
  openHref: string;
}) {
  if (hidden)
    return (
      <IntentButton intent="restore-comment" fields={{ commentId: id }}>
        <Icon name="eye" />
        Wiederherstellen
      </IntentButton>
    );
  if (!open && !error)
    return (
      <AppLink
        to={openHref}
        stay
        className="inline-flex h-9 items-center gap-2 rounded-md border border-border bg-background px-3 text-sm font-medium hover:bg-muted [&_svg]:size-4"
      >
        <Icon name="eye-off" />
        Ausblenden
      </AppLink>
    );
  return (
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
      open
    />
  );
}

import { paths } from "~/lib/paths";
import { Alert, AlertTitle } from "~/components/ui/alert";
import { heldTexts, hiddenByReportsTexts } from "~/lib/moderation";
import { type DiscussionModeration, ModerationBar } from "./moderation-bar";

/**
 * What moderation says above a discussion: its author reads that it waits for approval, or that it was hidden with
 * the way to the reasons; staff read that it is hidden and why, and get the moderation bar (`moderation` is null for
 * everyone else).
 */
export function DiscussionNotices({
  held,
  ownHidden,
  moderation,
  error,
}: {
  held: boolean;
  /** The author's own discussion that the moderation hid, with its statement of reasons where one was written. */
  ownHidden: { statementId: string | null; byReports: boolean } | null;
  moderation: (DiscussionModeration & { hiddenReason: string | null }) | null;
  /** The page's refused moderation form, if any. */
  error: { intent: string; message: string } | null;
}) {
  return (
    <>
      {held && !moderation && (
        <Alert>
          <AlertTitle>{heldTexts.badge}</AlertTitle>
          <p>{heldTexts.notice}</p>
        </Alert>
      )}
      {ownHidden && (
        <Alert variant="destructive" data-testid={ownHidden.byReports ? "reported-own-notice" : undefined}>
          {ownHidden.byReports ? (
            // Reports hid it, the moderation has not decided: still the author's to read and edit.
            <>
              <AlertTitle>{hiddenByReportsTexts.placeholder}</AlertTitle>
              <p>Nur Sie und das Moderationsteam sehen diese Diskussion; Sie können sie bearbeiten.</p>
            </>
          ) : (
            <AlertTitle>Ausgeblendet: Nur Sie und das Moderationsteam sehen diese Diskussion.</AlertTitle>
          )}
          {ownHidden.statementId && (
            <p>
              <a href={paths.statement(ownHidden.statementId)} className="underline underline-offset-2">
                Begründung und Widerspruch
              </a>
            </p>
          )}
        </Alert>
      )}
      {moderation && (
        <div className="flex flex-col gap-3">
          {moderation.hidden && (
            <Alert variant="destructive">
              <AlertTitle>Diese Diskussion ist ausgeblendet und nur für das Moderationsteam sichtbar.</AlertTitle>
              {moderation.hiddenReason && <p>Grund: {moderation.hiddenReason}</p>}
            </Alert>
          )}
          {/* A comment's reason form shows its own error, in its thread. */}
          <ModerationBar moderation={moderation} error={error && error.intent !== "hide-comment" ? error : null} />
        </div>
      )}
    </>
  );
}

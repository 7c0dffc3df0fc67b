import { Alert, AlertTitle } from "~/components/ui/alert";
import { heldTexts } from "~/lib/moderation";
import { type DiscussionModeration, ModerationBar } from "./moderation-bar";

/**
 * What moderation says above a discussion: its author reads that it waits for approval; staff read that it is
 * hidden and why, and get the moderation bar (`moderation` is null for everyone else).
 */
export function DiscussionNotices({
  held,
  moderation,
  error,
}: {
  held: boolean;
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

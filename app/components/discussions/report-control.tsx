import { Icon } from "~/components/ui/icon";
import { AppLink } from "~/components/ui/app-link";
import { Form } from "react-router";
import { CancelLink } from "~/components/ui/cancel-link";
import { ReportReasonFields } from "~/components/ui/report-reason-fields";
import { REPORT_NOTE_MAX_LENGTH } from "~/lib/moderation";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";

/**
 * "Melden" under someone else's post: a link that opens the report form under this post alone (`?report=`, as
 * replies and edits open theirs), so a page of fifty posts carries one form, not fifty. Once reported, the
 * member sees so and can withdraw it while the moderation has not decided.
 */
export function ReportControl({
  commentId,
  reported,
  label,
  open,
  openHref,
  cancelTo,
  legalNoticeHref,
  error,
}: {
  /** The comment; null for the question itself. */
  commentId: string | null;
  reported: boolean;
  /** What the post is, for screen readers ("Kommentar von Aylin"). */
  label: string;
  /** This post's form is the one open on the page. */
  open: boolean;
  /** Where "Melden" leads: this page with the post's form open. */
  openHref: string;
  cancelTo: string;
  /** The legal notice form with this post's address (decision 0048): "Melden" is for the forum's rules. */
  legalNoticeHref: string;
  /** A refused report of this post, shown in its form. */
  error?: string | null;
}) {
  const id = `report-${commentId ?? "discussion"}`;
  if (reported) {
    return (
      <Form method="post" preventScrollReset className="inline-flex items-center gap-2 text-sm text-muted-foreground">
        <input type="hidden" name="intent" value="withdraw-report" />
        {commentId && <input type="hidden" name="commentId" value={commentId} />}
        <Icon name="flag" className="size-4" />
        <span>Gemeldet</span>
        <button
          type="submit"
          className="underline underline-offset-2 hover:text-foreground"
          aria-label={`Meldung zu ${label} zurückziehen`}
        >
          Zurückziehen
        </button>
      </Form>
    );
  }
  if (!open) {
    return (
      // A plain link: the page's one click handler opens it in the app (useInAppLinks).
      <AppLink to={openHref} stay className="post-report">
        Melden<span className="sr-only">: {label}</span>
      </AppLink>
    );
  }
  return (
    <div className="w-full text-sm">
      <Form method="post" preventScrollReset noValidate className="mt-1 flex max-w-md flex-col gap-3 rounded-lg border border-border p-3">
        <input type="hidden" name="intent" value="report" />
        {commentId && <input type="hidden" name="commentId" value={commentId} />}
        <ReportReasonFields legend="Warum melden Sie diesen Beitrag?" />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-note`} className="font-medium">
            Hinweis für das Moderationsteam <span className="font-normal text-muted-foreground">(bei „Sonstiges“ erforderlich)</span>
          </label>
          <Textarea
            id={`${id}-note`}
            name="note"
            rows={2}
            maxLength={REPORT_NOTE_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        {error && (
          <p id={`${id}-error`} className="text-destructive">
            {error}
          </p>
        )}
        <p className="text-muted-foreground">
          Halten Sie den Beitrag für rechtswidrig (etwa eine Verleumdung oder eine Urheberrechtsverletzung)? Dann nutzen Sie bitte{" "}
          <a href={legalNoticeHref} rel="nofollow" className="text-brand-700 underline underline-offset-2">
            das Formular für rechtswidrige Inhalte
          </a>
          .
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" size="sm" variant="outline">
            Beitrag melden
          </Button>
          <CancelLink to={cancelTo} size="sm" />
        </div>
      </Form>
    </div>
  );
}

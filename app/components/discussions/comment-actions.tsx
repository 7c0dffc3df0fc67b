import { Icon } from "~/components/ui/icon";
import { AppLink } from "~/components/ui/app-link";
import { Form } from "react-router";
import { paths } from "~/lib/paths";
import { HelpfulButton } from "./helpful-button";
import { QuoteLink } from "./quote-selection";
import { BookmarkControl } from "./bookmark-control";
import { ReportControl } from "./report-control";
import { LegalNoticeLink } from "./legal-notice-link";
import { useCommentPage } from "./comment-page";
import type { CommentOnPage } from "./comment-types";

/** The one form every "Als Lösung markieren" button of the page submits (`form` attribute), with its comment's id. */
const SOLUTION_FORM_ID = "solution-form";

export function SolutionForm() {
  return (
    <Form id={SOLUTION_FORM_ID} method="post" preventScrollReset hidden>
      <input type="hidden" name="intent" value="mark-solution" />
    </Form>
  );
}

/**
 * The row under a published comment: "Hilfreich", "Antworten", "Zitieren", the solution, "Merken" and "Melden",
 * each where this viewer may use it.
 */
export function CommentActions({
  comment,
  name,
  label,
  replyTarget,
}: {
  comment: CommentOnPage;
  /** The author's first name. */
  name: string;
  /** How the buttons name the post they act on: "Kommentar von …" or "Antwort von …". */
  label: string;
  /** The top-level comment a reply button answers to (replies of replies join the thread). */
  replyTarget?: string;
}) {
  const { access, mayChooseSolution, reportErrorFor, reporting, pageLink, cancelTo, permalinkOf } = useCommentPage();
  const replyTo = replyTarget ?? comment.id;
  return (
    <div className="post-actions">
      <HelpfulButton commentId={comment.id} helpful={comment.helpful} mayMark={comment.mayMarkHelpful} label={label} />
      {access === "allowed" && (
        <AppLink to={`${pageLink(`replyTo=${replyTo}`)}#comment-${comment.id}`} stay className="post-action">
          <Icon name="message-square-reply" className="size-4" />
          Antworten
        </AppLink>
      )}
      {access === "allowed" && <QuoteLink href={`${pageLink(`quote=${comment.id}`)}#new-comment`} label={label} />}
      {mayChooseSolution && <SolutionControl commentId={comment.id} isSolution={comment.isSolution} name={name} />}
      <BookmarkControl
        post={comment.id}
        label={label}
        openHref={`${pageLink(`bookmark=${comment.id}`)}#comment-${comment.id}`}
        cancelTo={`${cancelTo}#comment-${comment.id}`}
      />
      {comment.report && (
        <ReportControl
          commentId={comment.id}
          reported={comment.report.reported}
          label={label}
          error={reportErrorFor(comment.id)}
          open={reporting === comment.id}
          openHref={`${pageLink(`report=${comment.id}`)}#comment-${comment.id}`}
          cancelTo={`${cancelTo}#comment-${comment.id}`}
          legalNoticeHref={paths.legalNoticeFor(permalinkOf(comment.id))}
        />
      )}
      <LegalNoticeLink location={permalinkOf(comment.id)} label={label} />
    </div>
  );
}

/** For the asker or staff: take back the solution, or make this comment the solution. */
function SolutionControl({ commentId, isSolution, name }: { commentId: string; isSolution: boolean; name: string }) {
  if (isSolution) {
    return (
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="unmark-solution" />
        <button type="submit" className="inline-flex items-center gap-1 text-sm text-green-700 hover:underline">
          <Icon name="circle-check" className="size-4" />
          Lösung zurücknehmen
        </button>
      </Form>
    );
  }
  // The page's one solution form (SolutionForm, before the comments): the button names the comment.
  return (
    <button
      type="submit"
      form={SOLUTION_FORM_ID}
      name="commentId"
      value={commentId}
      className="inline-flex items-center gap-1 text-sm text-green-700 hover:underline"
      aria-label={`Kommentar von ${name} als Lösung markieren`}
    >
      <Icon name="circle-check" className="size-4" />
      Als Lösung markieren
    </button>
  );
}

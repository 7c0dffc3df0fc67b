import { Icon } from "~/components/ui/icon";
import { AppLink } from "~/components/ui/app-link";
import { cn } from "~/lib/utils";
import { authorFirstName } from "~/lib/authors";
import { Avatar } from "~/components/ui/avatar";
import { formatRelativeTime } from "~/lib/format";
import { heldTexts, hiddenByReportsTexts } from "~/lib/moderation";
import { paths } from "~/lib/paths";
import { pageTextAttribute, pageTextKeys, usePageText } from "~/lib/page-text";
import { AuthorLink } from "~/components/ui/author-link";
import { LinkifiedText, textWithMentions } from "./linkified-text";
import { RichContent } from "./rich-content";
import { quoteSourceAttributes } from "./quote-selection";
import { AuthorCredentials } from "./author-credentials";
import { SolvedBadge } from "~/components/ui/solved-badge";
import { NewMarker } from "~/components/ui/unread-badge";
import { useCommentPage } from "./comment-page";
import { CommentActions } from "./comment-actions";
import { EditCommentForm } from "./comment-form";
import { fieldFrom } from "./comment-form-start";
import type { CommentOnPage } from "./comment-types";

/**
 * One comment or reply: its state (held, hidden), who wrote it and when, its text or its edit form, the actions
 * row and, for staff, the moderation tools. A comment the moderation hid is a placeholder for everyone else.
 */
export function CommentItem({
  comment,
  isNew = false,
  replyTarget,
}: {
  comment: CommentOnPage;
  /** Not read by the member before this visit. */
  isNew?: boolean;
  /** The top-level comment a reply button answers to (replies of replies join the thread). */
  replyTarget?: string;
}) {
  const { editing, errors, moderationTools, hiding, pageLink } = useCommentPage();
  const textKey = pageTextKeys.comment(comment.id);
  const rich = comment.contentFormat === "html";
  // The page's markup holds the text once (app/lib/page-text.tsx): rich text as its HTML, an old comment as its words and mentions.
  // Read before the placeholder's early return: a hook runs on every render, whatever the comment shows.
  const text = usePageText(textKey, comment.content, rich ? (element) => element.innerHTML : textWithMentions);
  if (comment.placeholder) {
    return (
      <p
        id={`comment-${comment.id}`}
        data-testid={comment.hiddenByReports ? "reported-placeholder" : undefined}
        className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground italic"
      >
        {comment.hiddenByReports ? hiddenByReportsTexts.placeholder : "Dieser Kommentar wurde von der Moderation ausgeblendet."}
      </p>
    );
  }
  const name = authorFirstName(comment.author);
  // How the actions row's buttons name this post to screen readers.
  const label = `${replyTarget ? "Antwort" : "Kommentar"} von ${name}`;

  return (
    <article
      id={`comment-${comment.id}`}
      data-testid="comment"
      className={cn(
        "scroll-mt-20 rounded-lg border p-4",
        comment.hidden
          ? "border-dashed border-red-300 bg-red-50/40"
          : comment.held
            ? "border-dashed border-amber-300 bg-amber-50/40"
            : comment.isSolution
              ? "border-2 border-green-300 bg-background"
              : "border-border bg-background",
      )}
    >
      <CommentState comment={comment} />
      <CommentHeader comment={comment} name={name} isReply={Boolean(replyTarget)} isNew={isNew} />
      <CommentBody comment={comment} text={text} textKey={textKey} name={name} />
      {/* A held comment takes no replies, marks or solution until it is published. */}
      {editing !== comment.id && !comment.hidden && !comment.held && (
        <CommentActions comment={comment} name={name} label={label} replyTarget={replyTarget} />
      )}
      {moderationTools && editing !== comment.id && (
        <div className="mt-3 border-t border-border pt-3">
          {moderationTools({
            id: comment.id,
            hidden: comment.hidden !== null,
            error: errors.target === comment.id ? errors.content : null,
            open: hiding === comment.id,
            openHref: `${pageLink(`hide=${comment.id}`)}#comment-${comment.id}`,
          })}
        </div>
      )}
    </article>
  );
}

/** Above a comment that is not published: held for review (its author and staff see it), or hidden (staff only). */
function CommentState({ comment }: { comment: CommentOnPage }) {
  const { moderationTools } = useCommentPage();
  return (
    <>
      {comment.held && !comment.hidden && (
        <p className="mb-2 text-sm font-medium text-amber-900">
          {heldTexts.badge}: {heldTexts.notice}
        </p>
      )}
      {comment.hidden &&
        (comment.hiddenByReports && !moderationTools ? (
          // Its author's own comment that reports hid: the readers' placeholder, and that it is still theirs.
          <p className="mb-2 text-sm font-medium text-red-900" data-testid="reported-own-notice">
            {hiddenByReportsTexts.placeholder}. {hiddenByReportsTexts.own}
            {comment.statementId && (
              <>
                {" "}
                <a href={paths.statement(comment.statementId)} className="underline underline-offset-2">
                  Begründung und Widerspruch
                </a>
              </>
            )}
          </p>
        ) : comment.statementId ? (
          // The author's own hidden comment (decision 0048): why, and the way to object.
          <p className="mb-2 text-sm font-medium text-red-900">
            Ausgeblendet: Nur Sie und das Moderationsteam sehen diesen Kommentar.{" "}
            <a href={paths.statement(comment.statementId)} className="underline underline-offset-2">
              Begründung und Widerspruch
            </a>
          </p>
        ) : (
          <p className="mb-2 text-sm font-medium text-red-900">
            Ausgeblendet (nur für das Moderationsteam sichtbar){comment.hidden.reason ? ` – Grund: ${comment.hidden.reason}` : ""}
          </p>
        ))}
    </>
  );
}

/** Who wrote the comment and when, whether it is the solution, was edited or is new, and its edit link. */
function CommentHeader({ comment, name, isReply, isNew }: { comment: CommentOnPage; name: string; isReply: boolean; isNew: boolean }) {
  const { now, editing, pageLink, revisionsOf } = useCommentPage();
  const edited = new Date(comment.updatedAt).getTime() !== new Date(comment.createdAt).getTime();
  return (
    <header className="flex flex-wrap items-center gap-2 text-sm">
      <Avatar name={comment.author ? `${comment.author.firstName} ${comment.author.lastName}` : name} size="xs" />
      {/* Each comment is an article, and an article gets a heading: who wrote it. */}
      <div className="flex flex-col leading-tight">
        <h3>
          <span className="sr-only">{isReply ? "Antwort von " : "Kommentar von "}</span>
          <AuthorLink author={comment.author} name={name} />
        </h3>
        <AuthorCredentials author={comment.author} />
      </div>
      {comment.isSolution && <SolvedBadge>Lösung</SolvedBadge>}
      {edited && (
        <AppLink
          to={revisionsOf(comment.id)}
          aria-label="Bearbeitet – Versionen ansehen"
          className="text-muted-foreground underline-offset-2 hover:underline"
        >
          (bearbeitet)
        </AppLink>
      )}
      <time className="text-muted-foreground" dateTime={new Date(comment.createdAt).toISOString()}>
        {formatRelativeTime(comment.createdAt, now)}
      </time>
      {isNew && <NewMarker label="Neu seit Ihrem letzten Besuch" />}
      {comment.canEdit && editing !== comment.id && (
        <AppLink
          to={`${pageLink(`editComment=${comment.id}`)}#comment-${comment.id}`}
          stay
          className="ml-auto rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
          aria-label="Kommentar bearbeiten"
          title="Kommentar bearbeiten"
        >
          <Icon name="pencil" className="size-4" />
        </AppLink>
      )}
    </header>
  );
}

/**
 * The comment's text, or its edit form while the author edits it (?editComment=). Rich text is shown as HTML, an
 * old plain-text comment with its links and mentions; either is a source for "Zitieren".
 */
function CommentBody({ comment, text, textKey, name }: { comment: CommentOnPage; text: string; textKey: string; name: string }) {
  const { editing, errors, cancelTo, permalinkOf } = useCommentPage();
  if (editing === comment.id && comment.canEdit) {
    return (
      <EditCommentForm
        commentId={comment.id}
        start={fieldFrom(
          errors.target === comment.id && errors.draft ? errors.draft : { content: text, contentFormat: comment.contentFormat },
        )}
        error={errors.target === comment.id ? errors.content : null}
        cancelTo={cancelTo}
      />
    );
  }
  const quoteSource = quoteSourceAttributes({ author: name, href: permalinkOf(comment.id) });
  if (comment.contentFormat === "html") {
    return (
      <RichContent html={text} className="mt-2 text-sm [&>:first-child]:mt-0" {...{ [pageTextAttribute]: textKey }} {...quoteSource} />
    );
  }
  return (
    <div className="mt-2 text-sm leading-relaxed" {...quoteSource}>
      <LinkifiedText text={text} pageTextKey={textKey} />
    </div>
  );
}

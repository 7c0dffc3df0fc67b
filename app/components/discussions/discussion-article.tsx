import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { SolvedBadge } from "~/components/ui/solved-badge";
import { AuthorLink } from "~/components/ui/author-link";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { authorFirstName } from "~/lib/authors";
import { formatCount, formatDate, formatReplies } from "~/lib/format";
import { pageTextAttribute, pageTextKeys } from "~/lib/page-text";
import { paths } from "~/lib/paths";
import type { DiscussionDetail } from "~/server/discussions";
import { AuthorCredentials } from "./author-credentials";
import { BookmarkControl } from "./bookmark-control";
import { CategoryBadge } from "./category-badge";
import type { CommentField } from "./comment-section";
import { EditDiscussionForm } from "./edit-discussion-form";
import { HelpfulButton, type HelpfulState } from "./helpful-button";
import { PinnedBadge } from "./pinned-badge";
import { QuoteLink, quoteSourceAttributes } from "./quote-selection";
import { ReportControl } from "./report-control";
import { LegalNoticeLink } from "./legal-notice-link";
import { RichContent } from "./rich-content";
import { TagLinks } from "./tag-links";

/** The discussion as its article shows it: its text as the page has it (app/lib/page-text.tsx), with its marks. */
type ArticleDiscussion = Pick<
  DiscussionDetail,
  "slug" | "title" | "category" | "isPinned" | "lockedAt" | "createdAt" | "updatedAt" | "author" | "repliesCount" | "viewsCount" | "tags"
> & { content: string; helpful: HelpfulState };

/**
 * The discussion itself at the top of its page: badges, title, author and counts, its text and the controls under
 * it (Hilfreich, Zitieren, Lesezeichen, Melden); the author's edit form in their place while `editing`.
 */
export function DiscussionArticle({
  discussion,
  solved,
  canEdit,
  editing,
  editError,
  mayMarkHelpful,
  mayQuote,
  report,
  reportError,
  reporting,
  field,
}: {
  discussion: ArticleDiscussion;
  /** An answer was accepted: "Gelöst". */
  solved: boolean;
  /** The guardian's answer whether this viewer may edit the discussion. */
  canEdit: boolean;
  /** The edit form is open (`?edit=1`, for those who may edit). */
  editing: boolean;
  /** A refused edit's message, shown in the edit form. */
  editError: string | null;
  mayMarkHelpful: boolean;
  /** The viewer may comment: "Zitieren" offers the discussion's words to the new comment. */
  mayQuote: boolean;
  /** "Melden": null where this viewer may not report the discussion, else whether they already did. */
  report: { reported: boolean } | null;
  /** A refused report of the discussion, shown in its "Melden" form. */
  reportError: string | null;
  /** The discussion's report form is the one open on the page. */
  reporting: boolean;
  /** The edit form's text field (the page hands in the editor area's). */
  field: CommentField;
}) {
  const authorName = authorFirstName(discussion.author, "Unbekannter Autor");
  const edited = new Date(discussion.updatedAt).getTime() !== new Date(discussion.createdAt).getTime();
  return (
    <article className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-7">
      <div className="flex flex-wrap items-center gap-2">
        <CategoryBadge category={discussion.category} />
        {solved && <SolvedBadge />}
        {discussion.isPinned && <PinnedBadge />}
        {discussion.lockedAt && (
          <Badge variant="muted">
            <Icon name="lock" className="mr-1 size-3" />
            Gesperrt
          </Badge>
        )}
        {edited && (
          <Link
            to={paths.discussionRevisions(discussion.slug)}
            aria-label="Bearbeitet – Versionen ansehen"
            className="rounded-full hover:underline"
          >
            <Badge variant="muted">Bearbeitet</Badge>
          </Link>
        )}
        {canEdit && !editing && (
          <Button asChild variant="ghost" size="sm" className="ml-auto">
            <Link to="?edit=1" preventScrollReset>
              <Icon name="pencil" />
              Bearbeiten
            </Link>
          </Button>
        )}
      </div>

      {editing ? (
        <>
          {/* The page's heading while the title is a form field (an article needs one, as does every page). */}
          <h1 className="mt-3 text-2xl font-bold leading-tight tracking-tight">Diskussion bearbeiten</h1>
          <EditDiscussionForm discussion={discussion} error={editError} field={field} />
        </>
      ) : (
        <>
          <h1 className="mt-3 text-2xl font-bold leading-tight tracking-tight sm:text-3xl">{discussion.title}</h1>
          <TagLinks tags={discussion.tags} className="mt-3" />
          <div className="post-actions text-sm text-muted-foreground">
            <span className="flex items-center gap-2 text-foreground">
              <Avatar name={discussion.author ? `${discussion.author.firstName} ${discussion.author.lastName}` : authorName} />
              <span className="flex flex-col leading-tight">
                <AuthorLink author={discussion.author} name={authorName} />
                <AuthorCredentials author={discussion.author} />
              </span>
            </span>
            <span className="flex items-center gap-1">
              <Icon name="message-circle" className="size-4" />
              {formatReplies(discussion.repliesCount)}
            </span>
            <span className="flex items-center gap-1">
              <Icon name="eye" className="size-4" />
              {formatCount(discussion.viewsCount)} Aufrufe
            </span>
            <time dateTime={new Date(discussion.createdAt).toISOString()}>{formatDate(discussion.createdAt)}</time>
          </div>
          <RichContent
            html={discussion.content}
            className="mt-5"
            {...{ [pageTextAttribute]: pageTextKeys.discussion }}
            {...quoteSourceAttributes({ author: authorName, href: paths.discussion(discussion.slug) })}
          />
          <div className="mt-4 flex flex-wrap items-start gap-x-4 gap-y-2">
            <HelpfulButton commentId={null} helpful={discussion.helpful} mayMark={mayMarkHelpful} label="Diskussion" />
            {mayQuote && <QuoteLink href="?quote=discussion#new-comment" label="Diskussion" />}
            <BookmarkControl post="discussion" label="Diskussion" openHref="?bookmark=discussion" cancelTo="." />
            {report && (
              <ReportControl
                commentId={null}
                reported={report.reported}
                label="Diskussion"
                error={reportError}
                open={reporting}
                openHref="?report=discussion"
                cancelTo="."
                legalNoticeHref={paths.legalNoticeFor(paths.discussion(discussion.slug))}
              />
            )}
            <LegalNoticeLink location={paths.discussion(discussion.slug)} label="Diskussion" />
          </div>
        </>
      )}
    </article>
  );
}

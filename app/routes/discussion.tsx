import { parseWithZod } from "@conform-to/zod/v4";
import { CancelLink } from "~/components/ui/cancel-link";
import { PinnedBadge } from "~/components/discussions/pinned-badge";
import { authorFirstName } from "~/lib/authors";
import { EyeIcon, HomeIcon, LockIcon, MessageCircleIcon, PencilIcon } from "lucide-react";
import { CommentModeration } from "~/components/moderation/comment-moderation";
import { ModerationBar } from "~/components/moderation/moderation-bar";
import { Alert, AlertTitle } from "~/components/ui/alert";
import { useEffect, useState } from "react";
import { data, Form, isRouteErrorResponse, Link, useNavigation, useSearchParams } from "react-router";
import { CategoryBadge } from "~/components/discussions/category-badge";
import { CategorySelect } from "~/components/discussions/category-select";
import { CommentSection, type CommentAccess } from "~/components/discussions/comment-section";
import { RichContent } from "~/components/discussions/rich-content";
import { RichTextField } from "~/components/editor/rich-text-field";
import { useShowToast } from "~/components/toast/use-show-toast";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { formatCount, formatDate, formatReplies, renderNow } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { pageTextAttribute, pageTextKeys, usePageText } from "~/lib/page-text";
import { seoMeta } from "~/lib/seo";
import { pageHref, paths } from "~/lib/paths";
import { lockReasonSchema, moderationReasonSchema } from "~/lib/schemas/admin";
import { createCommentSchema, updateCommentSchema, updateDiscussionSchema } from "~/lib/schemas/discussion";
import { texts } from "~/lib/texts";
import { clientErrorMessage } from "~/lib/route-errors";
import { toastMessage } from "~/lib/toast";
import { z } from "zod";
import { commentHref, createComment, listCommentPage, updateComment } from "~/server/comments.server";
import { getDiscussionBySlug, updateDiscussion, type WriteOutcome } from "~/server/discussions.server";
import { notFoundUnless, requirePageParam } from "~/server/guards.server";
import { logger } from "~/server/logger.server";
import { setCommentHidden, setDiscussionHidden, setLocked, setPinned } from "~/server/moderation.server";
import { can, canCommentOn, canEditComment, canEditDiscussion, canSeeHidden } from "~/server/permissions.server";
import { plainTextExcerpt, sanitizeRichText } from "~/server/sanitize.server";
import { textForPage } from "~/server/page-text.server";
import { addStructuredData, discussionBreadcrumbs, discussionJsonLd } from "~/server/seo.server";
import { getViewer, type Viewer } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";
import { readFormData } from "~/server/request-body.server";
import type { Route } from "./+types/discussion";

/** The discussion this request may see: hidden ones exist only for staff. */
async function loadDiscussion(slug: string, viewer: Viewer | null) {
  const discussion = await getDiscussionBySlug(slug);
  return notFoundUnless(discussion && (discussion.hiddenAt === null || canSeeHidden(viewer)) ? discussion : null, texts.discussionNotFound);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const discussion = await loadDiscussion(params.slug, viewer);
  const page = requirePageParam(request, paths.discussion(discussion.slug));
  const staff = can(viewer, "moderate");
  const { comments, totalPages } = await listCommentPage(discussion.id, page, { includeHidden: staff });
  if (page > totalPages) throw data(null, { status: 404 });
  const access: CommentAccess = !viewer
    ? "guest"
    : !can(viewer, "comment")
      ? "pending"
      : canCommentOn(viewer, discussion)
        ? "allowed"
        : "locked";
  const content = sanitizeRichText(discussion.content);
  const publicComments = comments.filter((comment) => comment.hidden === null && !comment.placeholder);
  addStructuredData(context, discussionJsonLd({ ...discussion, content }, publicComments), discussionBreadcrumbs(discussion));
  // Open edit forms need their text in the browser; everywhere else the HTML carries it once.
  const query = new URL(request.url).searchParams;
  const editingComment = query.get("editComment");
  return {
    discussion: { ...discussion, content: textForPage(context, pageTextKeys.discussion, content, { neededInBrowser: query.get("edit") === "1" }) },
    comments: comments.map((comment) => ({
      ...comment,
      content: textForPage(context, pageTextKeys.comment(comment.id), comment.content, { neededInBrowser: comment.id === editingComment }),
      canEdit: canEditComment(viewer, { authorId: comment.author?.id ?? null, hiddenAt: comment.hidden?.at ?? null }),
    })),
    description: plainTextExcerpt(content) || discussion.title,
    commentPages: { currentPage: page, totalPages },
    access,
    canEdit: canEditDiscussion(viewer, discussion),
    moderation: staff
      ? { isPinned: discussion.isPinned, locked: discussion.lockedAt !== null, hidden: discussion.hiddenAt !== null, hiddenReason: discussion.hiddenReason }
      : null,
    now: renderNow(),
  };
}

type ActionErrors = { form: string | null; content: string | null; target: string | null };

const moderationToasts: Record<string, string> = {
  pin: "Diskussion angepinnt",
  unpin: "Diskussion nicht mehr angepinnt",
  lock: "Diskussion gesperrt",
  unlock: "Diskussion entsperrt",
  "hide-discussion": "Diskussion ausgeblendet",
  "restore-discussion": "Diskussion wiederhergestellt",
  "hide-comment": "Kommentar ausgeblendet",
  "restore-comment": "Kommentar wiederhergestellt",
};
const moderationFailed = "Die Moderationsaktion ist fehlgeschlagen";

function refused(outcome: Exclude<WriteOutcome<unknown>, { ok: true }>, title: string, target: string | null = null) {
  const message =
    outcome.reason === "forbidden"
      ? texts.permissionDenied
      : outcome.reason === "not-found"
        ? (outcome.message ?? texts.discussionNotFound)
        : (outcome.message ?? texts.unknownError);
  const status = outcome.reason === "forbidden" ? 403 : outcome.reason === "not-found" ? 404 : 400;
  return data({ errors: { form: message, content: message, target } as ActionErrors, toast: toastMessage("error", title, message) }, { status });
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const discussion = await loadDiscussion(params.slug, viewer);
  const here = paths.discussion(discussion.slug);

  try {
    switch (intent) {
      case "update-discussion": {
        if (!viewer) return refused({ ok: false, reason: "forbidden" }, texts.updateDiscussionFailed);
        const submission = parseWithZod(formData, { schema: updateDiscussionSchema });
        if (submission.status !== "success") {
          const message = Object.values(submission.error ?? {}).flat()[0] ?? texts.unknownError;
          return data({ errors: { form: message, content: message, target: "discussion" }, toast: toastMessage("error", texts.updateDiscussionFailed, message) }, { status: 400 });
        }
        const outcome = await updateDiscussion(viewer, discussion.id, submission.value);
        if (!outcome.ok) return refused(outcome, texts.updateDiscussionFailed, "discussion");
        return redirectWithToast(here, { type: "success", title: texts.discussionUpdated });
      }
      case "create-comment": {
        if (!viewer) return refused({ ok: false, reason: "forbidden", message: texts.signInToComment }, texts.createCommentFailed);
        const submission = parseWithZod(formData, { schema: createCommentSchema });
        const target = typeof formData.get("parentId") === "string" && formData.get("parentId") !== "" ? String(formData.get("parentId")) : null;
        if (submission.status !== "success") {
          const message = Object.values(submission.error ?? {}).flat()[0] ?? texts.unknownError;
          return data({ errors: { form: null, content: message, target }, toast: toastMessage("error", texts.createCommentFailed, message) }, { status: 400 });
        }
        const outcome = await createComment(viewer, discussion.id, submission.value);
        if (!outcome.ok) return refused(outcome, texts.createCommentFailed, target);
        return redirectWithToast(await commentHref(discussion, outcome.value.id), { type: "success", title: texts.commentCreated });
      }
      case "update-comment": {
        if (!viewer) return refused({ ok: false, reason: "forbidden" }, texts.updateCommentFailed);
        const submission = parseWithZod(formData, { schema: updateCommentSchema });
        const target = String(formData.get("commentId") ?? "");
        if (submission.status !== "success") {
          const message = Object.values(submission.error ?? {}).flat()[0] ?? texts.unknownError;
          return data({ errors: { form: null, content: message, target }, toast: toastMessage("error", texts.updateCommentFailed, message) }, { status: 400 });
        }
        const outcome = await updateComment(viewer, discussion.id, submission.value.commentId, submission.value.content);
        if (!outcome.ok) return refused(outcome, texts.updateCommentFailed, target);
        return redirectWithToast(await commentHref(discussion, submission.value.commentId), { type: "success", title: texts.commentUpdated });
      }
      case "pin":
      case "unpin":
      case "unlock":
      case "restore-discussion":
      case "restore-comment":
      case "lock":
      case "hide-discussion":
      case "hide-comment": {
        const commentId = String(formData.get("commentId") ?? "");
        const target = intent === "hide-comment" || intent === "restore-comment" ? commentId : null;
        if (!can(viewer, "moderate")) return refused({ ok: false, reason: "forbidden" }, moderationFailed, target);
        // The id goes into a uuid column: anything else is a comment that cannot exist, not a database error.
        if (target !== null && !z.uuid().safeParse(commentId).success) {
          return refused({ ok: false, reason: "not-found", message: texts.commentNotFound }, moderationFailed, null);
        }
        let reason = "";
        if (intent === "lock" || intent === "hide-discussion" || intent === "hide-comment") {
          const parsed = (intent === "lock" ? lockReasonSchema : moderationReasonSchema).safeParse({ reason: formData.get("reason") ?? undefined });
          if (!parsed.success) {
            const message = parsed.error.issues[0]?.message ?? texts.unknownError;
            return data(
              { errors: { form: message, content: message, target }, moderationError: { intent: String(intent), message }, toast: toastMessage("error", moderationFailed, message) },
              { status: 400 },
            );
          }
          reason = parsed.data.reason;
        }
        const outcome =
          intent === "pin" || intent === "unpin"
            ? await setPinned(viewer, discussion.id, intent === "pin")
            : intent === "lock" || intent === "unlock"
              ? await setLocked(viewer, discussion.id, intent === "lock", reason)
              : intent === "hide-discussion" || intent === "restore-discussion"
                ? await setDiscussionHidden(viewer, discussion.id, intent === "hide-discussion", reason)
                : await setCommentHidden(viewer, discussion.id, commentId, intent === "hide-comment", reason);
        if (!outcome.ok) {
          return refused(target !== null && outcome.reason === "not-found" ? { ...outcome, message: texts.commentNotFound } : outcome, moderationFailed, target);
        }
        return redirectWithToast(target ? await commentHref(discussion, target) : here, { type: "success", title: moderationToasts[intent] ?? texts.unknownError });
      }
      default:
        return data({ errors: { form: texts.unknownError, content: null, target: null }, toast: toastMessage("error", texts.unknownError) }, { status: 400 });
    }
  } catch (error) {
    logger.error({ err: error, intent }, "discussion action failed");
    return data(
      { errors: { form: texts.unexpectedError, content: texts.unexpectedError, target: null }, toast: toastMessage("error", texts.unexpectedError) },
      { status: 500 },
    );
  }
}

export default function DiscussionRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { comments, commentPages, access, canEdit, moderation, now } = loaderData;
  const body = usePageText(pageTextKeys.discussion, loaderData.discussion.content, (element) => element.innerHTML);
  const discussion = { ...loaderData.discussion, content: body };
  const [searchParams] = useSearchParams();
  const editing = canEdit && searchParams.get("edit") === "1";
  const errors = actionData?.errors ?? { form: null, content: null, target: null };
  useShowToast(actionData?.toast);
  useCountView(discussion.slug);

  const authorName = authorFirstName(discussion.author, "Unbekannter Autor");
  const edited = new Date(discussion.updatedAt).getTime() !== new Date(discussion.createdAt).getTime();

  // Only the moderation branch of the action sends this field.
  const moderationError = (actionData as { moderationError?: { intent: string; message: string } } | undefined)?.moderationError ?? null;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      {moderation && (
        <div className="flex flex-col gap-3">
          {moderation.hidden && (
            <Alert variant="destructive">
              <AlertTitle>Diese Diskussion ist ausgeblendet und nur für das Moderationsteam sichtbar.</AlertTitle>
              {moderation.hiddenReason && <p>Grund: {moderation.hiddenReason}</p>}
            </Alert>
          )}
          <ModerationBar moderation={moderation} error={moderationError && moderationError.intent !== "hide-comment" ? moderationError : null} />
        </div>
      )}
      <article className="rounded-xl border border-border bg-background p-5 shadow-sm sm:p-7">
        <div className="flex flex-wrap items-center gap-2">
          <CategoryBadge category={discussion.category} />
          {discussion.isPinned && <PinnedBadge />}
          {discussion.lockedAt && (
            <Badge variant="muted">
              <LockIcon className="mr-1 size-3" aria-hidden="true" />
              Gesperrt
            </Badge>
          )}
          {edited && <Badge variant="muted">Bearbeitet</Badge>}
          {canEdit && !editing && (
            <Button asChild variant="ghost" size="sm" className="ml-auto">
              <Link to="?edit=1" preventScrollReset>
                <PencilIcon aria-hidden="true" />
                Bearbeiten
              </Link>
            </Button>
          )}
        </div>

        {editing ? (
          <EditDiscussionForm discussion={discussion} error={errors.target === "discussion" ? errors.form : null} />
        ) : (
          <>
            <h1 className="mt-3 text-2xl font-bold leading-tight tracking-tight sm:text-3xl">{discussion.title}</h1>
            <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
              <span className="flex items-center gap-2 text-foreground">
                <Avatar name={discussion.author ? `${discussion.author.firstName} ${discussion.author.lastName}` : authorName} />
                {authorName}
              </span>
              <span className="flex items-center gap-1">
                <MessageCircleIcon className="size-4" aria-hidden="true" />
                {formatReplies(discussion.repliesCount)}
              </span>
              <span className="flex items-center gap-1">
                <EyeIcon className="size-4" aria-hidden="true" />
                {formatCount(discussion.viewsCount)} Aufrufe
              </span>
              <time dateTime={new Date(discussion.createdAt).toISOString()}>{formatDate(discussion.createdAt)}</time>
            </div>
            <RichContent html={discussion.content} className="mt-5" {...{ [pageTextAttribute]: pageTextKeys.discussion }} />
          </>
        )}
      </article>

      <CommentSection
        comments={comments}
        totalCount={discussion.repliesCount}
        basePath={paths.discussion(discussion.slug)}
        currentPage={commentPages.currentPage}
        totalPages={commentPages.totalPages}
        access={access}
        lockReason={discussion.lockReason}
        moderationTools={moderation ? (comment) => <CommentModeration {...comment} /> : undefined}
        now={now}
        replyTo={searchParams.get("replyTo")}
        editing={searchParams.get("editComment")}
        errors={errors.target === "discussion" ? { form: null, content: null, target: null } : errors}
      />
    </div>
  );
}

/** One view per page visit, sent by the browser: crawlers and reloads by scripts do not count. */
function useCountView(slug: string) {
  useEffect(() => {
    void fetch(`${paths.discussion(slug)}/view`, { method: "POST", keepalive: true }).catch(() => undefined);
  }, [slug]);
}

function EditDiscussionForm({
  discussion,
  error,
}: {
  discussion: { title: string; category: string; content: string };
  error: string | null;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const [title, setTitle] = useState(discussion.title);
  return (
    <Form method="post" className="mt-4 flex flex-col gap-4" preventScrollReset>
      <input type="hidden" name="intent" value="update-discussion" />
      {error && <p className="text-sm text-destructive">{error}</p>}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="edit-title" className="text-sm font-medium">
          Titel
        </label>
        <Input id="edit-title" name="title" value={title} onChange={(event) => setTitle(event.target.value)} required />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="edit-category" className="text-sm font-medium">
          Kategorie
        </label>
        <CategorySelect id="edit-category" name="category" defaultValue={discussion.category} />
      </div>
      <div className="flex flex-col gap-1.5">
        <span id="edit-content-label" className="text-sm font-medium">
          Inhalt
        </span>
        <RichTextField id="edit-content" name="content" labelId="edit-content-label" initialHtml={discussion.content} initialText={discussion.content} fallbackFormat="html" />
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={pending || title.trim() === ""}>
          {pending ? "Wird gespeichert..." : "Speichern"}
        </Button>
        <CancelLink />
      </div>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const message = notFound ? texts.discussionNotFound : (clientErrorMessage(error) ?? texts.unexpectedError);
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <title>{pageTitle(message)}</title>
      <h1 className="text-2xl font-bold">{message}</h1>
      <Button asChild>
        <Link to={paths.home}>
          <HomeIcon aria-hidden="true" />
          Zur Startseite
        </Link>
      </Button>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, params }) => {
  if (!loaderData) return seoMeta(matches, { title: texts.discussionNotFound, path: paths.discussion(params.slug), noindex: true });
  return seoMeta(matches, {
    title: loaderData.discussion.title,
    description: loaderData.description,
    path: pageHref(paths.discussion(loaderData.discussion.slug), loaderData.commentPages.currentPage),
    noindex: loaderData.discussion.hiddenAt !== null,
    type: "article",
  });
};

import { identityFrom } from "~/lib/site-identity";
import { parseWithZod } from "@conform-to/zod/v4";
import { PageError } from "~/components/layout/page-error";
import { DiscussionArticle } from "~/components/discussions/discussion-article";
import { HelpfulProvider } from "~/components/discussions/helpful-button";
import { SolutionQuote } from "~/components/discussions/solution-quote";
import { BookmarkProvider } from "~/components/discussions/bookmark-control";
import { CommentModeration } from "~/components/moderation/comment-moderation";
import { DiscussionNotices } from "~/components/moderation/discussion-notices";
import { useEffect, useState } from "react";
import { data, useSearchParams } from "react-router";
import { CommentSection, type CommentAccess } from "~/components/discussions/comment-section";
import { RelatedDiscussions } from "~/components/discussions/related-discussions";
import { WatchSwitch, watchHelp } from "~/components/discussions/watch-switch";
import { RichTextField } from "~/components/editor/rich-text-field";
import { useShowToast } from "~/components/toast/use-show-toast";
import { renderNow } from "~/lib/format";
import { pageTextKeys, usePageText } from "~/lib/page-text";
import { publicUrlFrom, errorMeta, seoMeta } from "~/lib/seo";
import { shareImageVersion } from "~/lib/share-image";
import { pageHref, paths } from "~/lib/paths";
import { categoryLabels } from "~/lib/categories";
import { texts } from "~/lib/texts";
import { z } from "zod";
import {
  discussionPageText,
  forgetSharedDiscussion,
  helpfulMarksOf,
  isReading,
  markRead,
  readingMovesPosition,
  replyDraftOf,
  unreadAmongShown,
  viewsCountOf,
  withOwnMarks,
} from "~/server/discussions";
import { knownValue, readValuesTogether } from "~/server/db";
import { discussionWatchLevelOf, markNotificationsReadHere, unreadNotificationsHereOf } from "~/server/notifications";
import { reportedHere } from "~/server/moderation";
import { bookmarksHere } from "~/server/bookmarks";
import {
  can,
  canCommentOn,
  canEditComment,
  canEditDiscussion,
  canBookmark,
  canMarkHelpful,
  canMarkSolution,
  getViewer,
  requirePageParam,
  type Viewer,
} from "~/server/accounts";
import { fail, isHeld, isHidden } from "~/server/platform";
import { discussionGoneTitle } from "~/lib/moderation";
import { dispatch, firstMessage, readFormData, refuse } from "~/server/http";
import { addStructuredData, discussionBreadcrumbs, discussionJsonLd, textForPage } from "~/server/seo";
import {
  isModerationIntent,
  moderationHandlers,
  moderationIntents,
  moderationRefusal,
  moderationTarget,
} from "./discussion.moderate.server";
import { bookmarkHandlers, bookmarkIntents, bookmarkRefusal, type BookmarkFormState, isBookmarkIntent } from "./discussion.bookmark.server";
import { commentHandlers, commentIntents, commentRefusal } from "./discussion.comments.server";
import { answerHandlers, answerIntents, answerRefusal, isAnswerIntent } from "./discussion.answers.server";
import { checkReportNote, isReportIntent, reportHandlers, reportIntents, reportRefusal } from "./discussion.reports.server";
import { noErrors } from "./discussion.forms";
import {
  loadCommentPage,
  loadDiscussion,
  ownHiddenNotice,
  quotedPost,
  replyDraftFor,
  reportState,
  solutionShown,
} from "./discussion.loader.server";
import { siteIdentity } from "~/server/settings";
import { relatedDiscussions } from "~/server/search";
import type { Route } from "./+types/discussion";
import { readingPage } from "~/lib/hydration";

/** Guests read it as finished HTML, without the framework (decision record 0036). */
export const handle = readingPage;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const staff = can(viewer, "moderate");
  const ownCopy = staff || can(viewer, "seeWhoMarked");
  const discussion = await loadDiscussion(params.slug, viewer, { shared: !ownCopy });
  const page = requirePageParam(request, paths.discussion(discussion.slug));
  // The same for every reader, visible discussions only, kept with the page's shared part (decision 0054). Read
  // beside the comments and awaited with them: a read left waiting while a later one fails would reject unhandled.
  const [related, { comments, totalPages }] = await Promise.all([
    relatedDiscussions(discussion),
    loadCommentPage(discussion, page, viewer, ownCopy),
  ]);
  if (page > totalPages) throw data(null, { status: 404 });
  const access: CommentAccess = !viewer
    ? "guest"
    : !can(viewer, "comment")
      ? "pending"
      : canCommentOn(viewer, discussion)
        ? "allowed"
        : "locked";
  // What is this member's alone, in one statement with the layout's bell (none for a guest): the posts they marked
  // "Hilfreich" and reported, their bookmarks, watch level and saved reply, the view counter as it is now, which
  // shown comments are new to them, and whether reading this page moves their read position.
  const reading = viewer !== null && isReading(request);
  const shownIds = comments.map((comment) => comment.id);
  const mine = await readValuesTogether(request, {
    marks: viewer ? helpfulMarksOf(viewer.id, discussion.id) : knownValue(new Set<string>()),
    // What this member reported here and may still withdraw (members who may report only).
    reported: can(viewer, "report") ? reportedHere(viewer!.id, discussion.id) : knownValue(new Set<string>()),
    // Null for those who keep no bookmarks, and on a hidden discussion its author reads (nothing there to keep).
    bookmarks: (canBookmark(viewer, discussion) && bookmarksHere(viewer, discussion.id)) || knownValue(null),
    watch: viewer && can(viewer, "watch") ? discussionWatchLevelOf(viewer.id, discussion.id) : knownValue(null),
    // The counter as it is now: the kept discussion's may be a minute old (views notify nothing); guests' pages lag anyway.
    views: viewer ? viewsCountOf(discussion.id) : knownValue(discussion.viewsCount),
    draft: access === "allowed" ? replyDraftOf(viewer!.id, discussion.id) : knownValue(null),
    // The page's "Neu seit Ihrem letzten Besuch" line (null on a first visit), asked before the position moves; it is
    // the member's own, never part of what all readers share.
    unreadHere: reading ? unreadAmongShown(viewer.id, discussion.id, shownIds) : knownValue(null),
    movesPosition: reading ? readingMovesPosition(viewer.id, discussion.id, shownIds) : knownValue(false),
    // Notifications that lead to what this page shows: read by reading it.
    notificationsHere:
      reading && can(viewer, "receiveNotifications") ? unreadNotificationsHereOf(viewer.id, discussion.id, shownIds) : knownValue(0),
  });
  if (reading && mine.notificationsHere > 0) await markNotificationsReadHere(viewer.id, discussion.id, shownIds);
  // A member reading the page has read what it shows (one statement, only where it moves their position; guests,
  // HEAD and prefetches leave no trace).
  if (reading && mine.movesPosition) await markRead(viewer, discussion.id, shownIds);
  const reported = mine.reported;
  // The names are in the HTML now: the browser needs no copy of them. The solution goes as its quote.
  const { mentionNames: _mentionNames, solution, ...shown } = discussion;
  const { content, excerpt } = discussionPageText(discussion);
  const site = await siteIdentity();
  // Search engines read the guests' page: a member's page goes without (entry.server.tsx), so it is not even built.
  if (!viewer)
    addStructuredData(context, discussionJsonLd({ ...discussion, content }, comments, page, site), discussionBreadcrumbs(discussion, site));
  // Open edit forms need their text in the browser; everywhere else the HTML carries it once.
  const query = new URL(request.url).searchParams;
  const editingComment = query.get("editComment");
  const quote = access === "allowed" ? quotedPost(query.get("quote"), { ...discussion, content }, comments, page) : null;
  return {
    discussion: {
      ...shown,
      helpful: withOwnMarks(discussion.helpful, "discussion", mine.marks),
      viewsCount: mine.views,
      content: textForPage(context, pageTextKeys.discussion, content, { neededInBrowser: query.get("edit") === "1" }),
    },
    comments: comments.map((comment) => {
      const post = { authorId: comment.author?.id ?? null, hiddenAt: comment.hidden?.at ?? null };
      return {
        ...comment,
        helpful: withOwnMarks(comment.helpful, comment.id, mine.marks),
        content: textForPage(context, pageTextKeys.comment(comment.id), comment.content, {
          neededInBrowser: comment.id === editingComment,
        }),
        // A held comment is edited by nobody until it is published: the moderator approves what they read.
        canEdit: !comment.held && canEditComment(viewer, { ...post, hiddenByReports: comment.hiddenByReports }),
        mayMarkHelpful: !comment.placeholder && canMarkHelpful(viewer, post),
        report: comment.placeholder ? null : reportState(viewer, post, reported.has(comment.id)),
      };
    }),
    report: reportState(viewer, discussion, reported.has("discussion")),
    mayMarkHelpful: canMarkHelpful(viewer, discussion),
    mayChooseSolution: canMarkSolution(viewer, discussion),
    // Quoted under the question, shortened (the whole answer is in the thread), with a link to it on its page.
    solution: solution && solutionShown(context, discussion.slug, solution),
    description: excerpt || discussion.title,
    // Only staff and its author reach a hidden discussion's page; meta (which also runs in the browser) reads the verdict.
    hidden: isHidden(discussion),
    // Its author reads that it waits for approval (decision 0035); staff read the reasons in the moderation's notice.
    held: isHeld(discussion),
    // Its author reads that the moderation hid it, and where the reasons and the objection are (decision 0048).
    ownHidden: await ownHiddenNotice(viewer, discussion),
    modifiedAt: discussion.changedAt,
    commentPages: { currentPage: page, totalPages },
    access,
    // Only on a member's page, never on a guest's shared one: a key is one member's, for one comment.
    submissionKey: access === "allowed" ? crypto.randomUUID() : null,
    canEdit: canEditDiscussion(viewer, discussion),
    moderation: staff
      ? {
          isPinned: discussion.isPinned,
          locked: discussion.lockedAt !== null,
          hidden: isHidden(discussion),
          hiddenReason: discussion.hiddenReason,
        }
      : null,
    watch: mine.watch,
    draft: access === "allowed" ? replyDraftFor(discussion, mine.draft) : null,
    quote,
    bookmarks: mine.bookmarks,
    unreadHere: mine.unreadHere,
    related,
    now: renderNow(),
  };
}

/** Every form of the page, told apart by `intent`: each sidecar's forms (discussion.*.server.ts) and the moderation bar. */
const discussionActionSchema = z
  .discriminatedUnion("intent", [...commentIntents, ...answerIntents, ...reportIntents, ...bookmarkIntents, ...moderationIntents])
  .superRefine(checkReportNote);
type DiscussionInput = z.infer<typeof discussionActionSchema>;
type Intent = DiscussionInput["intent"];

/** How a refused form of this page is answered: its toast title, texts for failures without a message, and where the error shows; each sidecar knows its own forms. */
function refusalFor(intent: Intent, payload: Record<string, unknown>, viewer: Viewer | null, { reasonError = false } = {}) {
  if (isModerationIntent(intent)) return moderationRefusal(intent, moderationTarget(payload), reasonError);
  if (isBookmarkIntent(intent)) return bookmarkRefusal(intent, payload, viewer, { errors: noErrors, moderationError: null });
  if (isAnswerIntent(intent)) return answerRefusal(intent, payload, viewer);
  if (isReportIntent(intent)) return reportRefusal(intent, payload, viewer);
  return commentRefusal(intent, payload, viewer);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  const submission = parseWithZod(await readFormData(request), { schema: discussionActionSchema });
  const discussion = await loadDiscussion(params.slug, viewer, { shared: false });
  const intent = typeof submission.payload.intent === "string" && isIntent(submission.payload.intent) ? submission.payload.intent : null;
  if (intent === null) {
    return refuse(fail("invalid"), {
      failed: texts.unknownError,
      page: () => ({ errors: { ...noErrors, form: texts.unknownError }, moderationError: null }),
    });
  }
  // The guardian first: a guest or non-moderator learns nothing about what their form got wrong.
  const allowed = isModerationIntent(intent) ? can(viewer, "moderate") : viewer !== null;
  if (!allowed) return refuse(fail("forbidden"), refusalFor(intent, submission.payload, viewer));
  if (submission.status !== "success") {
    const message = firstMessage(submission.error) ?? texts.unknownError;
    return refuse(
      fail("invalid", message),
      refusalFor(intent, submission.payload, viewer, { reasonError: Boolean(submission.error?.reason) }),
    );
  }
  // Whatever the form changed, this process shows it on the writer's next page (decision 0042).
  const answered = dispatch(submission.value, {
    ...commentHandlers(viewer, discussion, submission.payload),
    ...answerHandlers(viewer, discussion, submission.payload),
    ...reportHandlers(viewer, discussion, submission.payload, context.clientIp),
    ...bookmarkHandlers(viewer, discussion, { errors: noErrors, moderationError: null }),
    ...moderationHandlers(viewer, discussion),
  });
  return answered.finally(() => forgetSharedDiscussion(discussion.slug));
}

const intents = new Set<string>(discussionActionSchema.options.map((option) => option.shape.intent.value));
function isIntent(value: string): value is Intent {
  return intents.has(value);
}

export default function DiscussionRoute({ loaderData, actionData: answer }: Route.ComponentProps) {
  // The "Hilfreich" count goes to its button's fetcher; the page's forms get refusals.
  const actionData = answer && "errors" in answer ? answer : undefined;
  const { comments, commentPages, access, canEdit, moderation, now } = loaderData;
  const body = usePageText(pageTextKeys.discussion, loaderData.discussion.content, (element) => element.innerHTML);
  const discussion = { ...loaderData.discussion, content: body };
  const [searchParams] = useSearchParams();
  const editing = canEdit && searchParams.get("edit") === "1";
  const errors = actionData?.errors ?? noErrors;
  useShowToast(actionData?.toast);
  useCountView(discussion.slug);
  // What was new when the member opened this page of the discussion. A revalidation (after "Hilfreich", say)
  // finds it all read by now: the line stays where it was until the member goes to another page.
  const pageKey = `${discussion.id} ${commentPages.currentPage}`;
  const [newSince, setNewSince] = useState({ pageKey, unread: loaderData.unreadHere });
  if (newSince.pageKey !== pageKey) setNewSince({ pageKey, unread: loaderData.unreadHere });

  const moderationError = actionData?.moderationError ?? null;
  const refusedReport = actionData && "report" in actionData ? (actionData.report as { post: string; message: string | null }) : null;
  const reportErrorFor = (post: string) => (refusedReport?.post === post ? refusedReport.message : null);
  // The post whose report form is open: the one asked for, or the one whose report was just refused.
  const reporting = searchParams.get("report") ?? refusedReport?.post ?? null;
  const refusedBookmark = actionData && "bookmark" in actionData ? (actionData.bookmark as BookmarkFormState | null) : null;

  return (
    // data-view-beacon: where a guest page's script counts the view (app/enhance/guest.ts); the full app uses useCountView.
    // The posts' controls submit the page's one form of each kind (Hilfreich, Merken, Lösung) and are plain links
    // (Antworten, Melden, Ausblenden) that the layout's one click handler opens in the app (decision record 0042).
    <BookmarkProvider bookmarks={loaderData.bookmarks} refused={refusedBookmark}>
      <HelpfulProvider enabled={loaderData.access === "allowed" || loaderData.access === "locked"}>
        <div className="mx-auto flex max-w-3xl flex-col gap-8" data-view-beacon={`${paths.discussion(discussion.slug)}/view`}>
          <DiscussionNotices held={loaderData.held} ownHidden={loaderData.ownHidden} moderation={moderation} error={moderationError} />
          <DiscussionArticle
            discussion={discussion}
            solved={Boolean(loaderData.solution)}
            canEdit={canEdit}
            editing={editing}
            editError={errors.target === "discussion" ? errors.form : null}
            mayMarkHelpful={loaderData.mayMarkHelpful}
            mayQuote={access === "allowed"}
            report={loaderData.report}
            reportError={reportErrorFor("discussion")}
            reporting={reporting === "discussion"}
            field={(props) => <RichTextField {...props} />}
          />

          {loaderData.solution && (
            <SolutionQuote solution={loaderData.solution} href={loaderData.solution.href} mayUnmark={loaderData.mayChooseSolution} />
          )}

          {loaderData.watch && (
            <WatchSwitch level={loaderData.watch} legend="Benachrichtigungen zu dieser Diskussion" help={watchHelp.discussion} />
          )}

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
            errors={errors.target === "discussion" ? noErrors : errors}
            submissionKey={loaderData.submissionKey}
            mayChooseSolution={loaderData.mayChooseSolution}
            reportErrorFor={reportErrorFor}
            reporting={reporting}
            hiding={moderation ? searchParams.get("hide") : null}
            draft={loaderData.draft}
            unreadHere={newSince.unread}
            quote={loaderData.quote}
            live={loaderData.hidden ? null : discussion}
            field={(props) => <RichTextField {...props} />}
          />

          <RelatedDiscussions discussions={loaderData.related} />
        </div>
      </HelpfulProvider>
    </BookmarkProvider>
  );
}

/** One view per page visit, sent by the browser: crawlers and reloads by scripts do not count. */
function useCountView(slug: string) {
  useEffect(() => {
    void fetch(`${paths.discussion(slug)}/view`, { method: "POST", keepalive: true }).catch(() => undefined);
  }, [slug]);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFoundTitle={discussionGoneTitle(error)} />;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, error }) => {
  if (!loaderData) return errorMeta(error, discussionGoneTitle(error), identityFrom(matches));
  const { discussion, commentPages } = loaderData;
  const path = paths.discussion(discussion.slug);
  const { hidden } = loaderData;
  const tags = seoMeta(matches, {
    title: discussion.title,
    description: loaderData.description,
    path: pageHref(path, commentPages.currentPage),
    page: commentPages.currentPage,
    noindex: hidden,
    type: "article",
    article: {
      publishedTime: new Date(discussion.createdAt).toISOString(),
      modifiedTime: new Date(loaderData.modifiedAt).toISOString(),
      section: categoryLabels[discussion.category],
    },
    // Its own image, drawn when first asked for; the address changes with the page, so a network that kept the
    // old one fetches it again. A hidden discussion's page (staff only) keeps the forum's: its own is gone.
    image: hidden
      ? undefined
      : {
          path: `${paths.discussionShareImage(discussion.slug)}?v=${shareImageVersion(loaderData.modifiedAt, discussion.solved)}`,
          alt: discussion.title,
        },
  });
  // A hidden discussion (only staff see its page) has neither a feed nor a Markdown version: both are the guest's view.
  if (hidden) return tags;
  return [
    ...tags,
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `Kommentare zu „${discussion.title}“`,
      href: `${path}/feed.xml`,
    },
    {
      tagName: "link",
      rel: "alternate",
      type: "text/markdown",
      href: `${publicUrlFrom(matches)}${paths.discussionMarkdown(discussion.slug)}`,
    },
  ];
};

export {
  ARCHIVE_PAGE_SIZE,
  type ArchiveEntry,
  type ArchiveMonth,
  type ArchivePage,
  listArchiveMonths,
  listArchivePage,
} from "./archive.server";
export {
  COMMENT_THREADS_PER_PAGE,
  commentHref,
  commentPageOf,
  type CommentPage,
  type CommentView,
  createComment,
  listCommentPage,
  updateComment,
} from "./comments.server";
export { commentPageSql } from "./comment-pages.server";
export { type CommunityStats, getCommunityStats } from "./community-stats.server";
export {
  changedNow,
  type DiscussionDetail,
  type SolutionQuote,
  getDiscussionBySlug,
  incrementViews,
  purgeViewMarks,
  VIEW_WINDOW_MINUTES,
  viewsCountOf,
  visitorKey,
} from "./discussion-detail.server";
export {
  listDiscussionsByAuthor,
  listLatestInCategory,
  listUnansweredDiscussions,
  listMostActiveInCategory,
  listRecentDiscussions,
  listSubforumHighlights,
  listSubforumPage,
  listTagPage,
  type TagDiscussionPage,
  SUBFORUM_PAGE_SIZE,
  type DiscussionPage,
  UNANSWERED_LIMIT,
} from "./discussion-lists.server";
export {
  type AuthorSummary,
  type DiscussionSummary,
  type PostAuthor,
  statusScope,
  readTags,
  summaryColumns,
  toSummary,
} from "./discussion-summaries.server";
export { discussionPageText, forgetSharedDiscussion, sharedCommentPage, sharedDiscussionBySlug } from "./discussion-page.server";
export { liveThreadState } from "./live-thread.server";
export { createDiscussion, insertWithUniqueSlug, listAssignableMembers, updateDiscussion } from "./discussion-writes.server";
export { discussionEvents } from "./events.server";
export { heldValues, publishHeldPost, rejectHeldPost } from "./held-posts.server";
export { discussionMarkdown, discussionMarkdownUrl, escapeMarkdown, MARKDOWN_COMMENT_LIMIT } from "./markdown.server";
export {
  mentionedIn,
  mentionNamesInRichText,
  mentionNamesOf,
  mentionsIn,
  postTextWithNames,
  postWithNames,
  suggestMembers,
  textMentionsIn,
  tokensForTypedNames,
  toMentionNames,
} from "./mentions.server";
export {
  exportReadPositions,
  firstUnreadComment,
  isReading,
  markRead,
  readingMovesPosition,
  unreadAmongShown,
  UNREAD_COUNT_CAP,
  unreadCounts,
  unreadCountsOf,
} from "./read-positions.server";
export { htmlToText, plainTextExcerpt, postExcerpt, postText, richTextForStorage, sanitizeRichText } from "./sanitize.server";
export {
  guestHelpfulRead,
  HELPFUL_NAMES_SHOWN,
  helpfulMarksOf,
  type HelpfulReadOptions,
  type HelpfulView,
  withOwnMarks,
} from "./helpful-reads.server";
export {
  discardOwnDraft,
  type DraftListItem,
  type DraftView,
  getDraft,
  keepRefusedPost,
  listDrafts,
  replyDraftOf,
  type ReplyDraftView,
  replyHref,
  saveDraft,
} from "./drafts.server";
export { type DiffPart, listRevisions, type PostRevisions, type RevisionChange } from "./revisions.server";

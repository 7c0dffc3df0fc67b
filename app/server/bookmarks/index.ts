export {
  type BookmarkOnPost,
  type BookmarksOnPage,
  type BookmarkView,
  BOOKMARKS_PER_PAGE,
  bookmarkServiceTexts,
  bookmarksHere,
  bookmarksInDiscussion,
  listBookmarks,
  type PostRef,
  saveBookmark,
  setBookmark,
} from "./bookmarks.server";
export { bookmarkReminder, sendDueReminder } from "./reminders.server";

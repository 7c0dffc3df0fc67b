export {
  notifyBookmarkReminder,
  notifyComment,
  notifyDiscussion,
  notifyMember,
  notifyMentions,
  notifyPostAuthor,
  notifyStaff,
} from "./notification-fanout.server";
export { digestPreviewCandidates, type DigestPreview, previewDigest, sendAllDueDigests, sendDueDigests } from "./digest.server";
export { markMessageNotificationsRead, notifyMessage } from "./message-notifications.server";
export { endLiveStreams, NotificationLive, startNotificationLive } from "./notification-live.server";
export { mailAllDueNotifications, readUnsubscribeToken, unsubscribe, unsubscribeToken } from "./notification-mail.server";
export { getNotificationSettings, updateNotificationSettings } from "./notification-settings.server";
export { tagWatchLevelOf, watchedTags, watchTag } from "./tag-watches.server";
export {
  categoryWatchLevel,
  categoryWatchLevelOf,
  discussionWatchLevel,
  discussionWatchLevelOf,
  latestNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  markNotificationsReadHere,
  notificationView,
  notificationTexts,
  unreadCount,
  unreadCountOf,
  unreadNotificationsHereOf,
  watchCategory,
  watchDiscussion,
  watchSavedTitle,
  type NotificationView,
} from "./notifications.server";
export { addPushDevice, listPushDevices, removePushDevice } from "./push-devices.server";
export { deliverPush, PUSH_JOB, queueAllDuePushes, queueDuePushes } from "./push-delivery.server";
export { vapidKeys } from "./push-keys.server";

import { LIVE_STREAM_PATH } from "./live-thread";

/** Path constants, so links and redirects never drift apart. */
export const paths = {
  home: "/",
  auth: "/auth",
  /** JSON: a proof-of-work challenge for the sign-up form (app/routes/auth.challenge.ts). */
  signUpChallenge: "/auth/challenge",
  emailConfirmation: (email: string) => `/email-confirmation?email=${encodeURIComponent(email)}`,
  resetPassword: "/reset-password",
  pendingApproval: "/pending-approval",
  /** The second step of signing in: the code or recovery code, or a passkey (decision 0050). */
  secondFactorSignIn: "/auth/second-factor",
  /** JSON for the browser's passkey ceremonies (app/routes/auth.passkey.ts): ?ceremony=register or sign-in. */
  passkey: "/auth/passkey",
  /** Setting up a second factor: required for staff, a choice for members. */
  secondFactor: "/second-factor",
  signOut: "/auth/sign-out",
  theme: "/theme",
  members: "/members",
  /** JSON: approved members whose name starts like ?q (the @ suggestions). */
  memberSuggestions: "/members/suggestions",
  search: "/search",
  admin: "/admin",
  /** Watched words and domains, and the e-mail domains refused at sign-up (decision 0038). */
  adminWatchList: "/admin/watch-list",
  adminSynonyms: "/admin/synonyms",
  /** The operator's settings (admins), and one version's changes. */
  adminSettings: "/admin/settings",
  adminSettingsVersion: (version: number) => `/admin/settings?fassung=${version}#fassung`,
  createDiscussion: "/create-discussion",
  /** "Wurde das schon gefragt?": similar discussions for a title being written (members only). */
  similarDiscussions: "/create-discussion/similar",
  impressum: "/impressum",
  agb: "/agb",
  datenschutz: "/datenschutz",
  /** The cookie section of the privacy page, where 'Cookie-Einstellungen' leads without JavaScript. */
  cookieSection: { id: "cookies", href: "/datenschutz#cookies" },
  /** Notice of illegal content (DSA Art. 16, decision 0048): for anyone; `location` fills in the post's address. */
  legalNotice: "/legal-notice",
  legalNoticeFor: (location: string) => `/legal-notice?location=${encodeURIComponent(location)}`,
  /** Where the notifier's confirmation link leads. */
  legalNoticeConfirm: "/legal-notice/confirm",
  /** A statement of reasons to an author (DSA Art. 17), with the objection form. */
  statement: (id: string) => `/statement/${encodeURIComponent(id)}`,
  /** The operator's records of notices, decisions and objections (admins). */
  adminTransparency: "/admin/transparency",
  /** The digest mail any member would get, previewed (admins). */
  adminDigest: "/admin/digest",
  /** The same records as a CSV file (a resource route). */
  adminTransparencyCsv: "/admin/transparency.csv",
  notifications: "/notifications",
  /** The member's conversations (decision 0062): private, never cached. */
  messages: "/messages",
  /** A new conversation; `to` names its first members (the profile's "Nachricht senden"). */
  newMessage: "/messages/new",
  messageTo: (...memberIds: string[]) => `/messages/new?${memberIds.map((id) => `to=${encodeURIComponent(id)}`).join("&")}`,
  conversation: (id: string) => `/messages/${encodeURIComponent(id)}`,
  /** Where a conversation's draft is saved and discarded (app/routes/messages.draft.ts). */
  conversationDraft: (id: string) => `/messages/${encodeURIComponent(id)}/draft`,
  /** Blocking a member and the consent setting (app/routes/messages.settings.ts). */
  messageSettings: "/messages/settings",
  /** The member's bookmarks. */
  bookmarks: "/bookmarks",
  /** The review queue of the moderation team (decision 0030). */
  moderation: "/moderation",
  /** Server-sent events: the member's unread count, an open discussion's changes (server/live-stream.ts). */
  notificationsLive: LIVE_STREAM_PATH,
  /** JSON: the newest notifications for the bell's panel (app/routes/notifications.latest.ts). */
  notificationsLatest: "/notifications/latest",
  unsubscribe: (token: string) => `/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
  discussion: (slug: string) => `/discussion/${encodeURIComponent(slug)}`,
  /** The discussion as Markdown (app/routes/discussion.md.ts). */
  discussionMarkdown: (slug: string) => `/discussion/${encodeURIComponent(slug)}.md`,
  /** The discussion's share image (app/routes/discussion.share-image.ts). */
  discussionShareImage: (slug: string) => `/discussion/${encodeURIComponent(slug)}/share.png`,
  /** A member's way into a discussion at their first unread comment (app/routes/discussion.unread.ts). */
  discussionUnread: (slug: string) => `/discussion/${encodeURIComponent(slug)}/unread`,
  /** A post's earlier versions with what each edit changed (app/routes/discussion.revisions.tsx); a comment's by ?comment=. */
  discussionRevisions: (slug: string, commentId?: string) =>
    `/discussion/${encodeURIComponent(slug)}/revisions${commentId ? `?comment=${encodeURIComponent(commentId)}` : ""}`,
  /** Where drafts are saved and discarded (app/routes/drafts.ts). */
  drafts: "/drafts",
  profile: (id: string) => `/profile/${encodeURIComponent(id)}`,
  subforum: (segment: string) => `/subforum/${segment}`,
  category: (segment: string) => `/category/${segment}`,
  /** All tags with their counts ("Schlagwörter"). */
  tags: "/tags",
  /** One tag's discussions (app/routes/tag.tsx). */
  tag: (slug: string) => `/tags/${encodeURIComponent(slug)}`,
  /** The tag suggestions of the tag field (app/routes/tags.suggestions.ts). */
  tagSuggestions: "/tags/suggestions",
  /** Staff curate the tags (app/routes/admin.tags.tsx). */
  adminTags: "/admin/tags",
  /** Every month with discussions, each with its pages (app/routes/archive.tsx, decision 0058). */
  archive: "/archive",
  /** One Berlin month's discussions, oldest first ("2026-03"). */
  archiveMonth: (month: string) => `/archive/${month}`,
  /** A list page's RSS feed. */
  feedOf: (listPath: string) => `${listPath}/feed.xml`,
  searchFor: (query: string) => `/search?q=${encodeURIComponent(query)}`,
} as const;

/** Page 1 has no parameter, so every page of a list has exactly one URL. */
export function pageHref(basePath: string, page: number): string {
  if (page <= 1) return basePath;
  // A list filtered in its query (the directory's ?q=) keeps the filter and adds the page last.
  return `${basePath}${basePath.includes("?") ? "&" : "?"}page=${page}`;
}

/** `href` with one more query parameter, put before its fragment (a comment's permalink ends in one). */
export function withQuery(href: string, parameter: string): string {
  const hashAt = href.indexOf("#");
  const path = hashAt < 0 ? href : href.slice(0, hashAt);
  return `${path}${path.includes("?") ? "&" : "?"}${parameter}${hashAt < 0 ? "" : href.slice(hashAt)}`;
}

/** A comment's permalink: the page of its discussion that shows it (commentPageOf, commentPageSql), scrolled to it. */
export function commentPermalink(slug: string, page: number, commentId: string): string {
  return `${pageHref(paths.discussion(slug), page)}#comment-${commentId}`;
}

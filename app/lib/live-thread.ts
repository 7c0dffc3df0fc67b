/**
 * The live thread (decision record 0055): what an open discussion page learns from the live stream's `thread` events, for the
 * members' app and the guests' script alike. Only what every reader of the page sees: the visible replies, whether
 * it is solved, the sum of its "Hilfreich" marks and its last visible change.
 */
export interface ThreadState {
  replies: number;
  solved: boolean;
  helpful: number;
  changedAt: string;
}

/** The live stream (paths.notificationsLive); here too for the guest script, which does not carry all paths. */
export const LIVE_STREAM_PATH = "/notifications/live";

/** The query parameter of the live stream that adds a discussion's `thread` events. */
export const THREAD_PARAM = "discussion";

/** The live stream with a discussion's `thread` events. */
export function threadStreamUrl(slug: string): string {
  return `${LIVE_STREAM_PATH}?${THREAD_PARAM}=${encodeURIComponent(slug)}`;
}

/** The bar's words: "1 neue Antwort – anzeigen", "2 neue Antworten – anzeigen". */
export function newRepliesText(count: number): string {
  return `${count} ${count === 1 ? "neue Antwort" : "neue Antworten"} – anzeigen`;
}

/** A `thread` event's data, or null when it is not one (the stream is the server's, but a proxy may mangle it). */
export function parseThreadState(data: string): ThreadState | null {
  try {
    const value = JSON.parse(data) as Partial<ThreadState> | null;
    return value && typeof value.replies === "number" && typeof value.helpful === "number" && typeof value.changedAt === "string"
      ? { replies: value.replies, solved: value.solved === true, helpful: value.helpful, changedAt: value.changedAt }
      : null;
  } catch {
    return null;
  }
}

const COMMENTS = "article[id^='comment-']";

/** The comments a page shows (their element ids), taken before the bar loads the new ones. */
export function shownComments(scope: ParentNode = document): Set<string> {
  return new Set(Array.from(scope.querySelectorAll(COMMENTS), (element) => element.id));
}

/**
 * After the bar's click its button is gone: the focus goes to the first comment it brought, so that the keyboard
 * and a screen reader go on from what the reader asked to see. Without scrolling: the reader's place stays.
 */
export function focusFirstNewComment(before: Set<string>, scope: ParentNode = document): void {
  const first = Array.from(scope.querySelectorAll<HTMLElement>(COMMENTS)).find((element) => !before.has(element.id));
  if (!first) return;
  if (!first.hasAttribute("tabindex")) first.tabIndex = -1;
  first.focus({ preventScroll: true });
}

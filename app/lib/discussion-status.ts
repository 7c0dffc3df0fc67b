/**
 * The filter "Alle / Offen / Gelöst" of the category pages and the search:
 * a discussion is solved once an answer was accepted as its solution.
 * In the URL as `?status=open|solved`; "all" is the list without it.
 */
export const discussionStatuses = ["open", "solved"] as const;
export type DiscussionStatus = (typeof discussionStatuses)[number];

export const STATUS_PARAM = "status";

export const statusLabels: Record<DiscussionStatus | "all", string> = {
  all: "Alle",
  open: "Offen",
  solved: "Gelöst",
};

export function isDiscussionStatus(value: unknown): value is DiscussionStatus {
  return typeof value === "string" && (discussionStatuses as readonly string[]).includes(value);
}

/**
 * The status a list URL asks for: `undefined` for all, `null` when the
 * parameter is there but names no status (the page then leads to its URL
 * without it, as the search and the directory do with unknown values).
 */
export function readStatusParam(params: URLSearchParams): DiscussionStatus | undefined | null {
  if (!params.has(STATUS_PARAM)) return undefined;
  const value = params.get(STATUS_PARAM);
  return isDiscussionStatus(value) ? value : null;
}

/** A category page's URL for a status, its pages added by pageHref: `/subforum/seo?status=solved&page=2`. */
export function statusHref(listPath: string, status: DiscussionStatus | undefined): string {
  return status ? `${listPath}?${STATUS_PARAM}=${status}` : listPath;
}

/** How many discussions each choice of the filter shows. Open is what is visible and not solved. */
export interface StatusCounts {
  all: number;
  open: number;
  solved: number;
}

export function statusCounts(visible: number, solved: number): StatusCounts {
  // The two numbers come from different reads; a solution marked in between must not make "open" negative.
  const clampedSolved = Math.min(Math.max(solved, 0), Math.max(visible, 0));
  return { all: Math.max(visible, 0), open: Math.max(visible, 0) - clampedSolved, solved: clampedSolved };
}

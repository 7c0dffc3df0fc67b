export {
  blockedPostText,
  heldPostReasons,
  linkedHosts,
  normalizeDomain,
  normalizeWord,
  type PostFindings,
  type PostParts,
  type ScreenedPost,
  WatchList,
  type WatchedTerm,
} from "./matching.server";
export {
  blockedEmailText,
  currentWatchList,
  forgetWatchList,
  listWatchedTerms,
  screenPost,
  screenSignUpEmail,
  startWatchListListener,
  WATCHLIST_CHANNEL,
  type WatchedTermRow,
} from "./watchlist.server";

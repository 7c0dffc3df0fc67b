export { searchDiscussions, type SearchHit, type SearchResult } from "./search.server";
export { didYouMean } from "./suggestions.server";
export { refreshSearchWords, refreshSearchWordsSoon } from "./vocabulary.server";
export { MAX_TERMS, MAX_VARIANTS, Synonyms, termKey, type ExpandedQuery, type SynonymGroup } from "./expansion.server";
export {
  currentSynonyms,
  expandedTerms,
  forgetSynonyms,
  listSynonymGroups,
  startSynonymsListener,
  synonymsOf,
  SYNONYMS_CHANNEL,
  type SynonymGroupRow,
} from "./synonyms.server";
export {
  countSearch,
  normaliseSearchQuery,
  purgeSearchStatistics,
  recordSearch,
  SEARCH_STATS_DAYS,
  searchStatistics,
  type SearchCount,
  type SearchStatistics,
} from "./statistics.server";
export { findRelated, RELATED_COUNT, type RelatedSource, relatedDiscussions } from "./related.server";
export { significantWords, similarDiscussions, type SimilarDiscussion, type SimilarOptions } from "./similar.server";

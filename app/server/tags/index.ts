export {
  indexableTags,
  listTags,
  recountTags,
  recountTagsOf,
  resolveTags,
  setDiscussionTags,
  suggestTags,
  TAG_FIELD,
  TAG_SUGGESTION_LIMIT,
  tagAt,
  type TagDetail,
  tagsOfDiscussion,
} from "./tags.server";
export { type CuratedTag, deleteTag, describeTag, listTagsForCuration, mergeTag, renameTag } from "./curation.server";
export { tagEvents } from "./events.server";

export {
  changeRole,
  createUser,
  decideApproval,
  listManagedMembers,
  listPendingMembers,
  type ManagedMember,
  resetSecondFactor,
  secondFactorResetTexts,
} from "./admin.server";
export { adminEvents } from "./events.server";
export { addWatchedTerm, removeWatchedTerm } from "./watchlist.server";
export { siteSettingsTexts, updateSiteSettings, type SiteSettingsInput } from "./site-settings.server";
export { addSynonymGroup, removeSynonymGroup } from "./synonyms.server";

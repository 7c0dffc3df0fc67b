export { renderLegalMarkdown } from "./legal-markdown.server";
export {
  changeSummary,
  currentSiteSettings,
  defaultSiteSettings,
  forgetSiteSettings,
  listSiteSettingsVersions,
  mailSiteSettings,
  readStoredSettings,
  settingsChanges,
  siteIdentity,
  siteSettingsVersionDiff,
  SITE_SETTINGS_CHANNEL,
  startSiteSettingsListener,
  type CurrentSiteSettings,
  type DiffLine,
  type FieldChange,
  type SiteSettingsVersion,
} from "./site-settings.server";

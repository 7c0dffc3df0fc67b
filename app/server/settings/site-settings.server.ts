import { desc, eq, lt } from "drizzle-orm";
import { structuredPatch } from "diff";
import { siteSettingsVersions } from "../../../db/schema";
import { site } from "~/lib/site";
import {
  legalTextFields,
  siteSettingsLabels,
  siteSettingsSchema,
  type Office,
  type SiteIdentity,
  type SiteSettings,
} from "~/lib/schemas/settings";
import { db, keptCopy, type Database, type Transaction } from "~/server/db";
import { logger } from "~/server/platform";
import { defaultImprintText, defaultPrivacyText, defaultTermsText } from "./default-texts.server";
import { renderLegalMarkdown } from "./legal-markdown.server";

/**
 * The operator's settings (decision 0049): the newest row of site_settings_versions, or the defaults of a fresh
 * install (app/lib/site.ts and the texts the pages had as components). Every app server keeps them, with the legal
 * pages rendered, until the table's trigger says they changed (NOTIFY "site_settings", from any process); then it
 * drops them and, through the callbacks given to startSiteSettingsListener, its guests' page cache. A process that
 * does not listen (a script, a test) reads them on every use.
 */
export const SITE_SETTINGS_CHANNEL = "site_settings";

export const defaultSiteSettings: SiteSettings = {
  forumName: site.name,
  tagline: site.tagline,
  company: site.operator.company,
  offices: site.operator.offices.map(({ label, street, postalCode, city }) => ({ label, street, postalCode, city })),
  representatives: site.operator.representedBy,
  email: site.operator.email,
  phone: site.operator.phone,
  register: site.operator.register,
  vatId: site.operator.vatId,
  contentResponsible: site.operator.contentResponsible,
  dsaEmail: site.operator.email,
  dsaLanguages: "Deutsch und Englisch",
  imprintText: defaultImprintText,
  termsText: defaultTermsText,
  privacyText: defaultPrivacyText,
};

export interface CurrentSiteSettings {
  /** 0 for the defaults, which no one has saved yet. */
  version: number;
  settings: SiteSettings;
  /** The legal texts as the pages show them (sanitised HTML). */
  pages: { imprint: string; terms: string; privacy: string };
}

/**
 * A stored version as the schema reads it. A field that no longer passes (edited by hand in the database, or from
 * an older schema) falls back to its default rather than taking the Impressum down.
 */
export function readStoredSettings(stored: Record<string, unknown>): SiteSettings {
  const parsed = siteSettingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  logger.error(
    { fields: parsed.error.issues.map((issue) => issue.path.join(".")) },
    "stored site settings invalid; defaults used for those fields",
  );
  const settings = { ...defaultSiteSettings } as Record<keyof SiteSettings, unknown>;
  for (const key of Object.keys(siteSettingsSchema.shape) as Array<keyof SiteSettings>) {
    const field = siteSettingsSchema.shape[key].safeParse(stored[key]);
    if (field.success) settings[key] = field.data;
  }
  return settings as SiteSettings;
}

function withPages(version: number, settings: SiteSettings): CurrentSiteSettings {
  return {
    version,
    settings,
    pages: {
      imprint: renderLegalMarkdown(settings.imprintText, settings),
      terms: renderLegalMarkdown(settings.termsText, settings),
      privacy: renderLegalMarkdown(settings.privacyText, settings),
    },
  };
}

async function loadCurrent(executor: Database | Transaction): Promise<CurrentSiteSettings> {
  const [row] = await executor
    .select({ version: siteSettingsVersions.version, settings: siteSettingsVersions.settings })
    .from(siteSettingsVersions)
    .orderBy(desc(siteSettingsVersions.version))
    .limit(1);
  const current = row ? withPages(row.version, readStoredSettings(row.settings)) : withPages(0, defaultSiteSettings);
  latest = current;
  return current;
}

/** The last settings this process read, for what must answer at once (mailSiteSettings). */
let latest: CurrentSiteSettings | null = null;

// Read when listening starts, and again right after each change, so that a mail written right after it names the new
// forum (mailSiteSettings).
const keptSettings = keptCopy({
  channel: SITE_SETTINGS_CHANNEL,
  what: "site settings",
  load: loadCurrent,
  readAtStart: true,
  readAfterChange: true,
});

/**
 * Drops this process's copy and tells its caches that show the settings (the guest page cache); the next use reads
 * them again. Called when a change is heard, and by the writing service after its commit, so the administrator's
 * next page already shows the change.
 */
export function forgetSiteSettings(): void {
  keptSettings.forget();
}

/** The current settings: this process's copy while it listens for changes, otherwise read now. */
export function currentSiteSettings(executor?: Database | Transaction): Promise<CurrentSiteSettings> {
  return keptSettings.current(executor);
}

/**
 * What every page shows of the settings (app/lib/site-identity.ts). When they cannot be read again right after a
 * change (the database away), the frame names the forum as last read rather than failing every page with it.
 */
export async function siteIdentity(): Promise<SiteIdentity> {
  let settings: SiteSettings;
  try {
    settings = (await currentSiteSettings()).settings;
  } catch (error) {
    if (!latest) throw error;
    settings = latest.settings;
  }
  return { name: settings.forumName, tagline: settings.tagline, company: settings.company };
}

/**
 * What a mail's frame names (the forum, the company), without a read: the settings this process last read. An app
 * server reads them before its first request and again right after each change it hears; a script that never read
 * them names the defaults.
 */
export function mailSiteSettings(): Pick<SiteSettings, "forumName" | "company" | "email"> {
  const { forumName, company, email } = (latest ?? { settings: defaultSiteSettings }).settings;
  return { forumName, company, email };
}

/**
 * Starts listening for changes (an app server, before its first request) and reads the settings once. `callback`
 * runs after this process dropped its copy, whichever process changed them: the guest page cache is cleared there,
 * so a page rendered after it shows the new settings. The answer stops it.
 */
export function startSiteSettingsListener(callback: () => void): Promise<() => Promise<void>> {
  return keptSettings.listen(callback);
}

export interface SiteSettingsVersion {
  version: number;
  changedByName: string;
  summary: string;
  createdAt: Date;
}

/** The newest versions first, for the admin page. */
export async function listSiteSettingsVersions(limit = 20): Promise<SiteSettingsVersion[]> {
  return db
    .select({
      version: siteSettingsVersions.version,
      changedByName: siteSettingsVersions.changedByName,
      summary: siteSettingsVersions.summary,
      createdAt: siteSettingsVersions.createdAt,
    })
    .from(siteSettingsVersions)
    .orderBy(desc(siteSettingsVersions.version))
    .limit(limit);
}

export type DiffLine = { kind: "same" | "added" | "removed" | "gap"; text: string };
export interface FieldChange {
  field: keyof SiteSettings;
  label: string;
  lines: DiffLine[];
}

function officeLines(offices: Office[]): string {
  return offices.map((office) => `${office.label}: ${office.street}, ${office.postalCode} ${office.city}`).join("\n");
}

function asText(settings: SiteSettings, field: keyof SiteSettings): string {
  return field === "offices" ? officeLines(settings.offices) : String(settings[field]);
}

/** The fields that differ, each as a line diff (the legal texts with two lines of context around each change). */
export function settingsChanges(before: SiteSettings, after: SiteSettings): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(siteSettingsLabels) as Array<keyof SiteSettings>) {
    const old = asText(before, field);
    const now = asText(after, field);
    if (old === now) continue;
    const patch = structuredPatch("", "", `${old}\n`, `${now}\n`, undefined, undefined, {
      context: (legalTextFields as readonly string[]).includes(field) ? 2 : 0,
    });
    const lines: DiffLine[] = [];
    patch.hunks.forEach((hunk, index) => {
      if (index > 0 || hunk.oldStart > 1) lines.push({ kind: "gap", text: "…" });
      for (const line of hunk.lines) {
        if (line.startsWith("\\")) continue;
        lines.push({ kind: line[0] === "+" ? "added" : line[0] === "-" ? "removed" : "same", text: line.slice(1) });
      }
    });
    changes.push({ field, label: siteSettingsLabels[field], lines });
  }
  return changes;
}

/** The German names of what changed, for the version list and the audit log. */
export function changeSummary(changes: FieldChange[]): string {
  return changes.map((change) => change.label).join(", ");
}

/** One version with what it changed against the one before it (the defaults for the first); null when there is none. */
export async function siteSettingsVersionDiff(version: number): Promise<(SiteSettingsVersion & { changes: FieldChange[] }) | null> {
  const [row] = await db.select().from(siteSettingsVersions).where(eq(siteSettingsVersions.version, version));
  if (!row) return null;
  const [previous] = await db
    .select({ settings: siteSettingsVersions.settings })
    .from(siteSettingsVersions)
    .where(lt(siteSettingsVersions.version, version))
    .orderBy(desc(siteSettingsVersions.version))
    .limit(1);
  const before = previous ? readStoredSettings(previous.settings) : defaultSiteSettings;
  return {
    version: row.version,
    changedByName: row.changedByName,
    summary: row.summary,
    createdAt: row.createdAt,
    changes: settingsChanges(before, readStoredSettings(row.settings)),
  };
}

import { desc } from "drizzle-orm";
import { siteSettingsVersions } from "../../../db/schema";
import { legalTextFields, siteSettingsSchema, type SiteSettings } from "~/lib/schemas/settings";
import { paths } from "~/lib/paths";
import { can, type Viewer } from "~/server/accounts";
import { defineService } from "~/server/db";
import { recordAudit } from "~/server/moderation";
import { fail, ok } from "~/server/platform";
import {
  changeSummary,
  defaultSiteSettings,
  forgetSiteSettings,
  readStoredSettings,
  settingsChanges,
  type FieldChange,
} from "~/server/settings";
import { adminEvents } from "./events.server";

export type SiteSettingsInput = SiteSettings & { baseVersion: number };

export const siteSettingsTexts = {
  adminsOnly: "Die Betreiberdaten und Rechtstexte dürfen nur Administratorinnen und Administratoren ändern.",
  unchanged: "Sie haben nichts geändert: Es gibt keine neue Fassung zu speichern.",
  failed: "Einstellungen nicht gespeichert",
  conflict: (name: string, version: number) =>
    `${name} hat die Einstellungen inzwischen geändert (Fassung ${version}). Bitte laden Sie die Seite neu und tragen Sie Ihre Änderung dort ein.`,
} as const;

/** What the legal pages show besides their own text: the company data on the Impressum, the names in the placeholders. */
const pagesOfField: Record<keyof SiteSettings, string[]> = {
  forumName: [paths.home, paths.impressum, paths.agb, paths.datenschutz],
  tagline: [paths.home],
  company: [paths.impressum, paths.agb, paths.datenschutz],
  offices: [paths.impressum],
  representatives: [paths.impressum],
  email: [paths.impressum],
  phone: [paths.impressum],
  register: [paths.impressum],
  vatId: [paths.impressum],
  contentResponsible: [paths.impressum],
  dsaEmail: [paths.impressum],
  dsaLanguages: [paths.impressum],
  imprintText: [paths.impressum],
  termsText: [paths.agb],
  privacyText: [paths.datenschutz],
};

/** The audit entry's details: each short field as "alt → neu", a legal text by its name (its diff is on the page). */
function auditDetails(changes: FieldChange[]): string {
  return changes
    .map((change) => {
      if ((legalTextFields as readonly string[]).includes(change.field) || change.field === "offices") return `${change.label} geändert`;
      const before = change.lines
        .filter((line) => line.kind === "removed")
        .map((line) => line.text)
        .join(" ");
      const after = change.lines
        .filter((line) => line.kind === "added")
        .map((line) => line.text)
        .join(" ");
      return `${change.label}: ${before} → ${after}`;
    })
    .join("; ")
    .slice(0, 2_000);
}

type Loaded = { version: number; changedByName: string; settings: SiteSettings };

/**
 * An administrator saves the settings as a new version, with its audit entry. The form carries the version it was
 * opened on: when another administrator saved in between, this save is refused (409) rather than silently undoing
 * theirs; of two saves at the same moment the version's primary key lets one through. After the commit this process
 * drops its copy (and its guest page cache) at once; the table's trigger tells every other process.
 */
export const updateSiteSettings = defineService<Viewer, SiteSettingsInput, Loaded, { version: number }>({
  policy: (actor) => can(actor, "editSiteSettings"),
  load: async (tx) => {
    const [row] = await tx
      .select({
        version: siteSettingsVersions.version,
        changedByName: siteSettingsVersions.changedByName,
        settings: siteSettingsVersions.settings,
      })
      .from(siteSettingsVersions)
      .orderBy(desc(siteSettingsVersions.version))
      .limit(1)
      .for("update");
    return row
      ? { version: row.version, changedByName: row.changedByName, settings: readStoredSettings(row.settings) }
      : { version: 0, changedByName: "", settings: defaultSiteSettings };
  },
  authorize: (_actor, loaded, input) =>
    loaded.version === input.baseVersion || fail("conflict", siteSettingsTexts.conflict(loaded.changedByName, loaded.version)),
  async change(tx, { actor, input, loaded }) {
    const { baseVersion: _baseVersion, ...typed } = input;
    // What is stored is what every reader parses: checked here too, whoever calls (a script, the demo).
    const parsed = siteSettingsSchema.safeParse(typed);
    if (!parsed.success) return fail("invalid", parsed.error.issues[0]?.message);
    const settings = parsed.data;
    const changes = settingsChanges(loaded.settings, settings);
    if (changes.length === 0) return fail("invalid", siteSettingsTexts.unchanged);
    const version = loaded.version + 1;
    const summary = changeSummary(changes);
    const [row] = await tx
      .insert(siteSettingsVersions)
      .values({
        version,
        settings,
        changedBy: actor.id,
        changedByName: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
        summary,
      })
      .onConflictDoNothing()
      .returning({ version: siteSettingsVersions.version });
    if (!row) return fail("conflict", siteSettingsTexts.conflict("Jemand anderes", version));
    await recordAudit(tx, actor, {
      action: "update-site-settings",
      targetType: "site-settings",
      targetId: String(version),
      targetLabel: `Fassung ${version}: ${summary}`,
      details: auditDetails(changes),
    });
    const changedPaths = [...new Set(changes.flatMap((change) => pagesOfField[change.field]))];
    await adminEvents.emit(tx, "site-settings.changed", { version, changedPaths });
    return ok({ version });
  },
  after: async () => forgetSiteSettings(),
});

import { and, eq } from "drizzle-orm";
import { auditLog, siteSettingsVersions } from "../../../db/schema";
import { findViewer } from "~/server/accounts";
import { updateSiteSettings } from "~/server/admin";
import type { Database } from "~/server/db";
import { defaultSiteSettings } from "~/server/settings";
import { DAY } from "./demo-time.server";

const analysisParagraph =
  "Das Forum setzt derzeit keine Analyse- oder Marketing-Werkzeuge ein und lädt keine Skripte oder Schriftarten von Drittanbietern.";

/**
 * The operator's settings in the demo (decision 0049), written through the service by the administrator: an earlier
 * Datenschutzerklärung (as of October, without the sentence on analysis tools), then today's, so /admin/settings
 * lists two versions with their diffs while every page shows the defaults of a fresh install.
 */
export async function seedSettingsDemo(db: Database, adminId: string, now: Date): Promise<void> {
  const admin = await findViewer(adminId);
  if (!admin) throw new Error("Demo-Inhalt: kein Administrator für die Betreiberdaten");
  const paragraph = defaultSiteSettings.privacyText.split("\n\n").find((part) => part.startsWith(analysisParagraph));
  if (!paragraph) throw new Error("Demo-Inhalt: der Absatz über Analyse-Werkzeuge fehlt in der Datenschutzerklärung");
  const earlier = defaultSiteSettings.privacyText.replace(`${paragraph}\n\n`, "").replace("Stand: November 2026", "Stand: Oktober 2026");
  const versions = [
    { settings: { ...defaultSiteSettings, privacyText: earlier }, daysAgo: 24 },
    { settings: defaultSiteSettings, daysAgo: 3 },
  ];
  for (const [index, { settings, daysAgo }] of versions.entries()) {
    const saved = await updateSiteSettings(admin, { ...settings, baseVersion: index });
    if (!saved.ok) throw new Error(`Demo-Inhalt: Betreiberdaten nicht gespeichert (${saved.message ?? saved.reason})`);
    // Dated like the rest of the demo: the version and its audit entry, as if saved then.
    const at = new Date(now.getTime() - daysAgo * DAY);
    await db.update(siteSettingsVersions).set({ createdAt: at }).where(eq(siteSettingsVersions.version, saved.value.version));
    await db
      .update(auditLog)
      .set({ createdAt: at })
      .where(and(eq(auditLog.action, "update-site-settings"), eq(auditLog.targetId, String(saved.value.version))));
  }
}

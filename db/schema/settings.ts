import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./shared";
import { profiles } from "./accounts";

/**
 * The operator's settings (app/server/settings, decision 0049): every change is a new row with the whole settings
 * as they are after it, so the newest row is what the pages show and each version's diff is the one before it
 * against it. No row: the defaults of app/lib/site.ts. The table's trigger NOTIFYs "site_settings" at commit; each
 * app server then drops its copy of the settings and its guest page cache.
 */
export const siteSettingsVersions = pgTable(
  "site_settings_versions",
  {
    /** 1, 2, 3 …: the primary key makes a second save on the same base version fail, not overwrite. */
    version: integer("version").primaryKey(),
    /** The settings as app/lib/schemas/settings.ts parses them. */
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull(),
    changedBy: text("changed_by").references(() => profiles.id, { onDelete: "set null" }),
    /** Copied in, so the version still says who after the account is gone. */
    changedByName: text("changed_by_name").notNull(),
    /** The German names of the fields that changed ("Umsatzsteuer-ID, AGB"). */
    summary: text("summary").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("site_settings_versions_version_check", sql`${t.version} > 0`)],
);

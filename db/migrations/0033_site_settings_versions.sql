CREATE TABLE "site_settings_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"changed_by" text,
	"changed_by_name" text NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_versions_version_check" CHECK ("site_settings_versions"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "site_settings_versions" ADD CONSTRAINT "site_settings_versions_changed_by_profiles_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every app server keeps the current settings (app/server/settings) and the guests' pages that show them: when it
-- hears "site_settings" it drops both, the settings first (server/app-server.ts). At commit, from whichever process,
-- script or console changed the table; a rolled-back change says nothing.
CREATE FUNCTION "site_settings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('site_settings', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "site_settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION "site_settings_changed"();

/**
 * `npm run backup [-- <Ordner oder Datei.tar.gz>]`: one file with the database, the generated signing secret
 * and the local uploads, in ./backups by default. With the embedded database it works while the server runs:
 * the server copies its own database (decision 0025).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup, describeCounts, settingsFromEnvironment } from "./lib/backup";

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length > 1) {
    console.error("Aufruf: npm run backup [-- <Zielordner oder Datei.tar.gz>]");
    process.exitCode = 1;
    return;
  }
  const settings = settingsFromEnvironment();
  console.log(settings.databaseUrl ? "Sichere die PostgreSQL-Datenbank …" : `Sichere die eingebettete Datenbank in ${settings.dataDir} …`);
  const result = await createBackup(settings, positionals[0]);
  const { manifest } = result;
  const mb = (result.bytes / 1024 / 1024).toLocaleString("de-DE", { maximumFractionDigits: 1 });
  const seconds = (result.ms / 1000).toLocaleString("de-DE", { maximumFractionDigits: 1 });
  console.log(`Sicherung geschrieben: ${shortPath(result.file)} (${mb} MB in ${seconds} s)`);
  console.log(`  Datenbank: ${describeCounts(manifest.counts)}${result.fromRunningServer ? " (vom laufenden Server kopiert)" : ""}`);
  console.log(
    manifest.uploads === "included"
      ? `  Hochgeladene Dateien: ${manifest.uploadFiles}`
      : "  Hochgeladene Dateien liegen im S3-Bucket und sind nicht enthalten: sichern Sie den Bucket getrennt.",
  );
  console.log(
    {
      included: "  Signierschlüssel: enthalten (die Datei ist so vertraulich wie die Datenbank)",
      environment: "  Signierschlüssel: AUTH_SECRET aus der Umgebung, nicht enthalten; bewahren Sie ihn getrennt auf.",
      none: "  Signierschlüssel: keiner vorhanden",
    }[manifest.authSecret],
  );
}

/** Inside the working folder relative to it, elsewhere absolute. */
function shortPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative;
}

main().catch((error: unknown) => {
  console.error(`Sicherung fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});

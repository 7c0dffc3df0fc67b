/**
 * `npm run restore -- <Datei.tar.gz> [--yes]`: puts a backup of `npm run backup` back, after saving the
 * current state into ./backups. With the embedded database the server must be stopped (decision 0025).
 */
import fs from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import {
  describeCounts,
  kindName,
  otherDatabaseSessions,
  readManifest,
  restoreBackup,
  restoreObstacles,
  settingsFromEnvironment,
} from "./lib/backup";

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { yes: { type: "boolean", short: "y" } } });
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    console.error("Aufruf: npm run restore -- <Sicherung.tar.gz> [--yes]");
    const recent = fs.existsSync("backups")
      ? fs
          .readdirSync("backups")
          .filter((name) => name.endsWith(".tar.gz"))
          .sort()
          .slice(-5)
      : [];
    if (recent.length > 0) console.error(`Neueste Sicherungen in backups/:\n${recent.map((name) => `  backups/${name}`).join("\n")}`);
    process.exitCode = 1;
    return;
  }
  const settings = settingsFromEnvironment();
  const manifest = await readManifest(path.resolve(file));
  const obstacles = restoreObstacles(settings, manifest);
  if (obstacles.length > 0) {
    console.error(obstacles.join("\n"));
    process.exitCode = 1;
    return;
  }

  const created = new Date(manifest.createdAt).toLocaleString("de-DE", { dateStyle: "medium", timeStyle: "short" });
  console.log(`Sicherung vom ${created} (Forum ${manifest.appVersion}):`);
  console.log(`  Datenbank: ${kindName(manifest.database)}, ${describeCounts(manifest.counts)}`);
  if (manifest.uploads === "included") console.log(`  Hochgeladene Dateien: ${manifest.uploadFiles}`);
  console.log("Sie ersetzt die Datenbank, den erzeugten Signierschlüssel und die hochgeladenen Dateien dieser Installation.");
  console.log("Der jetzige Stand wird vorher in backups/ gesichert.");
  if (settings.databaseUrl) {
    const others = await otherDatabaseSessions(settings.databaseUrl);
    if (others > 0) {
      console.log(
        `Achtung: ${others} weitere Verbindungen zur Datenbank sind offen. Laufende App-Server zeigen nach der ` +
          "Wiederherstellung bis zu einer Minute lang alte Seiten aus ihrem Zwischenspeicher; beenden Sie sie besser vorher.",
      );
    }
  }
  if (!values.yes && !(await confirm())) {
    console.log("Abgebrochen; nichts wurde verändert.");
    process.exitCode = 1;
    return;
  }

  const result = await restoreBackup(settings, file);
  if (result.safetyBackup) console.log(`Voriger Stand gesichert: ${path.relative(process.cwd(), result.safetyBackup)}`);
  console.log(`Wiederhergestellt: ${describeCounts(result.counts)}`);
  if (manifest.uploads === "included" && result.uploadsSkipped === 0) console.log(`  Hochgeladene Dateien: ${result.uploadFiles}`);
  if (result.uploadsSkipped > 0) {
    console.log(
      `  Die ${result.uploadsSkipped} hochgeladenen Dateien der Sicherung wurden nicht zurückgespielt: Diese Installation ` +
        "speichert Uploads in einem S3-Bucket.",
    );
  }
  if (manifest.uploads === "bucket") console.log("  Hochgeladene Dateien liegen im S3-Bucket; die Sicherung enthält sie nicht.");
  if (manifest.authSecret === "environment" && !settings.authSecretFromEnvironment) {
    console.log(
      "  Die Sicherung wurde mit AUTH_SECRET aus der Umgebung erstellt. Setzen Sie denselben Wert auch hier, sonst sind alle " +
        "Mitglieder abgemeldet und verschickte Links ungültig.",
    );
  }
  if (manifest.authSecret === "included" && settings.authSecretFromEnvironment) {
    console.log("  Der gesicherte Signierschlüssel liegt wieder im Datenordner; es gilt aber AUTH_SECRET aus der Umgebung.");
  }
  console.log("Starten Sie den Server jetzt (neu).");
}

async function confirm(): Promise<boolean> {
  if (!process.stdin.isTTY) {
    console.error("Ohne Terminal bestätigen Sie die Wiederherstellung mit --yes.");
    return false;
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question("Fortfahren? (ja/nein) ");
    return /^(j|ja|y|yes)$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Wiederherstellung fehlgeschlagen: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});

/**
 * `npm run admin:create -- --email a@b.de --password geheim123 --name "Vorname Nachname"`
 * Creates an approved administrator, or promotes an existing account. Idempotent.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { closeDatabase, db } from "~/server/db";
import { ensureAdmin } from "~/server/accounts";

const argsSchema = z.object({
  email: z.email("--email: gültige E-Mail-Adresse erforderlich"),
  password: z.string().min(6, "--password: mindestens 6 Zeichen"),
  name: z.string().trim().min(1, "--name: erforderlich"),
});

async function main() {
  const { values } = parseArgs({
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => issue.message).join("\n"));
    console.error('Aufruf: npm run admin:create -- --email <E-Mail> --password <Passwort> --name "<Vorname Nachname>"');
    process.exitCode = 1;
    return;
  }
  const [firstName = "", ...rest] = parsed.data.name.split(/\s+/);
  const result = await ensureAdmin(db, {
    email: parsed.data.email,
    password: parsed.data.password,
    firstName,
    lastName: rest.join(" "),
  });
  console.log(
    result.created
      ? `Administrator ${parsed.data.email} angelegt.`
      : `${parsed.data.email} ist jetzt freigeschalteter Administrator (Passwort unverändert).`,
  );
}

try {
  await main();
} finally {
  await closeDatabase();
}

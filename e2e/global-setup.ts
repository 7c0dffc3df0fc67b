import fs from "node:fs";
import path from "node:path";
import { startSmtpCapture } from "../tests/support/smtp-capture";
import { E2E_MAIL_DIR, E2E_SMTP_PORT, E2E_STORAGE_DIR } from "./mail";

/** A real SMTP server for the e2e run; every received mail becomes a JSON file the tests read. */
export default async function globalSetup() {
  fs.rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  fs.rmSync(E2E_STORAGE_DIR, { recursive: true, force: true });
  fs.mkdirSync(E2E_MAIL_DIR, { recursive: true });
  // Written beside the folder and renamed into it: a test polling the folder never reads a half-written mail (a
  // mail read mid-write once failed a run with "Unexpected end of JSON input").
  const writing = `${E2E_MAIL_DIR}.writing`;
  fs.rmSync(writing, { recursive: true, force: true });
  fs.mkdirSync(writing, { recursive: true });
  let counter = 0;
  const smtp = await startSmtpCapture(E2E_SMTP_PORT, (mail) => {
    counter += 1;
    const name = `${Date.now()}-${counter}.json`;
    fs.writeFileSync(path.join(writing, name), JSON.stringify({ ...mail, raw: undefined, listHeaders: listHeadersOf(mail.raw) }));
    fs.renameSync(path.join(writing, name), path.join(E2E_MAIL_DIR, name));
  });
  return () => smtp.close();
}

/** The List-* headers of a mail (RFC 2369/8058), unfolded: the notification mails' one-click unsubscribe. */
function listHeadersOf(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const match = /^(List-[\w-]+):\s*(.*)$/i.exec(line);
    if (match) headers[match[1]!] = match[2]!;
  }
  return headers;
}

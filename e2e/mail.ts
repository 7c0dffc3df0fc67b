import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import type { CapturedMail } from "../tests/support/smtp-capture";

export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const E2E_MAIL_DIR = path.resolve(".e2e-mail");
/** Uploads of the e2e server (avatars), so tests can check that removed files are gone. */
export const E2E_STORAGE_DIR = path.resolve(".e2e-storage");

/** The newest mail of this kind to this address that arrived after `since`, if one has. */
function newestMail(to: string, kind: string, since: number): CapturedMail | undefined {
  const files = fs.existsSync(E2E_MAIL_DIR) ? fs.readdirSync(E2E_MAIL_DIR).sort() : [];
  for (const file of files.reverse()) {
    if (Number(file.split("-")[0]) < since) continue;
    const mail = JSON.parse(fs.readFileSync(path.join(E2E_MAIL_DIR, file), "utf8")) as CapturedMail;
    if (mail.kind === kind && mail.to.includes(to.toLowerCase())) return mail;
  }
  return undefined;
}

/** Waits for the newest mail of this kind to this address that arrived after `since`. */
export async function waitForMail(to: string, kind: string, since: number, timeoutMs = 10_000): Promise<CapturedMail> {
  await expect
    .poll(() => newestMail(to, kind, since) !== undefined, { message: `a ${kind} mail to ${to}`, timeout: timeoutMs, intervals: [100] })
    .toBe(true);
  return newestMail(to, kind, since)!;
}

export { linkIn } from "../tests/support/smtp-capture";

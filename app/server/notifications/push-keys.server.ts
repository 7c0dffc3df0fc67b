import webpush from "web-push";
import { pushKeys } from "../../../db/schema";
import { db } from "~/server/db";
import { env } from "~/server/platform";

/** The application server's identity toward push services (RFC 8292): a P-256 key pair, base64url, and a contact. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * Whom a push service may contact about our messages: VAPID_SUBJECT, else the public https address, else the
 * sender address of our mails (a push service refuses a subject that is neither mailto: nor https:).
 */
function vapidSubject(): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (env.PUBLIC_URL.startsWith("https://") && env.isPublicHost) return env.PUBLIC_URL;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

let keysOnce: Promise<VapidKeys> | undefined;

/**
 * The site's VAPID keys (decision 0060): the operator's from the environment, or the pair in the database, made by
 * the first server that asks and read by all others. A browser's subscription is bound to the public key, so every
 * app server must sign with the same pair, and a restore must bring it back (the backup's dump carries the row).
 */
export function vapidKeys(): Promise<VapidKeys> {
  keysOnce ??= (async () => {
    const subject = vapidSubject();
    if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
      return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
    const made = webpush.generateVAPIDKeys();
    // Two servers at their first start: the first insert wins, both read the same row.
    await db.insert(pushKeys).values({ id: true, publicKey: made.publicKey, privateKey: made.privateKey }).onConflictDoNothing();
    const [row] = await db.select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey }).from(pushKeys);
    if (!row) throw new Error("VAPID keys missing after insert");
    return { ...row, subject };
  })();
  // A failed read (database away) is tried again by the next caller.
  keysOnce.catch(() => (keysOnce = undefined));
  return keysOnce;
}

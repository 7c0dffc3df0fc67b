/**
 * The three reasons the forum answers 503, each with a time to come back: the
 * database cannot be reached, it cannot store anything (disk full, read-only),
 * or more requests wait than the server can answer in time (load shedding,
 * server/pipeline.ts).
 *
 * Errors that say the database cannot be reached (stopped, restarting, out
 * of connections), as opposed to a fault of ours. A request that meets one is
 * answered with a 503 and Retry-After, in German, not with a 500: the visitor
 * may try again in a minute, and a crawler keeps the page.
 */
import type { IncomingMessage } from "node:http";
import accepts from "accepts";

/** Node's own codes for a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's SQLSTATEs: class 08 (connection exception), 57P01–57P03 (the
 * server shuts down or is starting: "terminating connection due to
 * administrator command", "the database system is starting up") and 53300
 * (too many connections).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300";
}

/** node-postgres says so in words only. */
const LOST_CONNECTION_TEXTS = [
  "Connection terminated",
  "Client was closed and is not queryable",
  "Client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
  "Cannot use a pool after calling end on the pool",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error ("Failed query: …") and keeps it as the cause.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || (/^[0-9A-Z]{5}$/.test(code) && isUnavailableState(code)))) return true;
    if (typeof message === "string" && LOST_CONNECTION_TEXTS.some((text) => message.includes(text))) return true;
    current = cause;
  }
  return false;
}

/**
 * The database answers but cannot store: disk_full (53100), a read-only
 * transaction (25006: a standby, default_transaction_read_only) or an I/O
 * error (58030). A read-only file system under PGlite arrives as a
 * permission error whose text names it.
 */
const STORAGE_STATES = new Set(["53100", "25006", "58030"]);
const STORAGE_TEXTS = ["No space left on device", "Read-only file system"];

export function isStorageFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && STORAGE_STATES.has(code)) return true;
    if (typeof message === "string" && STORAGE_TEXTS.some((text) => message.includes(text))) return true;
    current = cause;
  }
  return false;
}

/**
 * The file system's codes for a folder that cannot take a file: read-only (EROFS), full (ENOSPC), over its
 * quota (EDQUOT), or not the server's to write (EACCES, EPERM).
 */
const UNWRITABLE_FOLDER_CODES = new Set(["EROFS", "ENOSPC", "EDQUOT", "EACCES", "EPERM"]);

/**
 * An upload the storage folder could not take (storage.server.ts throws it with the file system's error as its
 * cause). The forum cannot store, and says so as for a database that cannot; the database itself is fine, so the
 * health check's record of the database's failures leaves it out.
 */
export class FolderCannotStore extends Error {
  constructor(cause: unknown) {
    super(`the storage folder cannot take a file (${(cause as { code?: unknown }).code})`, { cause });
    this.name = "FolderCannotStore";
  }
}

/** Whether a file-system error says the folder cannot take a file (as opposed to a fault of ours, a bad key say). */
export function isUnwritableFolder(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && UNWRITABLE_FOLDER_CODES.has(code);
}

export type Fault = "database" | "storage";

let lastStorageFailureAt = 0;

/**
 * Which fault of the database (or the storage folder) an error is, if any. A database's storage failure is
 * remembered for the health check (healthz.ts): a write that fits into a page
 * already on disk may still succeed while every new comment fails.
 */
export function faultOf(error: unknown): Fault | null {
  if (error instanceof FolderCannotStore) return "storage";
  if (isDatabaseUnavailable(error)) return "database";
  if (!isStorageFailure(error)) return null;
  lastStorageFailureAt = Date.now();
  return "storage";
}

/** When this process last failed to store something (0: never). */
export function lastStorageFailure(): number {
  return lastStorageFailureAt;
}

type Reason = Fault | "overload";

const retryAfterSeconds: Record<Reason, number> = { database: 60, storage: 300, overload: 5 };

export const unavailableTexts: Record<Reason, string> = {
  database: "Das Forum ist gerade nicht erreichbar. Bitte versuchen Sie es in einer Minute erneut.",
  storage: "Das Forum kann gerade keine Änderungen speichern. Bitte versuchen Sie es in einigen Minuten erneut.",
  overload: "Das Forum ist gerade überlastet. Bitte versuchen Sie es in wenigen Sekunden erneut.",
};

/** Seconds a client should wait before it tries again, sent as Retry-After. */
export function retryAfterOf(reason: Reason): number {
  return retryAfterSeconds[reason];
}

/**
 * Whether a 503 goes out as a whole page: a browser's document request (not
 * React Router's data requests, which read their own format) that takes HTML
 * rather than text, as Express's `req.accepts` negotiates (the same package), so
 * the pipeline and the stand-in of wait-for-database.ts answer alike.
 */
export function wantsPage(request: IncomingMessage): boolean {
  const path = (request.url ?? "/").split("?")[0]!;
  const takesHtml = accepts(request).type(["html", "text"]) === "html";
  return (request.method === "GET" || request.method === "POST") && !path.endsWith(".data") && takesHtml;
}

/**
 * The answer of a 503: for a document request a whole page, made without the
 * database and without the app's scripts, so it renders whatever else is
 * down; otherwise the text. Never stored, never indexed.
 */
export function unavailableResponse(reason: Reason, document: boolean): Response {
  const text = unavailableTexts[reason];
  const headers = {
    "Retry-After": String(retryAfterSeconds[reason]),
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
    "Content-Type": document ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
  };
  if (!document) return new Response(text, { status: 503, headers });
  const page = `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Vorübergehend nicht erreichbar</title>
<style>
body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;background:#fff;color:#1c1917}
main{max-width:36rem;padding:1.5rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .75rem}
a{color:#c2410c;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#1c1917;color:#f5f5f4}a{color:#fb923c}}
</style>
</head>
<body>
<main>
<h1>Vorübergehend nicht erreichbar</h1>
<p>${text}</p>
<p><a href="/">Zur Startseite</a></p>
</main>
</body>
</html>
`;
  return new Response(page, { status: 503, headers });
}

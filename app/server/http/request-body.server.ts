import type { IncomingMessage } from "node:http";
import { data } from "react-router";

/**
 * Request bodies: how large they may be, how a form is read, and what a
 * client hears when its request cannot be processed. A broken request is the
 * client's fault and gets a 4xx with a German message, never a 500.
 */
export const requestErrorTexts = {
  invalid: "Die Anfrage ist ungültig.",
  tooLarge: "Die Anfrage ist zu groß.",
  lengthRequired: "Die Anfrage muss ihre Länge (Content-Length) angeben.",
  unsupportedFormat: "Das Format der Anfrage wird nicht unterstützt. Bitte senden Sie das Formular erneut.",
  headersTooLarge: "Die Adresse oder die Kopfzeilen der Anfrage sind zu groß.",
  timeout: "Die Anfrage hat zu lange gedauert.",
  tooManyAtOnce: "Von Ihrer Adresse kommen gerade zu viele Anfragen gleichzeitig. Bitte versuchen Sie es in einigen Sekunden erneut.",
  notFound: "Nicht gefunden.",
  methodNotAllowed: "Diese Anfragemethode wird nicht unterstützt.",
} as const;

/**
 * Every form of the forum fits easily: the longest field is a discussion of
 * 50,000 characters, which even percent-encoded stays below 600 KB.
 */
export const MAX_FORM_BODY_BYTES = 1024 * 1024;

/**
 * The profile page takes avatar uploads, /images the editor's images (10 MB,
 * decision 0033). Each answers a file that is too large itself, in German and
 * in the shape its form expects, so the general guard only has to stop what
 * neither would ever send.
 */
export const MAX_UPLOAD_BODY_BYTES = 16 * 1024 * 1024;

/**
 * A refused body is still read up to this size before the answer goes out:
 * a client that is cut off mid-upload sees a reset, not our 413. Beyond it
 * the connection is closed; nobody sends that much by mistake.
 */
export const MAX_DRAIN_BYTES = MAX_UPLOAD_BODY_BYTES;

const UPLOAD_PATH = /^\/(?:profile\/[^/]+(?:\.data)?|images)\/?$/;

export function bodyLimitFor(pathname: string): number {
  return UPLOAD_PATH.test(pathname) ? MAX_UPLOAD_BODY_BYTES : MAX_FORM_BODY_BYTES;
}

export type RequestHeadVerdict = { ok: true } | { ok: false; status: 400 | 411 | 413; message: string };

/**
 * What can be decided from the request line and headers alone, before a byte
 * of the body is read.
 */
export function checkRequestHead(request: {
  url: string;
  contentLength: string | undefined;
  transferEncoding: string | undefined;
}): RequestHeadVerdict {
  // A NUL byte has no place in any of our URLs, and PostgreSQL cannot even compare text with one.
  if (/%00/i.test(request.url)) return { ok: false, status: 400, message: requestErrorTexts.invalid };
  // Without a length the size is only known after reading it all; browsers always send one for forms.
  if (request.transferEncoding !== undefined && request.contentLength === undefined) {
    return { ok: false, status: 411, message: requestErrorTexts.lengthRequired };
  }
  if (request.contentLength !== undefined) {
    const length = Number(request.contentLength);
    if (!Number.isSafeInteger(length) || length < 0) return { ok: false, status: 400, message: requestErrorTexts.invalid };
    const pathname = request.url.split("?", 1)[0]!;
    if (length > bodyLimitFor(pathname)) return { ok: false, status: 413, message: requestErrorTexts.tooLarge };
  }
  return { ok: true };
}

/**
 * Reads and throws away what is left of a request body, up to `limit` bytes.
 * A client that is still uploading when the answer comes otherwise either
 * stalls (nobody reads) or sees a reset instead of the answer (socket closed).
 * Resolves true once the body has ended, false when it went over the limit
 * or the client went away.
 */
export function drainRequest(req: IncomingMessage, limit: number): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (drained: boolean) => {
      req.off("data", count);
      req.off("end", ended);
      req.off("error", failed);
      req.off("close", closed);
      resolve(drained);
    };
    const count = (chunk: Buffer) => {
      read += chunk.byteLength;
      if (read > limit) {
        req.pause();
        finish(false);
      }
    };
    const ended = () => finish(true);
    const failed = () => finish(false);
    const closed = () => finish(req.complete);
    // Whoever read the body before (the app's request stream) is done with it.
    req.removeAllListeners("data");
    req.on("data", count);
    req.once("end", ended);
    req.once("error", failed);
    req.once("close", closed);
    req.resume();
  });
}

/**
 * How long a body of `length` bytes may take to arrive: `baseSeconds` for
 * any body, and one more second per 64 KB, so a 5 MB avatar over a slow
 * mobile uplink (512 kbit/s) still makes it. A body that trickles in holds no
 * request slot (decision 0020), only its connection, until this runs out.
 */
export function bodyDeadlineMs(length: number, baseSeconds: number): number {
  return baseSeconds * 1000 + Math.ceil(length / 64);
}

export type BodyRead = { ok: true; body: Buffer<ArrayBuffer> } | { ok: false; status: 408 | 413; message: string };

/**
 * Reads a request's whole body into memory before the request takes a slot.
 * Resolves with the body, with a refusal when it takes longer than
 * `timeoutMs` or grows over `limit`, or with null when the client went away.
 */
export function readRequestBody(req: IncomingMessage, options: { limit: number; timeoutMs: number }): Promise<BodyRead | null> {
  if (req.readableEnded) return Promise.resolve({ ok: true, body: Buffer.alloc(0) });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let read = 0;
    const finish = (result: BodyRead | null) => {
      clearTimeout(timer);
      req.off("data", collect);
      req.off("end", ended);
      req.off("error", gone);
      req.off("close", closed);
      if (result?.ok === false) req.pause();
      resolve(result);
    };
    const collect = (chunk: Buffer) => {
      read += chunk.byteLength;
      // Content-Length was checked against the limit; this only guards against a parser that lets more through.
      if (read > options.limit) return finish({ ok: false, status: 413, message: requestErrorTexts.tooLarge });
      chunks.push(chunk);
    };
    const ended = () => finish({ ok: true, body: Buffer.concat(chunks, read) });
    const gone = () => finish(null);
    const closed = () => finish(req.complete ? { ok: true, body: Buffer.concat(chunks, read) } : null);
    const timer = setTimeout(() => finish({ ok: false, status: 408, message: requestErrorTexts.timeout }), options.timeoutMs);
    req.on("data", collect);
    req.once("end", ended);
    req.once("error", gone);
    req.once("close", closed);
    req.resume();
  });
}

const FORM_CONTENT_TYPE = /^\s*(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

/**
 * The form of an action's request. Anything that is not a readable form, or
 * carries a NUL byte (which no text column can store), ends the action with
 * a 4xx response the error boundary shows.
 */
export async function readFormData(request: Request): Promise<FormData> {
  if (!FORM_CONTENT_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw data({ message: requestErrorTexts.unsupportedFormat }, { status: 415 });
  }
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    // A missing or wrong multipart boundary, a body cut off in the middle.
    throw data({ message: requestErrorTexts.invalid }, { status: 400 });
  }
  for (const value of formData.values()) {
    if (typeof value === "string" && value.includes("\u0000")) throw data({ message: requestErrorTexts.invalid }, { status: 400 });
  }
  return formData;
}

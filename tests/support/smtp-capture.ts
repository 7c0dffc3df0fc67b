/**
 * An in-process SMTP server that keeps every received mail, decoded enough
 * for tests: recipient, kind header, subject and the plain-text part.
 * Used by integration tests directly and by the e2e global setup.
 */
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string[];
  kind: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const softBreaksRemoved = input.replace(/=\r?\n/g, "");
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const char = softBreaksRemoved[i]!;
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(body);
  return body;
}

function decodeHeaderWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047).
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, type: string, text: string) =>
      type.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const index = part.search(/\r?\n\r?\n/);
  const head = index === -1 ? part : part.slice(0, index);
  const body = index === -1 ? "" : part.slice(index).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

export function parseMail(raw: string, to: string[]): CapturedMail {
  const { headers, body } = splitHeaders(raw);
  let text = "";
  let html = "";
  const boundary = headers.get("content-type")?.match(/boundary="?([^";]+)"?/)?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const parsed = splitHeaders(part.replace(/^\r?\n/, ""));
    const type = parsed.headers.get("content-type") ?? "";
    const decoded = decodeBody(parsed.body, parsed.headers.get("content-transfer-encoding") ?? "");
    if (type.startsWith("text/plain")) text = decoded;
    if (type.startsWith("text/html")) html = decoded;
  }
  return {
    to,
    kind: headers.get("x-forum-mail-kind") ?? "",
    subject: decodeHeaderWords(headers.get("subject") ?? ""),
    text,
    html,
    raw,
  };
}

export async function startSmtpCapture(port = 0, onMail?: (mail: CapturedMail) => void) {
  const mails: CapturedMail[] = [];
  let connections = 0;
  // While paused, a client's connection is accepted but not greeted: it waits, as on a slow mail server.
  let held: (() => void)[] | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      if (held) held.push(() => callback());
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString("utf8"),
          session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        );
        mails.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    mails,
    /** Connections opened so far, greeted or held. */
    connections: () => connections,
    pause: () => {
      held ??= [];
    },
    resume: () => {
      const waiting = held ?? [];
      held = null;
      for (const greet of waiting) greet();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with the given path, e.g. "/auth/verify-email". */
export function linkIn(mail: CapturedMail, pathPrefix: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no link to ${pathPrefix} in mail "${mail.subject}":\n${mail.text}`);
  return link;
}

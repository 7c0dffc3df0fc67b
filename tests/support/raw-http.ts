import net from "node:net";

/**
 * A GET over a bare socket, for header lines no HTTP client lets through as
 * written: fetch and Playwright join several Cookie headers into one and trim
 * or refuse bytes like a tab or a no-break space.
 */
export interface RawResponse {
  status: number;
  /** Lower-case names; the last value where a header came more than once. */
  headers: Record<string, string>;
  body: string;
}

export function rawGet(baseUrl: string, pathname: string, headerLines: [string, string][] = []): Promise<RawResponse> {
  const url = new URL(pathname, baseUrl);
  const head = [
    `GET ${url.pathname}${url.search} HTTP/1.1`,
    ...(headerLines.some(([name]) => name.toLowerCase() === "host") ? [] : [`Host: ${url.host}`]),
    ...headerLines.map(([name, value]) => `${name}: ${value}`),
    "Connection: close",
    "",
    "",
  ].join("\r\n");
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy(new Error(`keine Antwort auf ${pathname}`)));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    // latin1: one byte per character, as a client writing a tab or 0xA0 puts it on the wire. The server
    // closes after its answer (Connection: close); ending our side first would drop the request unanswered.
    socket.write(Buffer.from(head, "latin1"));
  });
}

function parseResponse(raw: Buffer): RawResponse {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) throw new Error(`unvollständige Antwort: ${raw.toString("latin1").slice(0, 200)}`);
  const [statusLine, ...lines] = raw.subarray(0, end).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) body = dechunk(body);
  return { status, headers, body: body.toString("utf8") };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

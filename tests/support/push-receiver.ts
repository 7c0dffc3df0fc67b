import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service on this machine, for the tests: it takes what the forum posts to a browser's endpoint, and a
 * browser's keys made here decrypt it (RFC 8291, aes128gcm, written out with node:crypto rather than the library
 * that encrypted it, so the test checks the format and not the library against itself). The VAPID header
 * (RFC 8292) is checked too: signed by the forum's public key, for this receiver's origin.
 */

/** A browser's side of a subscription: its P-256 key pair and auth secret, as PushSubscription.toJSON() gives them. */
export interface BrowserKeys {
  p256dh: string;
  auth: string;
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const publicKey = ecdh.getPublicKey();
  const authSecret = randomBytes(16);
  return {
    p256dh: publicKey.toString("base64url"),
    auth: authSecret.toString("base64url"),
    privateKey: ecdh.getPrivateKey(),
    publicKey,
    authSecret,
  };
}

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const mac = createHmac("sha256", key);
  for (const part of data) mac.update(part);
  return mac.digest();
};

/** Decrypts an aes128gcm push message body (RFC 8188 framing, RFC 8291 keys) with the browser's keys. */
export function decryptPushMessage(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error("more than one record: not what a push message is");
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(keys.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  // RFC 8291 §3.4: the input keying material from the auth secret and the ECDH secret.
  const prkKey = hmac(keys.authSecret, sharedSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), keys.publicKey, senderPublicKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  // RFC 8188 §2.2/2.3: the content encryption key and nonce of the first (and only) record.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zeros as padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** Checks the VAPID Authorization header (`vapid t=<JWT>, k=<public key>`); returns the JWT's claims. */
export function verifyVapid(authorization: string | undefined, audience: string): { publicKey: string; sub: string; exp: number } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`no VAPID header: ${authorization}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [header, payload, signature] = token.split(".") as [string, string, string];
  const raw = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("VAPID signature does not verify");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { aud: string; sub: string; exp: number };
  if (claims.aud !== audience) throw new Error(`VAPID audience ${claims.aud}, expected ${audience}`);
  return { publicKey, sub: claims.sub, exp: claims.exp };
}

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushReceiver {
  origin: string;
  /** A new endpoint on this receiver (one per subscription). */
  endpoint(name?: string): string;
  received: ReceivedPush[];
  /** The status the receiver answers an endpoint with from now on (201 where none was set). */
  answer(endpoint: string, status: number): void;
  /** The next message to arrive at `endpoint` (or one that already did and was not taken yet). */
  next(endpoint: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const received: ReceivedPush[] = [];
  const taken = new Set<ReceivedPush>();
  const statuses = new Map<string, number>();
  const waiting: Array<() => void> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201).end();
      for (const wake of waiting.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    endpoint: (name = randomBytes(8).toString("hex")) => `${origin}/push/${name}`,
    answer: (endpoint, status) => statuses.set(new URL(endpoint).pathname, status),
    async next(endpoint, timeoutMs = 20_000) {
      const path = new URL(endpoint).pathname;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((push) => push.path === path && !taken.has(push));
        if (found) {
          taken.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no push arrived at ${path}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

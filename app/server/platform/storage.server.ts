import fs from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import { env } from "./env.server";

/**
 * Where uploaded files live. Keys look like "avatars/{userId}/{timestamp}-{random}.webp";
 * names are never reused, so a new upload is a new URL and may be cached
 * forever. Local folder by default (served by our server under /storage/),
 * an S3-compatible bucket when S3_BUCKET is configured.
 */
interface StorageBackend {
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** Deletes the file behind a URL this backend returned; other URLs are ignored. */
  deleteByUrl(url: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  existsByUrl(url: string): Promise<boolean>;
  /** The file's bytes, or null when there is none under the key. */
  read(key: string): Promise<Buffer | null>;
}

export const STORAGE_URL_PREFIX = "/storage";
const CACHE_CONTROL = "public, max-age=31536000, immutable";

class LocalStorage implements StorageBackend {
  constructor(private readonly root: string) {}

  /** Resolves a key inside the root, refusing anything that escapes it. */
  private file(key: string): string {
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`Ungültiger Speicherschlüssel: ${key}`);
    return resolved;
  }

  private keyOf(url: string): string | null {
    return url.startsWith(`${STORAGE_URL_PREFIX}/`) ? url.slice(STORAGE_URL_PREFIX.length + 1) : null;
  }

  async put(key: string, data: Buffer): Promise<string> {
    const target = this.file(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // wx: never overwrite (spec: no overwrite on upload).
    await fs.writeFile(target, data, { flag: "wx" });
    return `${STORAGE_URL_PREFIX}/${key}`;
  }

  async deleteByUrl(url: string): Promise<void> {
    const key = this.keyOf(url);
    if (key) await fs.rm(this.file(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fs.rm(this.file(prefix), { recursive: true, force: true });
  }

  async existsByUrl(url: string): Promise<boolean> {
    const key = this.keyOf(url);
    if (!key) return false;
    return fs.access(this.file(key)).then(
      () => true,
      () => false,
    );
  }

  async read(key: string): Promise<Buffer | null> {
    return fs.readFile(this.file(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
  }
}

class S3Storage implements StorageBackend {
  private readonly client: AwsClient;
  constructor(
    private readonly config: {
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      publicUrl: string;
    },
  ) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: "s3",
    });
  }

  private objectUrl(key: string): string {
    return `${this.config.endpoint}/${this.config.bucket}/${key.split("/").map(encodeURIComponent).join("/")}`;
  }

  private keyOf(url: string): string | null {
    const base = `${this.config.publicUrl}/`;
    return url.startsWith(base) ? decodeURIComponent(url.slice(base.length)) : null;
  }

  private async send(url: string, init: RequestInit, okStatuses: number[]): Promise<Response> {
    const response = await this.client.fetch(url, init);
    if (!okStatuses.includes(response.status)) throw new Error(`S3 ${init.method ?? "GET"} ${response.status}: ${await response.text()}`);
    return response;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<string> {
    await this.send(
      this.objectUrl(key),
      {
        method: "PUT",
        body: new Uint8Array(data),
        headers: { "Content-Type": contentType, "Cache-Control": CACHE_CONTROL, "If-None-Match": "*" },
      },
      [200],
    );
    return `${this.config.publicUrl}/${key}`;
  }

  async deleteByUrl(url: string): Promise<void> {
    const key = this.keyOf(url);
    if (key) await this.send(this.objectUrl(key), { method: "DELETE" }, [200, 204]);
  }

  async deletePrefix(prefix: string): Promise<void> {
    const list = await this.send(
      `${this.config.endpoint}/${this.config.bucket}?list-type=2&prefix=${encodeURIComponent(`${prefix}/`)}`,
      { method: "GET" },
      [200],
    );
    const keys = [...(await list.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!);
    for (const key of keys) await this.send(this.objectUrl(key), { method: "DELETE" }, [200, 204]);
  }

  async existsByUrl(url: string): Promise<boolean> {
    const key = this.keyOf(url);
    if (!key) return false;
    const response = await this.client.fetch(this.objectUrl(key), { method: "HEAD" });
    return response.status === 200;
  }

  async read(key: string): Promise<Buffer | null> {
    const response = await this.client.fetch(this.objectUrl(key), { method: "GET" });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (response.status !== 200) throw new Error(`S3 GET ${response.status}: ${await response.text()}`);
    return Buffer.from(await response.arrayBuffer());
  }
}

function createStorage(): StorageBackend {
  if (env.S3_BUCKET && env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY && env.S3_PUBLIC_URL) {
    return new S3Storage({
      endpoint: env.S3_ENDPOINT.replace(/\/+$/, ""),
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL.replace(/\/+$/, ""),
    });
  }
  return new LocalStorage(path.resolve(env.STORAGE_DIR));
}

const storage = createStorage();

export const putFile = (key: string, data: Buffer, contentType: string) => storage.put(key, data, contentType);
export const deleteFileByUrl = async (url: string | null | undefined) => (url ? storage.deleteByUrl(url) : undefined);
export const deleteFolder = (prefix: string) => storage.deletePrefix(prefix);
export const fileExistsForUrl = (url: string) => storage.existsByUrl(url);
/** Files that are served by the app itself (after its checks), never by their storage URL: see PRIVATE_STORAGE_PREFIXES. */
export const readStoredFile = (key: string) => storage.read(key);

/**
 * Key prefixes whose files only the app hands out (post images, decision 0033): the local folder's
 * /storage/ route refuses them, and their storage URL is never shown to anyone.
 */
export const PRIVATE_STORAGE_PREFIXES = ["post-images/"] as const;

/** The local folder the server publishes under /storage/ (unused when files live in a bucket). */
export function storageDirectory(): string {
  return path.resolve(env.STORAGE_DIR);
}

/** Origin of the bucket's public URL, for the Content-Security-Policy's img-src. */
export function storageImageOrigin(): string | null {
  return env.S3_PUBLIC_URL && env.S3_BUCKET ? new URL(env.S3_PUBLIC_URL).origin : null;
}

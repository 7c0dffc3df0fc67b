import fsSync from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { STORAGE_FOLDER } from "./pglite-folder.server";
import { FolderCannotStore, isUnwritableFolder } from "./unavailable.server";

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

/**
 * `mkdir -p`, with the reason a folder cannot be made: Node's recursive mkdir answers ENOENT on a read-only file
 * system (the folder it could not make is missing), where the first missing folder's own mkdir says EROFS or EACCES.
 */
async function makeFolder(folder: string): Promise<void> {
  try {
    await fs.mkdir(folder, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    let missing = folder;
    while (!(await exists(path.dirname(missing))) && path.dirname(missing) !== missing) missing = path.dirname(missing);
    await fs.mkdir(missing).catch((reason: NodeJS.ErrnoException) => {
      if (reason.code !== "EEXIST") throw reason;
    });
    // Made after all (another upload at the same moment): the rest as usual.
    await fs.mkdir(folder, { recursive: true });
  }
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

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
    try {
      await makeFolder(path.dirname(target));
      // wx: never overwrite (spec: no overwrite on upload).
      await fs.writeFile(target, data, { flag: "wx" });
    } catch (error) {
      // A full disk leaves the file begun (empty or cut short), and no row will ever name it. A file that was
      // there before (EEXIST) is not this upload's to remove.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") await fs.rm(target, { force: true }).catch(() => undefined);
      throw isUnwritableFolder(error) ? new FolderCannotStore(error) : error;
    }
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
    return exists(this.file(key));
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

/** Decided once per process (a temporary folder must stay the same one). */
let localFolder: string | null = null;

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
  return new LocalStorage(storageDirectory());
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

/**
 * The local folder the server publishes under /storage/ (unused when files live in a bucket): STORAGE_DIR, else
 * `storage` inside DATA_DIR. Not beside the working directory: two installs started from one checkout would share
 * their uploads, and each one's backup would hold the other's files. An in-memory database gets a folder of this
 * process in the system's temporary folder, gone with it as the database is.
 */
export function storageDirectory(): string {
  localFolder ??= env.STORAGE_DIR
    ? path.resolve(env.STORAGE_DIR)
    : env.DATA_DIR.startsWith("memory://")
      ? fsSync.mkdtempSync(path.join(os.tmpdir(), "forum-storage-"))
      : path.resolve(env.DATA_DIR, STORAGE_FOLDER);
  return localFolder;
}

/** Where uploads went before STORAGE_DIR defaulted to a folder inside DATA_DIR. */
const FORMER_DEFAULT = "./storage";

/**
 * Once, at start: uploads in the former default folder (./storage beside the working directory) move to
 * today's default inside DATA_DIR, when STORAGE_DIR is not set and the new folder is missing or empty. A new folder
 * with files in it is never touched (another install's, or a restored backup's): the old one stays, with a warning.
 * One rename, so several app servers starting at once move it at most once and nobody sees half of it.
 */
export function moveFormerStorageFolder(): void {
  if (env.STORAGE_DIR || env.DATA_DIR.startsWith("memory://")) return;
  moveStorageFolder(path.resolve(FORMER_DEFAULT), storageDirectory());
}

/** Moves the folder `from` to `to` if `from` holds files and `to` is missing or empty; says what it did. */
export function moveStorageFolder(from: string, to: string): "moved" | "kept" | "nothing" {
  if (from === to || !hasEntries(from)) return "nothing";
  if (hasEntries(to)) {
    logger.warn({ from, to }, "uploads left in the former storage folder: the new one already holds files; move them by hand");
    return "kept";
  }
  fsSync.mkdirSync(path.dirname(to), { recursive: true });
  try {
    // An empty `to` is replaced in the same step.
    fsSync.renameSync(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Another app server of this install moved it a moment ago.
    if (code === "ENOENT") return "nothing";
    if (code !== "EXDEV") throw error;
    // Another file system: copied whole first, then the original removed.
    fsSync.cpSync(from, to, { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true });
    fsSync.rmSync(from, { recursive: true, force: true });
  }
  logger.info({ from, to }, "uploads moved from the former storage folder into DATA_DIR");
  return "moved";
}

function hasEntries(folder: string): boolean {
  try {
    return fsSync.readdirSync(folder).length > 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return false;
    throw error;
  }
}

/** Origin of the bucket's public URL, for the Content-Security-Policy's img-src. */
export function storageImageOrigin(): string | null {
  return env.S3_PUBLIC_URL && env.S3_BUCKET ? new URL(env.S3_PUBLIC_URL).origin : null;
}

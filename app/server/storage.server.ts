import fs from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server";

/**
 * Where uploaded files live. The local backend writes below STORAGE_DIR and
 * the server publishes it under /storage/ with long cache headers (file names
 * carry a timestamp, so a new upload is a new URL).
 */
export const STORAGE_URL_PREFIX = "/storage";

function storageRoot(): string {
  return path.resolve(env.STORAGE_DIR);
}

/** Resolves a storage key ("avatars/{userId}/{ts}.webp") inside the root, refusing anything that escapes it. */
function filePath(key: string): string {
  const root = storageRoot();
  const resolved = path.resolve(root, key);
  if (!resolved.startsWith(root + path.sep)) throw new Error(`Ungültiger Speicherschlüssel: ${key}`);
  return resolved;
}

export async function putFile(key: string, data: Buffer): Promise<string> {
  const target = filePath(key);
  await fs.mkdir(path.dirname(target), { recursive: true });
  // wx: never overwrite (spec: no overwrite on upload).
  await fs.writeFile(target, data, { flag: "wx" });
  return `${STORAGE_URL_PREFIX}/${key}`;
}

export async function deleteFileByUrl(url: string | null | undefined): Promise<void> {
  if (!url || !url.startsWith(`${STORAGE_URL_PREFIX}/`)) return;
  await fs.rm(filePath(url.slice(STORAGE_URL_PREFIX.length + 1)), { force: true });
}

export async function deleteFolder(key: string): Promise<void> {
  await fs.rm(filePath(key), { recursive: true, force: true });
}

export async function fileExistsForUrl(url: string): Promise<boolean> {
  if (!url.startsWith(`${STORAGE_URL_PREFIX}/`)) return false;
  try {
    await fs.access(filePath(url.slice(STORAGE_URL_PREFIX.length + 1)));
    return true;
  } catch {
    return false;
  }
}

export function storageDirectory(): string {
  return storageRoot();
}

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * Uploads belong to one install: without STORAGE_DIR they live inside its DATA_DIR, not in ./storage beside the
 * working directory, which every install started from the same checkout shared (and backed up). A former ./storage
 * moves there once, and only into a missing or empty folder.
 */
const temp = () => fs.mkdtempSync(path.join(os.tmpdir(), "forum-storage-folder-"));

/** The platform as a process with these variables would load it. */
async function storageWith(variables: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  return import("~/server/platform");
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the uploads' folder", () => {
  it("is inside DATA_DIR when STORAGE_DIR is not set, so two installs from one checkout keep their own", async () => {
    const first = path.join(temp(), "data-a");
    const second = path.join(temp(), "data-b");
    const a = (await storageWith({ DATA_DIR: first, STORAGE_DIR: "" })).storageDirectory();
    const b = (await storageWith({ DATA_DIR: second, STORAGE_DIR: "" })).storageDirectory();
    expect(a).toBe(path.join(first, "storage"));
    expect(b).toBe(path.join(second, "storage"));
  });

  it("is STORAGE_DIR when it is set", async () => {
    const folder = temp();
    expect((await storageWith({ DATA_DIR: temp(), STORAGE_DIR: folder })).storageDirectory()).toBe(folder);
  });

  it("is a folder of the process's own with an in-memory database, never ./storage", async () => {
    const folder = (await storageWith({ DATA_DIR: "memory://", STORAGE_DIR: "" })).storageDirectory();
    expect(folder.startsWith(os.tmpdir())).toBe(true);
    expect(folder).not.toBe(path.resolve("storage"));
  });
});

describe("moving the former ./storage", () => {
  const withFile = (folder: string, name: string, text: string) => {
    fs.mkdirSync(path.join(folder, path.dirname(name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  };

  it("moves its files into a missing new folder, once", async () => {
    const { moveStorageFolder } = await storageWith({ DATA_DIR: "memory://" });
    const root = temp();
    const from = path.join(root, "storage");
    const to = path.join(root, "data", "storage");
    withFile(from, "avatars/m1/1.webp", "bild");
    expect(moveStorageFolder(from, to)).toBe("moved");
    expect(fs.readFileSync(path.join(to, "avatars/m1/1.webp"), "utf8")).toBe("bild");
    expect(fs.existsSync(from)).toBe(false);
    expect(moveStorageFolder(from, to)).toBe("nothing");
  });

  it("moves into an empty new folder", async () => {
    const { moveStorageFolder } = await storageWith({ DATA_DIR: "memory://" });
    const root = temp();
    const from = path.join(root, "storage");
    const to = path.join(root, "data", "storage");
    withFile(from, "avatars/m1/1.webp", "bild");
    fs.mkdirSync(to, { recursive: true });
    expect(moveStorageFolder(from, to)).toBe("moved");
    expect(fs.readdirSync(path.join(to, "avatars"))).toEqual(["m1"]);
  });

  it("leaves both alone when the new folder already holds files", async () => {
    const { moveStorageFolder } = await storageWith({ DATA_DIR: "memory://" });
    const root = temp();
    const from = path.join(root, "storage");
    const to = path.join(root, "data", "storage");
    withFile(from, "avatars/old/1.webp", "alt");
    withFile(to, "avatars/new/1.webp", "neu");
    expect(moveStorageFolder(from, to)).toBe("kept");
    expect(fs.readFileSync(path.join(from, "avatars/old/1.webp"), "utf8")).toBe("alt");
    expect(fs.readdirSync(path.join(to, "avatars"))).toEqual(["new"]);
  });

  it("does nothing without a former folder or with an empty one", async () => {
    const { moveStorageFolder } = await storageWith({ DATA_DIR: "memory://" });
    const root = temp();
    const to = path.join(root, "data", "storage");
    expect(moveStorageFolder(path.join(root, "storage"), to)).toBe("nothing");
    fs.mkdirSync(path.join(root, "storage"));
    expect(moveStorageFolder(path.join(root, "storage"), to)).toBe("nothing");
    expect(fs.existsSync(to)).toBe(false);
  });
});

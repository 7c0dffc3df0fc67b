import fs from "node:fs";

/** Writes zeros into `file` until its file system has no byte left (the fault tests' full disk, on a tmpfs of their own). */
export function fillDisk(file: string) {
  const chunk = Buffer.alloc(1024 * 1024);
  const fd = fs.openSync(file, "w");
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    fs.closeSync(fd);
  }
}

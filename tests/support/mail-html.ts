import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * Checks for a mail's HTML part: the Nu Html Checker (vnu-jar, Java), as e2e/html-validity.spec.ts runs it on the
 * pages, and the widths its inline styles ask for, which a mail keeps within 600 px (the width mail programs and
 * their preview panes are made for).
 */
const VNU_JAR = createRequire(import.meta.url)("vnu-jar") as string;

interface NuMessage {
  type: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

/** The checker's errors for one document, as "line:column message"; empty when it is valid. */
export async function nuHtmlErrors(html: string): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-html-"));
  const file = path.join(dir, "mail.html");
  fs.writeFileSync(file, html);
  try {
    // vnu exits 1 when it finds errors and writes its report to stderr either way.
    const result = await promisify(execFile)("java", ["-jar", VNU_JAR, "--format", "json", "--errors-only", file], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      if (typeof error.stderr !== "string" || !error.stderr.trim().startsWith("{")) throw error;
      return { stdout: error.stdout ?? "", stderr: error.stderr };
    });
    return (JSON.parse(result.stderr) as { messages: NuMessage[] }).messages
      .filter((message) => message.type === "error" || message.type === "non-document-error")
      .map(
        (message) =>
          `${message.lastLine ?? "?"}:${message.lastColumn ?? "?"} ${message.message}${message.extract ? ` (${message.extract.trim()})` : ""}`,
      );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Every fixed width the markup asks for (`width`/`max-width`/`min-width` in px, `width=` attributes) above `limit`. */
export function widthsAbove(html: string, limit = 600): string[] {
  const asked = [
    ...[...html.matchAll(/(?:^|[;"\s])((?:max-|min-)?width)\s*:\s*(\d+(?:\.\d+)?)px/gi)].map((match) => ({
      what: `${match[1]}:${match[2]}px`,
      px: Number(match[2]),
    })),
    ...[...html.matchAll(/\swidth="(\d+)"/gi)].map((match) => ({ what: match[0].trim(), px: Number(match[1]) })),
  ];
  return asked.filter(({ px }) => px > limit).map(({ what }) => what);
}

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Decision 0021: what a write causes is read in one place per domain. A domain announces its events in
 * app/server/<domain>/events.server.ts, and every listener of them is registered in
 * app/server/listeners/<domain>.server.ts, which app/server/listeners/index.ts loads.
 */
type Source = { file: string; text: string };

const DEFINITION = /export const (\w+) = defineEvents<[\s\S]*?>\(\s*"([\w-]+)"/g;

/** `hook.on(…)` calls in the code (not in comments or strings), with their lines: read with TypeScript's parser. */
function subscriptions(file: string, text: string): Array<{ hook: string; line: number }> {
  if (!/\.\s*on\s*\(/.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Array<{ hook: string; line: number }> = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === "on" &&
      ts.isIdentifier(node.expression.expression)
    ) {
      const hook = node.expression.expression;
      found.push({ hook: hook.text, line: source.getLineAndCharacterOfPosition(hook.getStart(source)).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The event hooks and the domain that announces each, from the files that define them. */
function hooksOf(sources: Source[]): Map<string, { domain: string; file: string }> {
  const hooks = new Map<string, { domain: string; file: string }>();
  for (const { file, text } of sources)
    for (const [, hook, domain] of text.matchAll(DEFINITION)) hooks.set(hook!, { domain: domain!, file });
  return hooks;
}

/** Every place that breaks the rule: a hook defined outside its domain's events file, or a subscription outside its registry. */
function registryViolations(sources: Source[]): string[] {
  const hooks = hooksOf(sources);
  const violations: string[] = [];
  for (const [hook, { domain, file }] of hooks)
    if (file !== `app/server/${domain}/events.server.ts`)
      violations.push(`${file}: ${hook} (${domain}) gehört nach app/server/${domain}/events.server.ts`);
  for (const { file, text } of sources)
    for (const { hook: name, line } of subscriptions(file, text)) {
      const hook = hooks.get(name);
      if (!hook || file === `app/server/listeners/${hook.domain}.server.ts`) continue;
      violations.push(`${file}:${line}: ${name}.on gehört nach app/server/listeners/${hook.domain}.server.ts`);
    }
  return violations;
}

function trackedSources(): Source[] {
  return execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "*.ts", "*.tsx"], { encoding: "utf8" })
    .split("\0")
    .filter((file) => file !== "" && !file.startsWith("tests/unit/event-registry") && fs.existsSync(file))
    .map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));
}

describe("the event registry (decision 0021)", () => {
  const sources = trackedSources();

  it("every domain's events are defined in its events file and heard only in its listeners file", () => {
    expect(hooksOf(sources).size).toBeGreaterThanOrEqual(4);
    expect(registryViolations(sources)).toEqual([]);
  });

  it("every domain that announces events has its listeners file, loaded by the registry's index", () => {
    const index = fs.readFileSync("app/server/listeners/index.ts", "utf8");
    for (const { domain } of hooksOf(sources).values()) {
      expect(fs.existsSync(`app/server/listeners/${domain}.server.ts`), domain).toBe(true);
      expect(index).toContain(`import "./${domain}.server";`);
    }
  });

  it("every process that writes the demo content loads the listeners first (the demo writes through services)", () => {
    const seeding = execFileSync("git", ["grep", "-l", "seedDemoContent(", "--", "scripts", "server", "tests"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => file !== "" && !file.startsWith("tests/integration/") && !file.startsWith("tests/unit/"));
    expect(seeding.length).toBeGreaterThan(2);
    const loading = /import\s*(\(\s*)?"~\/server\/listeners"|import\s+"~\/server\/listeners"/;
    // The app server loads them through the build's entry (app/entry.server.tsx); the integration tests in their setup.
    const missing = seeding.filter((file) => file !== "server/app-server.ts" && !loading.test(fs.readFileSync(file, "utf8")));
    expect(missing).toEqual([]);
  });

  it("a subscription anywhere else, or a hook defined elsewhere, is found", () => {
    const events: Source = {
      file: "app/server/answers/events.server.ts",
      text: 'export const answerEvents = defineEvents<{ "helpful.marked": object }>("answers", {});',
    };
    expect(
      registryViolations([
        events,
        { file: "app/server/listeners/answers.server.ts", text: 'answerEvents.on("helpful.marked", "notifications", f);' },
        {
          file: "app/server/notifications/notifications.server.ts",
          text: '// answerEvents.on( in a comment\nanswerEvents\n  .on("helpful.marked", "notifications", f);',
        },
        { file: "app/server/seo/seo.server.ts", text: 'export const seoEvents = defineEvents<{ a: object }>("seo", {});' },
      ]),
    ).toEqual([
      "app/server/seo/seo.server.ts: seoEvents (seo) gehört nach app/server/seo/events.server.ts",
      "app/server/notifications/notifications.server.ts:2: answerEvents.on gehört nach app/server/listeners/answers.server.ts",
    ]);
  });
});

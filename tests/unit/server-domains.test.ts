import path from "node:path";
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { serverDomains } from "../../eslint-rules/domain-graph.js";
import domainImports, { reachableDomains } from "../../eslint-rules/server-domains.js";

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: "module" } });
const root = process.cwd();
const at = (file: string) => path.join(root, file);
const options = [{ domains: serverDomains }];

describe("server-domains/domain-imports (decision 0021)", () => {
  tester.run("domain-imports", domainImports.rules["domain-imports"], {
    valid: [
      {
        name: "a route imports a domain's index",
        filename: at("app/routes/discussion.tsx"),
        code: 'import { createComment } from "~/server/discussions";',
        options,
      },
      {
        name: "a test imports a domain's index, also dynamically",
        filename: at("tests/integration/x.test.ts"),
        code: 'const { db } = await import("~/server/db");',
        options,
      },
      {
        name: "inside a domain, relatively",
        filename: at("app/server/discussions/comments.server.ts"),
        code: 'import { resolveTextMentions } from "./mentions.server";',
        options,
      },
      {
        name: "a domain imports a lower one",
        filename: at("app/server/notifications/notifications.server.ts"),
        code: 'import { mentionNamesOf } from "~/server/discussions";',
        options,
      },
      {
        name: "and one further down",
        filename: at("app/server/admin/admin.server.ts"),
        code: 'import { env } from "~/server/platform";',
        options,
      },
      {
        name: "the listeners belong to no domain",
        filename: at("app/entry.server.tsx"),
        code: 'import "~/server/listeners.server";',
        options,
      },
      {
        name: "the listeners may import any domain",
        filename: at("app/server/listeners.server.ts"),
        code: 'import { recordAudit } from "~/server/moderation";',
        options,
      },
      {
        name: "other modules are not the rule's business",
        filename: at("app/routes/home.tsx"),
        code: 'import { paths } from "~/lib/paths"; import x from "../x";',
        options,
      },
    ],
    invalid: [
      {
        name: "a test file importing a domain's internals",
        filename: at("tests/integration/comments.test.ts"),
        code: 'import { createComment } from "~/server/discussions/comments.server";',
        options,
        errors: [{ messageId: "internals" }],
      },
      {
        name: "internals reached by a relative path",
        filename: at("tests/setup/x.ts"),
        code: 'const { openDatabase } = await import("../../app/server/platform/db-connection.server");',
        options,
        errors: [{ messageId: "internals" }],
      },
      {
        name: "a re-export of internals",
        filename: at("app/routes/x.ts"),
        code: 'export { db } from "~/server/db/db.server";',
        options,
        errors: [{ messageId: "internals" }],
      },
      {
        name: "an upward import: discussions → notifications",
        filename: at("app/server/discussions/comments.server.ts"),
        code: 'import { notifyComment } from "~/server/notifications";',
        options,
        errors: [{ messageId: "upward" }],
      },
      {
        name: "no domain answers HTTP: discussions → http",
        filename: at("app/server/discussions/comments.server.ts"),
        code: 'import { respond } from "~/server/http";',
        options,
        errors: [{ messageId: "upward" }],
      },
      {
        name: "a type import upward counts too: platform → accounts",
        filename: at("app/server/platform/outcome.server.ts"),
        code: 'import type { Viewer } from "~/server/accounts";',
        options,
        errors: [{ messageId: "upward" }],
      },
      {
        name: "siblings: search → seo",
        filename: at("app/server/search/search.server.ts"),
        code: 'import { siteUrl } from "~/server/seo";',
        options,
        errors: [{ messageId: "upward" }],
      },
      {
        name: "a domain importing its own index",
        filename: at("app/server/discussions/comments.server.ts"),
        code: 'import { mentionNamesOf } from "~/server/discussions";',
        options,
        errors: [{ messageId: "ownIndex" }],
      },
      {
        name: "a folder missing from the graph",
        filename: at("app/routes/x.ts"),
        code: 'import { x } from "~/server/calendar";',
        options,
        errors: [{ messageId: "undeclared" }],
      },
    ],
  });

  it("refuses a graph with a cycle", () => {
    expect(() => reachableDomains({ platform: ["accounts"], accounts: ["platform"] })).toThrow(/Kreis: platform → accounts → platform/);
  });

  it("declares every folder of app/server, with platform at the bottom", async () => {
    const fs = await import("node:fs");
    const folders = fs
      .readdirSync(at("app/server"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(serverDomains).sort()).toEqual(folders);
    const reach = reachableDomains(serverDomains);
    for (const domain of folders.filter((name) => name !== "platform")) expect(reach.get(domain)).toContain("platform");
  });

  it("the README's map shows the same graph and names every domain in its table", async () => {
    const fs = await import("node:fs");
    const readme = fs.readFileSync(at("README.md"), "utf8");
    const graph = /```mermaid\ngraph BT\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const drawn = [...graph.matchAll(/^\s*(\w+) --> (\w+)$/gm)].map(([, from, to]) => `${from} → ${to}`).sort();
    const declared = Object.entries(serverDomains)
      .flatMap(([domain, below]) => below.map((to) => `${domain} → ${to}`))
      .sort();
    expect(drawn).toEqual(declared);
    const table = readme.slice(readme.indexOf("| Bereich | Inhalt |"), readme.indexOf("```mermaid"));
    const named = [...table.matchAll(/`(\w+)`/g)].map(([, name]) => name);
    for (const domain of Object.keys(serverDomains)) expect(named, domain).toContain(domain);
  });
});

import fs from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { serverDomains } from "./eslint-rules/domain-graph.js";
import domainImports from "./eslint-rules/server-domains.js";
import writePath from "./eslint-rules/one-write-path.js";

/** Only the guardian (app/server/accounts/permissions.server.ts) knows what a role or the approval means. */
const guardianRules = {
  imports: {
    name: "~/server/accounts",
    importNames: ["isAdmin", "isApproved", "isStaff"],
    message:
      "Routen und Komponenten fragen den Wächter nach einem Recht (can, canEdit…, awaitsApproval), nicht nach Rolle oder Freischaltung.",
  },
  syntax: [
    {
      selector: "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name='role']",
      message: "Keine Rollenvergleiche in Routen und Komponenten: der Loader fragt den Wächter und gibt ein Boolean weiter.",
    },
    {
      selector: "BinaryExpression[operator=/^[!=]==?$/] > Literal[value=/^(admin|moderator)$/]",
      message: "Keine Rollenvergleiche in Routen und Komponenten: der Loader fragt den Wächter und gibt ein Boolean weiter.",
    },
    {
      selector: "SwitchStatement > MemberExpression.discriminant[property.name='role']",
      message: "Keine Rollenvergleiche in Routen und Komponenten: der Loader fragt den Wächter und gibt ein Boolean weiter.",
    },
  ],
};

const serverImports = { group: ["~/server/*", "**/*.server"], allowTypeImports: true, message: "Server-Code gehört nicht in Komponenten." };

/**
 * Component areas (app/components/<area>) do not import each other: what two
 * areas share is a primitive in `ui` (or code in app/lib), and routes put the
 * areas together (e.g. the discussion page hands the moderation area's comment
 * tools to the comment section). Two exceptions, by design:
 * - `toast` is the one way any area reports a result, like a primitive;
 * - `layout` is the frame of every page and may hold any area (the footer's
 *   cookie settings, the sidebar's search).
 * Type imports are allowed: a component may name another area's props.
 */
const sharedAreas = ["ui", "toast"];
const framingAreas = ["layout"];
const componentAreas = fs
  .readdirSync(`${import.meta.dirname}/app/components`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const areaRule = (area) => ({
  regex: `^(~/components/|\\.\\./)(?!(${[...sharedAreas, area].join("|")})/)[a-z-]+/`,
  allowTypeImports: true,
  message: `Komponenten aus app/components/${area} importieren keine anderen Bereiche; Gemeinsames gehört nach app/components/ui oder app/lib (eslint.config.js).`,
});

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "backups/", "test-results/", "playwright-report/", "db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One write path (decision 0014): no hand-read form fields, no status codes outside loaders and the mapper.
    files: ["app/routes/**/*.{ts,tsx}"],
    plugins: { "write-path": writePath },
    rules: { "write-path/one-write-path": "error" },
  },
  {
    // Only the guardian knows roles and approval (guardianRules above).
    files: ["app/routes/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { paths: [guardianRules.imports] }],
      "no-restricted-syntax": ["error", ...guardianRules.syntax],
    },
  },
  {
    // Server-only modules must never be imported by code that ships to the browser.
    // (A later block replaces the rule's options, so the guardian's entry is repeated here.)
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [guardianRules.imports],
          patterns: [serverImports],
        },
      ],
    },
  },
  ...componentAreas
    .filter((area) => !sharedAreas.includes(area) && !framingAreas.includes(area))
    .map((area) => ({
      files: [`app/components/${area}/**/*.{ts,tsx}`],
      rules: { "no-restricted-imports": ["error", { paths: [guardianRules.imports], patterns: [serverImports, areaRule(area)] }] },
    })),
  {
    files: ["app/components/ui/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [guardianRules.imports],
          patterns: [
            serverImports,
            { regex: "^(~/components/|\\.\\./)(?!ui/)[a-z-]+/", message: "Primitive in app/components/ui hängen von keinem Bereich ab." },
          ],
        },
      ],
    },
  },
  {
    // Domains of app/server: only through their index, only downward (serverDomains above).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts", "tests/**/*.ts", "e2e/**/*.ts"],
    plugins: { "server-domains": domainImports },
    rules: { "server-domains/domain-imports": ["error", { domains: serverDomains }] },
  },
  {
    // No import loops anywhere in the app, server or scripts (type-only imports do not count).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts", "db/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // The TypeScript settings of import-x (extensions, parsers), with the resolver that reads tsconfig's "~/" paths.
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
);

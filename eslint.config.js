import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Only the guardian (app/server/permissions.server.ts) knows what a role or the approval means. */
const guardianRules = {
  imports: {
    name: "~/server/permissions.server",
    importNames: ["isAdmin", "isApproved", "isStaff"],
    message: "Routen und Komponenten fragen den Wächter nach einem Recht (can, canEdit…, awaitsApproval), nicht nach Rolle oder Freischaltung.",
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

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "db/migrations/"] },
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
          patterns: [{ group: ["~/server/*", "**/*.server"], allowTypeImports: true, message: "Server-Code gehört nicht in Komponenten." }],
        },
      ],
    },
  },
);

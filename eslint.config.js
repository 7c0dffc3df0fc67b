import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import writePath from "./eslint-rules/one-write-path.js";

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
    // One write path (decision 0014): no hand-read form fields, no status codes outside loaders and the mapper.
    files: ["app/routes/**/*.{ts,tsx}"],
    plugins: { "write-path": writePath },
    rules: { "write-path/one-write-path": "error" },
  },
  {
    // Server-only modules must never be imported by code that ships to the browser.
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["~/server/*", "**/*.server"], allowTypeImports: true, message: "Server-Code gehört nicht in Komponenten." }] },
      ],
    },
  },
);

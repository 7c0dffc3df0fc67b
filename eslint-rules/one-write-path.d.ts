import type { Rule } from "eslint";

declare const plugin: { rules: { "one-write-path": Rule.RuleModule } };
export default plugin;

import type { Rule } from "eslint";

export function reachableDomains(graph: Record<string, readonly string[]>): Map<string, Set<string>>;
declare const plugin: { rules: { "domain-imports": Rule.RuleModule } };
export default plugin;

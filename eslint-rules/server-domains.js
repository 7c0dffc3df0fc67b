import path from "node:path";

/**
 * Decision 0021: app/server is cut into domains (app/server/<domain>/), each
 * with an index.ts as its public face. Outside a domain, code imports only
 * that face (`~/server/discussions`), never a module behind it; inside a
 * domain, its own modules are imported relatively. A domain imports only the
 * domains below it in the graph given as the rule's option (eslint.config.js,
 * the one place it is declared); where a lower domain must set off a higher
 * one, it announces an event (app/server/platform/events.server.ts).
 * Type imports count too: a type from above is a dependency all the same.
 */
const messages = {
  internals: "„{{source}}“ liegt hinter dem Index von {{domain}}: importieren Sie `~/server/{{domain}}` (Entscheidung 0021).",
  ownIndex: "Innerhalb von {{domain}} wird relativ importiert (`./datei.server`), nicht über `~/server/{{domain}}`.",
  upward:
    "{{from}} darf {{domain}} nicht importieren: erlaubt sind {{allowed}} (Graph in eslint.config.js). Stößt {{from}} etwas in {{domain}} an, dann über ein Ereignis (app/server/platform/events.server.ts).",
  undeclared: "Der Bereich app/server/{{domain}} steht nicht im Graph der Bereiche (eslint.config.js).",
};

/** Every domain with all it may reach (the declared edges, followed); throws on a cycle or an unknown name. */
export function reachableDomains(graph) {
  const reach = new Map();
  const visit = (domain, trail) => {
    if (trail.includes(domain)) throw new Error(`Bereiche im Kreis: ${[...trail, domain].join(" → ")}`);
    if (!(domain in graph)) throw new Error(`Unbekannter Bereich im Graph: ${domain}`);
    if (reach.has(domain)) return reach.get(domain);
    const found = new Set();
    for (const below of graph[domain]) {
      found.add(below);
      for (const further of visit(below, [...trail, domain])) found.add(further);
    }
    reach.set(domain, found);
    return found;
  };
  for (const domain of Object.keys(graph)) visit(domain, []);
  return reach;
}

/** The path of an import inside app/server, split into parts, or null for anything else. */
function serverPath(source, filename, serverDir) {
  let target;
  if (source.startsWith("~/server/") || source === "~/server") target = path.join(serverDir, source.slice("~/server".length));
  else if (source.startsWith(".")) target = path.resolve(path.dirname(filename), source);
  else return null;
  const relative = path.relative(serverDir, target);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return relative.split(path.sep);
}

/** @type {import("eslint").Rule.RuleModule} */
const rule = {
  meta: {
    type: "problem",
    messages,
    schema: [
      {
        type: "object",
        properties: { domains: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } } },
        required: ["domains"],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const graph = context.options[0].domains;
    const reach = reachableDomains(graph);
    const serverDir = path.join(context.cwd, "app", "server");
    const own = serverPath("./" + path.basename(context.filename), context.filename, serverDir);
    const from = own && own.length > 1 ? own[0] : null;

    function check(node, source) {
      if (typeof source !== "string") return;
      const parts = serverPath(source, context.filename, serverDir);
      // A module at the top of app/server (the listeners) belongs to no domain.
      if (!parts || (parts.length === 1 && parts[0].includes("."))) return;
      const [domain, ...rest] = parts;
      const data = { source, domain, from };
      if (!(domain in graph)) return context.report({ node, messageId: "undeclared", data });
      if (from === domain) {
        if (!source.startsWith(".")) context.report({ node, messageId: "ownIndex", data });
        return;
      }
      if (rest.length > 0 && !(rest.length === 1 && /^index(\.ts)?$/.test(rest[0])))
        return context.report({ node, messageId: "internals", data });
      if (from && !(from in graph)) return context.report({ node, messageId: "undeclared", data: { domain: from } });
      if (from && !reach.get(from).has(domain)) {
        const allowed = [...reach.get(from)].join(", ") || "keine";
        context.report({ node, messageId: "upward", data: { ...data, allowed } });
      }
    }
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression(node) {
        if (node.source.type === "Literal") check(node.source, node.source.value);
      },
    };
  },
};

export default { rules: { "domain-imports": rule } };

/**
 * Decision 0014: every action parses its form once with one schema and
 * answers failures through app/server/outcome.server.ts. This rule finds the
 * other ways in route modules: reading fields by hand and picking a status
 * code outside a loader. (A rule of its own rather than no-restricted-syntax,
 * whose options a later config block would replace.)
 */
const messages = {
  formField: "Formulare werden einmal mit einem Schema gelesen (parseWithZod), nicht Feld für Feld (Entscheidung 0014).",
  formEntries: "Formulare werden mit parseWithZod gelesen, nicht über Object.fromEntries (Entscheidung 0014).",
  status: "Statuscodes vergibt refuse/respond aus ~/server/outcome.server, nicht die Route (Entscheidung 0014).",
};

function isInsideLoader(node) {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === "FunctionDeclaration" && current.id?.name === "loader") return true;
  }
  return false;
}

function hasStatus(options) {
  return options?.type === "ObjectExpression" && options.properties.some((property) => property.type === "Property" && property.key.type === "Identifier" && property.key.name === "status");
}

/** @type {import("eslint").Rule.RuleModule} */
const rule = {
  meta: { type: "problem", messages, schema: [] },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === "MemberExpression" &&
          callee.object.type === "Identifier" &&
          /formData/i.test(callee.object.name) &&
          callee.property.type === "Identifier" &&
          ["get", "getAll", "has"].includes(callee.property.name)
        ) {
          context.report({ node, messageId: "formField" });
        }
        if (
          callee.type === "MemberExpression" &&
          callee.object.type === "Identifier" &&
          callee.object.name === "Object" &&
          callee.property.type === "Identifier" &&
          callee.property.name === "fromEntries" &&
          node.arguments[0]?.type === "Identifier" &&
          /formData/i.test(node.arguments[0].name)
        ) {
          context.report({ node, messageId: "formEntries" });
        }
        if (callee.type === "Identifier" && callee.name === "data" && hasStatus(node.arguments[1]) && !isInsideLoader(node)) {
          context.report({ node, messageId: "status" });
        }
      },
      NewExpression(node) {
        if (node.callee.type === "Identifier" && node.callee.name === "Response" && hasStatus(node.arguments[1]) && !isInsideLoader(node)) {
          context.report({ node, messageId: "status" });
        }
      },
    };
  },
};

export default { rules: { "one-write-path": rule } };

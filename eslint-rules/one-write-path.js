/**
 * Decision 0014: every action parses its form once with one schema and
 * answers failures through app/server/outcome.server.ts. This rule keeps the
 * other ways out of route modules. It cannot know which variable holds a
 * form, so it guards where a form comes from instead of how it is read: the
 * request body is read only by `readFormData`, and what that returns goes
 * straight into `parseWithZod`. Status codes are picked by loaders (404 for a
 * page that does not exist) and by refuse/respond, never by an action.
 * (A rule of its own rather than no-restricted-syntax, whose options a later
 * config block would replace.)
 */
const messages = {
  bodyRead: "Den Request-Body liest nur readFormData aus ~/server/request-body.server, direkt in parseWithZod (Entscheidung 0014).",
  formHeld: "readFormData(...) gehört direkt in parseWithZod(...): Felder werden nicht einzeln gelesen (Entscheidung 0014).",
  formEntries: "Formulare werden mit parseWithZod gelesen, nicht über Object.fromEntries (Entscheidung 0014).",
  status: "Statuscodes vergibt refuse/respond aus ~/server/outcome.server, nicht die Route (Entscheidung 0014).",
};

/** Methods that consume a request body; `formData()` on anything, the others on something called request. */
const BODY_READERS = new Set(["formData", "text", "json", "arrayBuffer", "blob", "bytes"]);

function isLoaderFunction(node) {
  if (node.type === "FunctionDeclaration") return node.id?.name === "loader";
  if (node.type === "ArrowFunctionExpression" || node.type === "FunctionExpression") {
    const declarator = node.parent;
    return declarator?.type === "VariableDeclarator" && declarator.id.type === "Identifier" && declarator.id.name === "loader";
  }
  return false;
}

function isInsideLoader(node) {
  for (let current = node.parent; current; current = current.parent) {
    if (isLoaderFunction(current)) return true;
  }
  return false;
}

function propertyName(member) {
  if (member.type !== "MemberExpression") return null;
  if (!member.computed && member.property.type === "Identifier") return member.property.name;
  if (member.property.type === "Literal" && typeof member.property.value === "string") return member.property.value;
  return null;
}

function isRequest(node) {
  return (node.type === "Identifier" && /^req(uest)?$/i.test(node.name)) || propertyName(node) === "request";
}

function isCallTo(node, name) {
  return node?.type === "CallExpression" && node.callee.type === "Identifier" && node.callee.name === name;
}

/** A readFormData call is fine only as an argument (awaited, possibly through a helper such as withUncheckedBoxes) of parseWithZod. */
function flowsIntoParse(call) {
  let current = call;
  for (;;) {
    const parent = current.parent;
    if (parent?.type === "AwaitExpression") {
      current = parent;
      continue;
    }
    if (parent?.type === "CallExpression" && parent.arguments.includes(current)) {
      if (isCallTo(parent, "parseWithZod")) return true;
      current = parent;
      continue;
    }
    return false;
  }
}

/**
 * A response init that may carry a status: a number, a variable or call whose
 * content the rule cannot see, or an object with `status` or a spread.
 */
function mayCarryStatus(init) {
  if (!init) return false;
  if (init.type !== "ObjectExpression") return true;
  return init.properties.some((property) => {
    if (property.type !== "Property" || property.computed) return true;
    return (property.key.type === "Identifier" ? property.key.name : property.key.value) === "status";
  });
}

/** @type {import("eslint").Rule.RuleModule} */
const rule = {
  meta: { type: "problem", messages, schema: [] },
  create(context) {
    const statusOutsideLoader = (node, init) => {
      if (mayCarryStatus(init) && !isInsideLoader(node)) context.report({ node, messageId: "status" });
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        const method = propertyName(callee);
        if (method === "formData" || (method !== null && BODY_READERS.has(method) && isRequest(callee.object))) {
          context.report({ node, messageId: "bodyRead" });
        }
        if (isCallTo(node, "readFormData") && !flowsIntoParse(node)) context.report({ node, messageId: "formHeld" });
        if (
          callee.type === "MemberExpression" &&
          callee.object.type === "Identifier" &&
          callee.object.name === "Object" &&
          method === "fromEntries"
        ) {
          const [entries] = node.arguments;
          // Pairs built in place (Object.entries(…).map(…), [[…]]) are not a form; anything held or awaited may be one.
          const built =
            entries?.type === "ArrayExpression" ||
            (entries?.type === "CallExpression" && ["map", "flatMap", "filter"].includes(propertyName(entries.callee)));
          if (!built) context.report({ node, messageId: "formEntries" });
        }
        if (callee.type === "Identifier" && callee.name === "data") statusOutsideLoader(node, node.arguments[1]);
        if (
          callee.type === "MemberExpression" &&
          callee.object.type === "Identifier" &&
          callee.object.name === "Response" &&
          method === "json"
        ) {
          statusOutsideLoader(node, node.arguments[1]);
        }
      },
      NewExpression(node) {
        if (node.callee.type === "Identifier" && node.callee.name === "Response") statusOutsideLoader(node, node.arguments[1]);
      },
      // for (const [name, value] of form): the form can only come from a body reader, which is reported above.
    };
  },
};

export default { rules: { "one-write-path": rule } };

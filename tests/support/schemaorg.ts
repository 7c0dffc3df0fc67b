/**
 * Checks JSON-LD against the schema.org vocabulary (tests/fixtures/schemaorg-vocabulary.json, written by
 * scripts/schemaorg-vocabulary.ts): every node's @type exists, every property is defined for that type or one of
 * its parents, and every value has a type the property allows (a node of a subtype, a reference by @id or by
 * URL, a schema.org URL naming a subtype such as "https://schema.org/LikeAction", text, a whole number, a date
 * and time with its time zone). What the schema.org validator reports as an error, this reports too; Google's own
 * required and recommended properties are the tests' business.
 */
import fs from "node:fs";

interface Vocabulary {
  types: Record<string, { base: string }>;
  bases: Record<string, { parents: string[]; properties: Record<string, string[]> }>;
}

const vocabulary = JSON.parse(fs.readFileSync(new URL("../fixtures/schemaorg-vocabulary.json", import.meta.url), "utf8")) as Vocabulary;

/** Values without a node of their own: schema.org's data types. */
const DATA_TYPES = new Set([
  "Text",
  "URL",
  "Date",
  "DateTime",
  "Time",
  "Number",
  "Integer",
  "Float",
  "Boolean",
  "CssSelectorType",
  "XPathType",
  "PronounceableText",
]);

const SCHEMA_URL = /^https?:\/\/schema\.org\/(\w+)$/;
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;
const DATE = /^\d{4}-\d\d-\d\d$/;

/** The type, the base it was declared on and every parent of that base. */
function lineage(type: string): Set<string> {
  const found = new Set<string>([type]);
  const queue = [vocabulary.types[type]?.base ?? type];
  while (queue.length > 0) {
    const base = queue.pop()!;
    if (found.has(base) && base !== type) continue;
    found.add(base);
    queue.push(...(vocabulary.bases[base]?.parents ?? []));
  }
  return found;
}

function propertiesOf(type: string): Map<string, string[]> {
  const properties = new Map<string, string[]>();
  for (const base of lineage(type)) {
    for (const [name, ranges] of Object.entries(vocabulary.bases[base]?.properties ?? {})) properties.set(name, ranges);
  }
  return properties;
}

const isSubtypeOfAny = (type: string, ranges: string[]) => [...lineage(type)].some((ancestor) => ranges.includes(ancestor));

function valueErrors(value: unknown, ranges: string[], path: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => valueErrors(item, ranges, `${path}[${index}]`));
  if (value !== null && typeof value === "object") {
    const node = value as Record<string, unknown>;
    if (typeof node["@type"] !== "string") {
      return Object.keys(node).every((key) => key === "@id") ? [] : [`${path}: a node without @type`];
    }
    const type = node["@type"];
    if (vocabulary.types[type] && !isSubtypeOfAny(type, ranges)) return [`${path}: ${type} is none of ${ranges.join(", ")}`];
    return schemaOrgErrors(node, path);
  }
  if (typeof value === "string") {
    // Where a node is expected, the schema.org context reads a string as a reference (its IRI): a schema.org
    // URL names a type ("https://schema.org/LikeAction" as an interactionType), any other URL a node (a
    // BreadcrumbList item).
    const named = SCHEMA_URL.exec(value)?.[1];
    if (named && vocabulary.types[named]) {
      return isSubtypeOfAny(named, ranges) ? [] : [`${path}: ${named} is none of ${ranges.join(", ")}`];
    }
    if (/^https?:\/\//.test(value) && ranges.some((range) => !DATA_TYPES.has(range))) return [];
    if (ranges.includes("DateTime") && DATE_TIME.test(value)) return [];
    if (ranges.includes("Date") && DATE.test(value)) return [];
    if (/^\d{4}-\d\d-\d\dT/.test(value))
      return [`${path}: "${value}" is no date and time with a time zone allowed here (${ranges.join(", ")})`];
    if (ranges.some((range) => ["Text", "URL", "CssSelectorType", "XPathType", "PronounceableText"].includes(range))) return [];
    return [`${path}: text "${value.slice(0, 40)}" where ${ranges.join(", ")} is expected`];
  }
  if (typeof value === "number") {
    if (ranges.includes("Number") || ranges.includes("Float")) return [];
    if (ranges.includes("Integer") && Number.isInteger(value)) return [];
    return [`${path}: the number ${value} where ${ranges.join(", ")} is expected`];
  }
  if (typeof value === "boolean") return ranges.includes("Boolean") ? [] : [`${path}: a boolean where ${ranges.join(", ")} is expected`];
  return [`${path}: ${String(value)} is no value`];
}

/** What is wrong with a JSON-LD node by schema.org; an empty list when nothing is. */
export function schemaOrgErrors(node: Record<string, unknown>, path = "$"): string[] {
  const type = node["@type"];
  if (typeof type !== "string") return [`${path}: no @type`];
  if (!vocabulary.types[type] && !DATA_TYPES.has(type)) return [`${path}: schema.org has no type ${type}`];
  const properties = propertiesOf(type);
  return Object.entries(node).flatMap(([key, value]) => {
    if (key.startsWith("@")) return key === "@context" && value !== "https://schema.org" ? [`${path}: @context ${String(value)}`] : [];
    // schema.org's potential actions annotate a property of the action with "-input" or "-output" ("query-input").
    const annotated = /^(\w+)-(input|output)$/.exec(key)?.[1];
    if (annotated && properties.has(annotated)) return valueErrors(value, ["Text", "PropertyValueSpecification"], `${path}.${key}`);
    const ranges = properties.get(key);
    if (!ranges) return [`${path}: ${type} has no property ${key}`];
    return valueErrors(value, ranges, `${path}.${key}`);
  });
}

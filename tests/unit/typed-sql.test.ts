import fs from "node:fs";
import path from "node:path";
import { getTableColumns, getTableName, isTable, type Table } from "drizzle-orm";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files";
import * as schema from "../../db/schema";

/**
 * Typed SQL: tables and columns in a `sql` template go through the
 * schema objects (`${discussions}`, `${d.hiddenAt}` of `alias(discussions, "d")`),
 * so renaming one in db/schema/ breaks the type check instead of a query at
 * run time. This test reads the literal text of every `sql` template and finds
 * what was written by hand. Names come from the schema, so a new table is covered.
 */

const tables: Table[] = (Object.values(schema) as unknown[]).filter((value): value is Table => isTable(value));
const tableNames = new Set(tables.map((table) => getTableName(table)));
const columnNames = new Set(tables.flatMap((table) => Object.values(getTableColumns(table)).map((column) => column.name)));

const word = "[a-z_][a-z0-9_]*";
const tableAfterKeyword = new RegExp(`\\b(?:from|join|into|update|table|only)\\s+"?(${word})"?(?![a-z0-9_(])`, "gi");
const qualified = new RegExp(`(?<![\\w."])"?(${word})"?\\s*\\.\\s*"?(${word})"?`, "gi");
/** A column written alone (`where hidden_at is null`); only snake_case names, as `id` or `kind` are too common a word. */
const bare = new RegExp(`(?<![\\w."])(?<!\\bas\\s+)(${word}_${word})(?![\\w"(.])`, "gi");
/** Names a template itself gives to a CTE or a subquery: their columns are the query's own, not a table's. */
const derivedName = new RegExp(`\\b(${word})\\s+as\\s+(?:materialized\\s+)?\\(|\\)\\s*(?:as\\s+)?(${word})\\b`, "gi");

interface Finding {
  text: string;
  problem: string;
}

/** What one template's literal parts (the text between its `${…}`) name by hand. */
function findHandWritten(parts: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const text = parts.join(" ${…} ");
  const derived = new Set([...text.matchAll(derivedName)].map((match) => (match[1] ?? match[2] ?? "").toLowerCase()));
  for (const match of text.matchAll(tableAfterKeyword)) {
    const name = (match[1] ?? "").toLowerCase();
    if (tableNames.has(name) && !derived.has(name)) findings.push({ text: match[0], problem: `table ${name} written as text` });
  }
  for (const match of text.matchAll(qualified)) {
    const [owner, column] = [(match[1] ?? "").toLowerCase(), (match[2] ?? "").toLowerCase()];
    if (tableNames.has(owner) && !derived.has(owner)) findings.push({ text: match[0], problem: `table ${owner} written as text` });
    else if (columnNames.has(column) && !derived.has(owner)) findings.push({ text: match[0], problem: `column ${column} written as text` });
  }
  for (const match of text.matchAll(bare)) {
    const name = (match[1] ?? "").toLowerCase();
    if (columnNames.has(name) && !tableNames.has(name)) findings.push({ text: match[0], problem: `column ${name} written as text` });
  }
  // `${discussions}.id`: the table is an object, its column is not.
  parts.slice(1).forEach((part) => {
    const column = new RegExp(`^\\s*\\.\\s*"?(${word})`, "i").exec(part);
    if (column) findings.push({ text: part.slice(0, 40), problem: `column ${column[1]} written as text after an interpolation` });
  });
  return findings;
}

/** The literal parts of every `sql` template (also `sql<T>`) in a TypeScript source. */
function sqlTemplates(source: string, fileName = "x.ts"): { line: number; parts: string[] }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: { line: number; parts: string[] }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === "sql") {
      const template = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template.text]
        : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, parts });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const scan = (source: string) => sqlTemplates(source).flatMap(({ parts }) => findHandWritten(parts).map((finding) => finding.problem));

describe("typed SQL", () => {
  it("knows the schema's tables, the new ones too", () => {
    expect(tableNames).toContain("notification_items");
    expect(tableNames).toContain("read_positions");
    expect(columnNames).toContain("read_at");
  });

  it("flags table and column names written as text", () => {
    expect(scan("sql`insert into notification_items (notification_id) select 1`")).toContain("table notification_items written as text");
    expect(scan("sql`select id from profiles where id = ${memberId}`")).toEqual(["table profiles written as text"]);
    expect(scan("sql`select 1 from ${notifications} n join discussions d on d.id = n.discussion_id`")).toEqual([
      "table discussions written as text",
      "column id written as text",
      "column discussion_id written as text",
    ]);
    expect(scan('sql`update "read_positions" set x = 1`')).toEqual(["table read_positions written as text"]);
    expect(scan("sql`select notifications.id from ${notifications}`")).toEqual(["table notifications written as text"]);
    expect(scan("sql`(select max(c.created_at) from ${comments} c where c.discussion_id = ${discussions}.id)`")).toEqual([
      "column created_at written as text",
      "column discussion_id written as text",
      "column id written as text after an interpolation",
    ]);
    expect(scan("sql<string>`select * from comments`")).toEqual(["table comments written as text"]);
    expect(scan("sql`update ${notifications} set mailed_at = now() where ${notifications.id} = ${id}`")).toEqual([
      "column mailed_at written as text",
    ]);
  });

  it("lets schema objects, CTEs, subqueries and SQL functions through", () => {
    expect(scan("sql`select ${n.id} from ${n} where ${n.readAt} is null`")).toEqual([]);
    expect(scan("sql`with told as (select ${n.recipientId} as recipient_id from ${n}) select told.recipient_id from told`")).toEqual([]);
    expect(scan("sql`select t.position, v.visible from (select 1 as position) t cross join lateral (select 2) v`")).toEqual([]);
    expect(scan("sql`now() - make_interval(mins => ${minutes})`")).toEqual([]);
    expect(scan("sql`select count(*)::int from ${discussions} where ${discussions.hiddenAt} is null`")).toEqual([]);
    expect(scan("sql`excluded.${sql.identifier(column.name)}`")).toEqual([]);
    expect(scan("sql`select count(*) as recipient_id from ${notifications}`")).toEqual([]);
  });

  it("finds no table or column written as text under app/server and scripts", () => {
    const findings = ["app/server", "scripts"].flatMap((dir) =>
      sourceFiles(path.join(process.cwd(), dir)).flatMap((file) =>
        sqlTemplates(fs.readFileSync(file, "utf8"), file).flatMap(({ line, parts }) =>
          findHandWritten(parts).map(
            (finding) => `${path.relative(process.cwd(), file)}:${line} ${finding.problem}: ${finding.text.trim()}`,
          ),
        ),
      ),
    );
    expect(findings).toEqual([]);
  });
});

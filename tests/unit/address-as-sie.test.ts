/**
 * The forum addresses its readers as "Sie" (README, „Texte“). This reads every
 * text the code holds (string and template literals, JSX text) under app/ and
 * server/ and fails on a "du" form: the pronouns and an imperative that starts
 * a sentence. The only exceptions are texts the specification prescribes word
 * for word, listed below with their place in it.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/source-files";

/** Texts of the specification (SPEC.md), kept verbatim although they say "du". */
const SPEC_TEXTS = [
  // §2 home page: the subforum cards' button.
  "Gehe zur Community",
  // §2 member directory: subtitle and empty state.
  "Entdecke die Marketing-Experten unserer Community",
  "Versuche es mit anderen Suchkriterien.",
  // §2 admin panel: a member without the right.
  "Zugriff verweigert: Du hast keine Berechtigung, auf diese Seite zuzugreifen. Administrator-Rechte sind erforderlich.",
  // §7 failures: seeding without a session.
  "Du musst angemeldet sein",
];

/** The words of the demo's members (their posts and profiles): members may say "du" to each other. */
const MEMBER_VOICES = ["app/server/demo"];

const PRONOUN = /(?<![\p{L}\p{N}_-])(du|dich|dir|dein\p{L}*|euch|euer\p{L}*|eure[mnrs]?)(?![\p{L}\p{N}_-])/iu;
/** "Gib", "Schreibe", "Werde Teil …": an imperative of the "du" form at the start of a sentence. */
const IMPERATIVE =
  /(?:^|[.!?:]\s+)(Beschreibe|Bestätige|Entdecke|Erstelle|Füge|Gehe|Gib|Hilf|Klicke|Lade|Lies|Logge|Melde|Nutze|Öffne|Prüfe|Registriere|Schau|Schicke|Schreibe|Sende|Sieh|Starte|Teile|Trage|Vergiss|Versuche|Wähle|Warte|Werde)\s/u;
/** "gib", "schreib" anywhere, e.g. after "Bitte". */
const IMPERATIVE_ANYWHERE = /(?<![\p{L}\p{N}_-])(gib|schreib|klick|meld|versuch)(?![\p{L}\p{N}_-])/iu;

function duForm(text: string): string | null {
  return (text.match(PRONOUN) ?? text.match(IMPERATIVE) ?? text.match(IMPERATIVE_ANYWHERE))?.[1] ?? null;
}

/** Every text in a source file: string literals, the fixed parts of template literals, JSX text. */
function textsOf(file: string): Array<{ line: number; text: string }> {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    // A quoted property name ({ "dir": … }) is code, not text.
    if (ts.isPropertyAssignment(node)) return visit(node.initializer);
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const text = node.text.replace(/\s+/g, " ").trim();
      if (text) found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = ["app", "server"]
  .flatMap((dir) => sourceFiles(path.join(process.cwd(), dir)))
  .map((file) => path.relative(process.cwd(), file))
  .filter((file) => !MEMBER_VOICES.some((dir) => file.startsWith(`${dir}/`)));

/** Each file parsed once for both checks below. */
const textsByFile = new Map<string, Array<{ line: number; text: string }>>();
const textsIn = (file: string) => textsByFile.get(file) ?? textsByFile.set(file, textsOf(file)).get(file)!;

describe("the reader is addressed as 'Sie'", () => {
  it("finds the du forms it is meant to find, and not Sie, Ihr or other words", () => {
    for (const text of [
      "Schreibe einen Kommentar...",
      "Bitte gib deine E-Mail-Adresse ein.",
      "Du hast keine Berechtigung",
      "Hast du dein Passwort vergessen?",
      "Wir schicken dir einen Link.",
      "Melde dich an",
      "Werde Teil der Community.",
      "Fertig. Starte die erste Diskussion!",
      "Eure Meinung zählt",
    ]) {
      expect(duForm(text), text).not.toBeNull();
    }
    for (const text of [
      "Schreiben Sie einen Kommentar...",
      "Bitte geben Sie Ihre E-Mail-Adresse ein.",
      "Ihr Konto wurde freigeschaltet.",
      "Zu viele Anmeldeversuche",
      "Dur-Tonart, Produktgruppe, Verzeichnis, Dirigent, Europa",
      "Antwort schreiben...",
      "Werden Sie Teil der Community.",
    ]) {
      expect(duForm(text), text).toBeNull();
    }
  });

  it("in every text under app/ and server/, except the specification's own", () => {
    const findings = files.flatMap((file) =>
      textsIn(file)
        .filter(({ text }) => !SPEC_TEXTS.includes(text) && duForm(text) !== null)
        .map(({ line, text }) => `${file}:${line} „${duForm(text)}“ in: ${text}`),
    );
    expect(findings).toEqual([]);
  });

  it("lists only specification texts the app still holds", () => {
    const all = new Set(files.flatMap((file) => textsIn(file).map(({ text }) => text)));
    expect(SPEC_TEXTS.filter((text) => !all.has(text))).toEqual([]);
  });
});

/**
 * Synonyms of the trade applied to a query, without the database: the groups come from synonyms.server.ts.
 * A term is found as whole words in any case ("seo", "Google Ads"), the longest first, so "Google Analytics 4"
 * is one term and not "Google" plus "4". A term after "-" is a word the searcher excludes and stays as typed.
 */

export interface SynonymGroup {
  id: string;
  terms: string[];
}

/** A query with its synonyms: the words outside any term, and for each term found, all the terms it stands for. */
export interface ExpandedQuery {
  /** The query without the terms found (for the full-text part), single spaces; "" when only terms were typed. */
  rest: string;
  /** One entry per term found: the term as typed first, then the others of its groups. */
  alternatives: string[][];
  /**
   * The whole query spelled with each combination of alternatives, as typed first (for the substring part):
   * at most MAX_VARIANTS, so a query of many terms does not grow into a statement of hundreds of ILIKEs.
   */
  variants: string[];
}

export const MAX_VARIANTS = 8;
export const MAX_TERMS = 6;

export const termKey = (term: string) => term.normalize("NFC").toLocaleLowerCase("de").replace(/\s+/g, " ").trim();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The groups compiled for matching: each term's alternatives, and one pattern that finds any term. */
export class Synonyms {
  readonly groups: SynonymGroup[];
  private readonly byTerm = new Map<string, string[]>();
  private readonly pattern: RegExp | null;

  constructor(groups: SynonymGroup[]) {
    this.groups = groups;
    for (const group of groups) {
      for (const term of group.terms) {
        const key = termKey(term);
        const known = this.byTerm.get(key) ?? [];
        // A term in two groups stands for the terms of both.
        for (const other of group.terms) if (!known.some((k) => termKey(k) === termKey(other))) known.push(other);
        this.byTerm.set(key, known);
      }
    }
    const keys = [...this.byTerm.keys()].sort((a, b) => b.length - a.length);
    // Letters, digits and marks of any script bound a word; a space inside a term matches any white space.
    this.pattern =
      keys.length === 0
        ? null
        : new RegExp(
            `(?<![\\p{L}\\p{N}\\p{M}_-])(${keys.map((key) => escapeRegExp(key).replace(/ /g, "\\s+")).join("|")})(?![\\p{L}\\p{N}\\p{M}_])`,
            "giu",
          );
  }

  get size(): number {
    return this.groups.length;
  }

  /** Every term the term stands for, itself included (in its stored spelling); [] for a term of no group. */
  of(term: string): string[] {
    return this.byTerm.get(termKey(term)) ?? [];
  }

  /** Every term of every group, for "Meinten Sie …?". */
  allTerms(): string[] {
    return this.groups.flatMap((group) => group.terms);
  }

  expand(query: string): ExpandedQuery {
    const found: Array<{ start: number; end: number; typed: string; alternatives: string[] }> = [];
    if (this.pattern) {
      for (const match of query.matchAll(this.pattern)) {
        const typed = match[0];
        const all = this.of(typed);
        found.push({
          start: match.index,
          end: match.index + typed.length,
          typed,
          alternatives: [typed, ...all.filter((term) => termKey(term) !== termKey(typed))],
        });
      }
    }
    // Each term found is one more OR group in the statement: a query of more than MAX_TERMS of them keeps the rest as text.
    found.splice(MAX_TERMS);
    if (found.length === 0) return { rest: query, alternatives: [], variants: [query] };

    let rest = "";
    let at = 0;
    for (const term of found) {
      rest += `${query.slice(at, term.start)} `;
      at = term.end;
    }
    rest = `${rest}${query.slice(at)}`.replace(/\s+/g, " ").trim();

    // Combinations in order: as typed, then each term replaced alone, then more at once, until MAX_VARIANTS.
    // Cut to MAX_VARIANTS after each term: a query of many terms must not multiply out first.
    let variants: Array<{ text: string; changed: number }> = [{ text: "", changed: 0 }];
    at = 0;
    for (const term of found) {
      const between = query.slice(at, term.start);
      at = term.end;
      variants = variants
        .flatMap((variant) =>
          term.alternatives.map((alternative, index) => ({
            text: variant.text + between + alternative,
            changed: variant.changed + (index === 0 ? 0 : 1),
          })),
        )
        .map((variant, index) => ({ ...variant, index }))
        .sort((a, b) => a.changed - b.changed || a.index - b.index)
        .slice(0, MAX_VARIANTS);
    }
    const tail = query.slice(at);
    const ordered = variants.map((variant) => variant.text + tail);

    return { rest, alternatives: found.map((term) => term.alternatives), variants: ordered };
  }
}

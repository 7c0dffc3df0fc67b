import { eq } from "drizzle-orm";
import { watchedTerms, type WatchKind } from "../../../db/schema";
import { watchActionLabels, watchActionsByKind, watchKindLabels, type AddWatchedTermInput } from "~/lib/schemas/watchlist";
import { can, type Viewer } from "~/server/accounts";
import { defineService } from "~/server/db";
import { recordAudit } from "~/server/moderation";
import { done, fail, ok, type Failure } from "~/server/platform";
import { forgetWatchList, normalizeDomain, normalizeWord, WatchList } from "~/server/watchlist";

/** The term as the list keeps it, or the form's error for it. */
function normalizedTerm(kind: WatchKind, term: string): string | Failure {
  if (kind === "word") {
    const word = normalizeWord(term);
    // At least two letters or digits: "*" or "a" would match nearly every post.
    return (word.match(/[\p{L}\p{N}]/gu)?.length ?? 0) >= 2
      ? word
      : fail("invalid", "Ein Begriff braucht mindestens zwei Buchstaben oder Ziffern.", {
          term: ["Mindestens zwei Buchstaben oder Ziffern."],
        });
  }
  const domain = normalizeDomain(term);
  return (
    domain ??
    fail("invalid", "Bitte geben Sie eine Domain wie beispiel.de ein.", { term: ["Bitte geben Sie eine Domain wie beispiel.de ein."] })
  );
}

function auditDetails(entry: { kind: WatchKind; action: keyof typeof watchActionLabels; replacement: string | null }): string {
  const action =
    entry.replacement === null ? watchActionLabels[entry.action] : `${watchActionLabels[entry.action]} durch „${entry.replacement}“`;
  return `${watchKindLabels[entry.kind]} · ${action}`;
}

/**
 * An administrator adds a word or domain to one of the lists. Written with its
 * audit entry; the table's trigger tells every process (NOTIFY "watchlist"),
 * and this one forgets its copy at once, so the admin's next post already meets it.
 */
export const addWatchedTerm = defineService<Viewer, AddWatchedTermInput, Record<never, never>, { term: string }>({
  policy: (actor) => can(actor, "manageWatchList"),
  load: async () => ({}),
  async change(tx, { actor, input }) {
    if (!watchActionsByKind[input.kind].includes(input.action))
      return fail("invalid", "Diese Aktion gibt es für diese Liste nicht.", { action: ["Diese Aktion gibt es für diese Liste nicht."] });
    const term = normalizedTerm(input.kind, input.term);
    if (typeof term !== "string") return term;
    const replacement = input.action === "replace" ? (input.replacement ?? null) : null;
    if (input.action === "replace") {
      if (replacement === null)
        return fail("invalid", "Bitte geben Sie an, wodurch der Begriff ersetzt wird.", {
          replacement: ["Bitte geben Sie einen Ersatztext ein."],
        });
      // A replacement the word matches again would grow by itself with every edit of the post.
      const again = new WatchList([{ kind: "word", term, action: "replace", replacement }]).screen({ text: replacement });
      if (again.text !== replacement)
        return fail("invalid", "Der Ersatztext darf den Begriff nicht selbst enthalten.", {
          replacement: ["Der Ersatztext darf den Begriff nicht selbst enthalten."],
        });
    }
    const [row] = await tx
      .insert(watchedTerms)
      .values({ kind: input.kind, term, action: input.action, replacement, createdBy: actor.id })
      .onConflictDoNothing({ target: [watchedTerms.kind, watchedTerms.term] })
      .returning({ id: watchedTerms.id });
    if (!row) return fail("conflict", `„${term}“ steht bereits auf dieser Liste.`, { term: ["Steht bereits auf dieser Liste."] });
    await recordAudit(tx, actor, {
      action: "watch-term-add",
      targetType: "watched-term",
      targetId: row.id,
      targetLabel: term,
      details: auditDetails({ kind: input.kind, action: input.action, replacement }),
    });
    return ok({ term });
  },
  after: async () => forgetWatchList(),
});

type LoadedTerm = { id: string; kind: WatchKind; term: string; action: keyof typeof watchActionLabels; replacement: string | null };

/** Removes an entry; of two administrators removing it at once, the second finds it gone (404). */
export const removeWatchedTerm = defineService<Viewer, { id: string }, LoadedTerm>({
  policy: (actor) => can(actor, "manageWatchList"),
  load: async (tx, { id }) =>
    (
      await tx
        .select({
          id: watchedTerms.id,
          kind: watchedTerms.kind,
          term: watchedTerms.term,
          action: watchedTerms.action,
          replacement: watchedTerms.replacement,
        })
        .from(watchedTerms)
        .where(eq(watchedTerms.id, id))
        .for("update")
    )[0] ?? null,
  async change(tx, { actor, loaded }) {
    await tx.delete(watchedTerms).where(eq(watchedTerms.id, loaded.id));
    await recordAudit(tx, actor, {
      action: "watch-term-remove",
      targetType: "watched-term",
      targetId: loaded.id,
      targetLabel: loaded.term,
      details: auditDetails(loaded),
    });
    return done;
  },
  after: async () => forgetWatchList(),
});

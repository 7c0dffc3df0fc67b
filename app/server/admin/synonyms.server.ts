import { eq, sql } from "drizzle-orm";
import { searchSynonyms } from "../../../db/schema";
import type { AddSynonymGroupInput } from "~/lib/schemas/synonyms";
import { can, type Viewer } from "~/server/accounts";
import { defineService } from "~/server/db";
import { recordAudit } from "~/server/moderation";
import { done, fail, ok } from "~/server/platform";
import { forgetSynonyms, termKey } from "~/server/search";

/**
 * Staff add a group of terms that mean the same to the search. A term already in another group is refused: the
 * groups would otherwise join behind the page's back, and removing one would leave the other half-working. Written
 * with its audit entry; the table's trigger tells every process (NOTIFY "search_synonyms"), and this one forgets its
 * copy at once, so the next search already uses the group.
 */
export const addSynonymGroup = defineService<Viewer, AddSynonymGroupInput, Record<never, never>, { terms: string[] }>({
  policy: (actor) => can(actor, "editSynonyms"),
  load: async () => ({}),
  async change(tx, { actor, input }) {
    // One group at a time: two staff adding the same term at once must not both pass the check below.
    await tx.execute(sql`lock table ${searchSynonyms} in share row exclusive mode`);
    // A few dozen groups: read whole and compared as the search compares terms (termKey).
    const keys = new Set(input.terms.map(termKey));
    const taken = (await tx.select({ terms: searchSynonyms.terms }).from(searchSynonyms))
      .flatMap((group) => group.terms)
      .find((term) => keys.has(termKey(term)));
    if (taken)
      return fail("conflict", `„${taken}“ steht bereits in einer anderen Gruppe.`, {
        terms: [`„${taken}“ steht bereits in einer anderen Gruppe. Ergänzen Sie dort oder entfernen Sie diese Gruppe zuerst.`],
      });
    const [row] = await tx.insert(searchSynonyms).values({ terms: input.terms, createdBy: actor.id }).returning({ id: searchSynonyms.id });
    await recordAudit(tx, actor, {
      action: "synonym-group-add",
      targetType: "synonym-group",
      targetId: row!.id,
      targetLabel: input.terms.join(", "),
    });
    return ok({ terms: input.terms });
  },
  after: async () => forgetSynonyms(),
});

/** Removes a group; of two staff removing it at once, the second finds it gone (404). */
export const removeSynonymGroup = defineService<Viewer, { id: string }, { id: string; terms: string[] }>({
  policy: (actor) => can(actor, "editSynonyms"),
  load: async (tx, { id }) =>
    (
      await tx
        .select({ id: searchSynonyms.id, terms: searchSynonyms.terms })
        .from(searchSynonyms)
        .where(eq(searchSynonyms.id, id))
        .for("update")
    )[0] ?? null,
  async change(tx, { actor, loaded }) {
    await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, loaded.id));
    await recordAudit(tx, actor, {
      action: "synonym-group-remove",
      targetType: "synonym-group",
      targetId: loaded.id,
      targetLabel: loaded.terms.join(", "),
    });
    return done;
  },
  after: async () => forgetSynonyms(),
});

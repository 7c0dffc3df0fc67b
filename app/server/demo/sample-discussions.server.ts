import { sampleDiscussions } from "../../../db/seed/sample-discussions";
import { recordAudit } from "~/server/moderation";
import { defineService } from "~/server/db";
import { discussionEvents, insertWithUniqueSlug, richTextForStorage } from "~/server/discussions";
import { resolveTags, setDiscussionTags } from "~/server/tags";
import { can, type Viewer } from "~/server/accounts";
import { fail, ok, type Outcome, waitOutsideGate } from "~/server/platform";

// The admin panel's sample seeding (spec: 10 sample discussions): each is written like a new discussion, by the administrator.

export const SAMPLE_COUNT = sampleDiscussions.length;
/** Spec: the samples are created one after another, 100 ms apart. */
export const SAMPLE_INTERVAL_MS = 100;

/**
 * Creates sample number `index` (0-based) with the administrator as author: a new discussion like any other, so it
 * announces itself as one (category watchers hear of it, IndexNow queues its pages), with the audit entry.
 */
export const seedSample = defineService<Viewer, { index: number }, true, { slug: string }>({
  policy: (viewer) => can(viewer, "seedSamples"),
  load: async () => true,
  async change(tx, { actor, input: { index } }) {
    const sample = sampleDiscussions[index];
    if (!sample) return fail("invalid", "Diese Beispiel-Diskussion gibt es nicht.");
    const row = await insertWithUniqueSlug(
      { title: sample.title, content: richTextForStorage(sample.content), category: sample.category, authorId: actor.id },
      tx,
    );
    const tagIds = await resolveTags(tx, actor, sample.tags);
    if (!tagIds.ok) return tagIds;
    await setDiscussionTags(tx, row.id, tagIds.value);
    await recordAudit(tx, actor, { action: "seed-sample", targetType: "discussion", targetId: row.id, targetLabel: sample.title });
    await discussionEvents.emit(tx, "discussion.created", {
      discussionId: row.id,
      slug: row.slug,
      category: sample.category,
      actor,
      mentionedIds: [],
    });
    return ok({ slug: row.slug });
  },
});

/** All samples in one request (the form without JavaScript). */
export async function seedAllSamples(actor: Viewer | null): Promise<Outcome<{ created: number }>> {
  for (let index = 0; index < SAMPLE_COUNT; index++) {
    if (index > 0) await waitOutsideGate(SAMPLE_INTERVAL_MS);
    const outcome = await seedSample(actor, { index });
    if (!outcome.ok) return outcome;
  }
  return { ok: true, value: { created: SAMPLE_COUNT } };
}

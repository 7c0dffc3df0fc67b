import { sampleDiscussions } from "../../../db/seed/sample-discussions";
import { recordAudit } from "~/server/moderation";
import { db } from "~/server/db";
import { insertWithUniqueSlug, richTextForStorage } from "~/server/discussions";
import { can, type Viewer } from "~/server/accounts";
import { type Outcome, waitOutsideGate } from "~/server/platform";

// The admin panel's sample seeding (spec: 10 sample discussions): each is written like a new discussion, by the administrator.

const forbidden = { ok: false, reason: "forbidden" } as const;

export const SAMPLE_COUNT = sampleDiscussions.length;
/** Spec: the samples are created one after another, 100 ms apart. */
export const SAMPLE_INTERVAL_MS = 100;

/** Creates sample number `index` (0-based) with the administrator as author. */
export async function seedSample(actor: Viewer | null, index: number): Promise<Outcome<{ slug: string }>> {
  if (!actor || !can(actor, "seedSamples")) return forbidden;
  const sample = sampleDiscussions[index];
  if (!sample) return { ok: false, reason: "invalid", message: "Diese Beispiel-Diskussion gibt es nicht." };
  const row = await db.transaction(async (tx) => {
    const row = await insertWithUniqueSlug(
      { title: sample.title, content: richTextForStorage(sample.content), category: sample.category, authorId: actor.id },
      tx,
    );
    await recordAudit(tx, actor, { action: "seed-sample", targetType: "discussion", targetId: row.id, targetLabel: sample.title });
    return row;
  });
  return { ok: true, value: { slug: row.slug } };
}

/** All samples in one request (the form without JavaScript). */
export async function seedAllSamples(actor: Viewer | null): Promise<Outcome<{ created: number }>> {
  for (let index = 0; index < SAMPLE_COUNT; index++) {
    if (index > 0) await waitOutsideGate(SAMPLE_INTERVAL_MS);
    const outcome = await seedSample(actor, index);
    if (!outcome.ok) return outcome;
  }
  return { ok: true, value: { created: SAMPLE_COUNT } };
}

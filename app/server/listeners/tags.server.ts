import { tagEvents } from "~/server/tags";
import { recordAudit } from "~/server/moderation";

/** What staff's curation of the tags causes besides its own rows (decision 0053). */

// Every curation is audited like the other staff writes.
tagEvents.on("tag.curated", "moderation", (tx, { actor, action, tagId, label, details }) =>
  recordAudit(tx, actor, { action, targetType: "tag", targetId: tagId, targetLabel: label, details }),
);

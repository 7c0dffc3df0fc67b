import { defineEvents } from "~/server/platform";
import type { Viewer } from "~/server/accounts";

/**
 * What staff's curation of the tags announces in its transaction (decision 0053): the audit entry is written by the
 * moderation's listener (app/server/listeners/tags.server.ts), which `tags`, below it, cannot reach.
 */
export const tagEvents = defineEvents<{
  "tag.curated": {
    actor: Viewer;
    action: "tag-rename" | "tag-merge" | "tag-delete" | "tag-describe";
    tagId: string;
    /** The tag's name as the log shows it. */
    label: string;
    details: string | null;
  };
}>("tags", {
  "tag.curated": ["moderation"],
});

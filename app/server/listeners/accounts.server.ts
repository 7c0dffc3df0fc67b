import { accountEvents } from "~/server/accounts";
import { endLiveStreams } from "~/server/notifications";

/** What a write about accounts causes besides its own rows (decision 0046). */

// Their open live streams end on every app server with the commit: a suspended member's bell stops counting.
accountEvents.on("sessions.ended", "notifications", (tx, { memberId }) => endLiveStreams(tx, memberId));

import { adminEvents } from "~/server/admin";
import { accountApprovedMail, queueMail } from "~/server/mail";
import { notifyMember } from "~/server/notifications";
import { queueIndexNow } from "~/server/seo";

/** What an administrator's write causes besides its own rows and its audit entry (decision 0021). */

// The spec's approval mail goes out whatever the member's settings (alwaysMailedKinds); it leaves after the commit.
adminEvents.on("member.approved", "mail", (tx, { email, firstName }) => queueMail(accountApprovedMail(email, firstName), tx));
// The notification is for the bell only: the mail above already told them.
adminEvents.on("member.approved", "notifications", (tx, { memberId, actorId }) =>
  notifyMember(tx, { recipientId: memberId, kind: "account-approved", actorId }),
);
// A legal page whose words changed is queued for IndexNow, as a changed discussion is.
adminEvents.on("site-settings.changed", "seo", (tx, { changedPaths }) => queueIndexNow(tx, changedPaths));

export { devMailboxUrl, isDevMailboxKey } from "./dev-mailbox.server";
export { accountApprovedMail, accountExistsMail, magicLinkMail, notificationMail, passwordResetMail, verificationMail } from "./mail-templates.server";
export { deliverDueMails, listDevMailbox, queueMail, startMailWorker } from "./mail.server";

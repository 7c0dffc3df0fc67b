export { devMailboxUrl, isDevMailboxKey } from "./dev-mailbox.server";
export {
  accountApprovedMail,
  accountExistsMail,
  legalMails,
  magicLinkMail,
  notificationMail,
  passwordResetMail,
  verificationMail,
} from "./mail-templates.server";
export { listDevMailbox, queueMail } from "./mail.server";

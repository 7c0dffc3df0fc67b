export { devMailboxUrl, isDevMailboxKey } from "./dev-mailbox.server";
export { digestMail, type DigestMailInput, type DigestMailSection } from "./digest-mail.server";
export {
  accountApprovedMail,
  accountExistsMail,
  legalMails,
  magicLinkMail,
  notificationMail,
  passwordResetMail,
  verificationMail,
} from "./mail-templates.server";
export { findDevMail, listDevMailbox, queueMail, type MailMessage } from "./mail.server";

export { legalEvents } from "./events.server";
export {
  confirmNotice,
  decideNotices,
  eraseOldNotices,
  fileNotice,
  NOTICE_CONFIRM_DAYS,
  type NoticeInput,
  noticeRateRules,
  noticeReference,
  noticesFiledBy,
  noticeTexts,
  type Notifier,
  notifierOf,
} from "./notices.server";
export {
  decideObjection,
  findStatement,
  type ObjectionDecision,
  objectionDecisions,
  objectionTexts,
  objectToStatement,
  recordStatement,
  statementsOf,
  type StatementView,
  tellObjectionOutcome,
} from "./statements.server";

export { legalEvents } from "./events.server";
export {
  confirmNotice,
  decideNotices,
  eraseOldNotices,
  fileNotice,
  type NoticeInput,
  noticeRateRules,
  noticeReference,
  noticesFiledBy,
  type Notifier,
  notifierOf,
} from "./notices.server";
export {
  decideObjection,
  findStatement,
  type ObjectionDecision,
  objectionDecisions,
  objectToStatement,
  recordStatement,
  statementReference,
  statementsOf,
  type StatementView,
  tellObjectionOutcome,
} from "./statements.server";

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
  discussionStatementOf,
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
export {
  type Month,
  recentMonths,
  transparencyCsv,
  transparencyCsvName,
  type TransparencyMonth,
  type TransparencyReport,
  transparencyReport,
  transparencyTexts,
} from "./transparency.server";

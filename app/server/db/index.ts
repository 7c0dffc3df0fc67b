export {
  closeDatabase,
  type Database,
  databaseKind,
  databasePoolStats,
  db,
  escapeLike,
  excluded,
  listenToDatabase,
  onQuery,
  pingDatabase,
  queryRows,
  type Transaction,
  unqualified,
} from "./db.server";
export { checkReadiness, type Readiness } from "./readiness.server";
export { type KeptCopy, keptCopy } from "./kept-copy.server";
export { samePost } from "./same-post.server";
export { defineService, type Service, type ServiceSteps } from "./service.server";
export { knownValue, readValue, readValues, readValuesTogether, type ValueRead, valueRead } from "./value-reads.server";
export { purgeSubmissions } from "./submissions.server";

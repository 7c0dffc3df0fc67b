export { closeDatabase, type Database, databaseKind, db, escapeLike, listenToDatabase, onQuery, pingDatabase, queryRows, type Transaction } from "./db.server";
export { defineService, type Service, type ServiceSteps } from "./service.server";

/**
 * The database schema, one file per domain of app/server (decision 0021): each table lives with the domain that
 * owns it, and a table that references another's column imports it from that file (accounts and discussions
 * import no other domain, so there is no cycle). Everything is re-exported here, so `db/schema` stays the one
 * import for the app, the scripts, the tests and drizzle-kit (drizzle.config.ts).
 */
export * from "./accounts";
export * from "./discussions";
export * from "./answers";
export * from "./bookmarks";
export * from "./moderation";
export * from "./watchlist";
export * from "./images";
export * from "./jobs";
export * from "./mail";
export * from "./seo";
export * from "./notifications";
export * from "./db";
export * from "./legal";
export * from "./settings";
export * from "./search";
export * from "./tags";
export * from "./messages";

/**
 * The domains of app/server and which ones each may import (decision 0021):
 * the one place the graph is declared. A domain reaches the ones listed and
 * whatever those reach; the rule refuses a cycle. Upward, a domain announces
 * an event (app/server/platform/events.server.ts) instead. Used by
 * eslint.config.js (rule server-domains/domain-imports) and its test.
 */
export const serverDomains = {
  platform: [],
  // The HTTP edge's own modules (page cache, request bodies, CSRF, CSP, toasts, responses): for server/ and the
  // routes; no domain imports it.
  http: ["platform"],
  db: ["platform"],
  jobs: ["db"],
  // The operator's settings (decision 0049): company data, the forum's name, the legal texts; read by the mails too.
  settings: ["db"],
  mail: ["jobs", "settings"],
  watchlist: ["db"],
  accounts: ["mail", "watchlist"],
  images: ["accounts"],
  // Tags of discussions (decision 0053): below discussions, whose writes set a discussion's tags in their transaction.
  tags: ["accounts"],
  discussions: ["images", "tags"],
  notifications: ["discussions"],
  members: ["notifications"],
  search: ["discussions"],
  // Direct messages between members (decision 0062): the comments' rich text and the posting rules below them; the
  // moderation above reads a reported message with its neighbours, the notifications hear of new ones by events.
  messages: ["discussions"],
  answers: ["discussions"],
  bookmarks: ["notifications"],
  seo: ["members"],
  moderation: ["answers", "notifications", "seo", "messages"],
  admin: ["moderation", "members", "search"],
  // Notice and action under the DSA (decision 0048): notices join moderation's queue, decisions reach notifiers.
  legal: ["moderation"],
  demo: ["admin", "bookmarks", "legal"],
  // Not a domain but the layer above them: every domain's event listeners (app/server/listeners/), which only the
  // entry points load. Whatever an event's listeners need is reachable from here.
  listeners: ["admin", "legal"],
};

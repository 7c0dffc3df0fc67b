import { sql } from "drizzle-orm";
import { boolean, check, index, integer, bigint, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./shared";

// ---------------------------------------------------------------------------
// Authentication (the tables better-auth reads and writes; names follow its
// defaults so no field mapping is needed).
// ---------------------------------------------------------------------------

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /**
   * Has a second factor (an authenticator app's code or a passkey, decision 0050). better-auth's twoFactor plugin
   * reads it at sign-in to ask for the code; we also set it when a passkey is registered.
   */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

/**
 * Sessions a suspension ended, by the SHA-256 of their token: the browser that still holds such a cookie learns on
 * its next page why it was signed out, and until when. Nothing else can be done with a row; it goes once
 * read, or when the session would have ended anyway.
 */
export const endedSessions = pgTable(
  "ended_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("ended_sessions_member_id_idx").on(t.memberId), index("ended_sessions_expires_at_idx").on(t.expiresAt)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/**
 * better-auth's twoFactor plugin: the authenticator app's secret (encrypted with the signing secret, as the code must
 * be computed from it) and the recovery codes (SHA-256 hashes, decision 0050). Unverified until the first code.
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [uniqueIndex("two_factor_user_id_idx").on(t.userId)],
);

/** better-auth's passkey plugin: one row per registered WebAuthn credential (its public key only). */
export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull().unique(),
    // The authenticator's signature counter is an unsigned 32-bit number.
    counter: bigint("counter", { mode: "number" }).notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }),
    aaguid: text("aaguid"),
  },
  (t) => [index("passkey_user_id_idx").on(t.userId)],
);

/** Rate-limit counters live in the database so that several app servers share them. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------
// Forum
// ---------------------------------------------------------------------------

export const approvalStatuses = ["pending", "approved", "rejected"] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

/** The choices for the digest mail (app/lib/digest.ts labels them). */
export const digestPeriods = ["daily", "weekly", "biweekly", "never"] as const;
export type DigestPeriod = (typeof digestPeriods)[number];

export const roles = ["admin", "moderator", "member"] as const;
export type Role = (typeof roles)[number];

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull().default(""),
    expertise: text("expertise").notNull().default("general"),
    experience: text("experience").notNull().default("anfaenger"),
    bio: text("bio").notNull().default(""),
    avatarUrl: text("avatar_url"),
    /**
     * Reputation: "Hilfreich" marks on the member's visible posts, and their comments that are a
     * discussion's accepted solution. Kept in the writing statement; hiding a post takes its marks off.
     * The guest page cache does not empty for them (migration 0021): a profile may lag by the cache's maximum age.
     */
    helpfulReceived: integer("helpful_received").notNull().default(0),
    solutionsCount: integer("solutions_count").notNull().default(0),
    /**
     * Trust and safety: a suspended member cannot sign in (their sessions end at once), a silenced one
     * reads but writes nothing. Set while it lasts; `…_until` null means until an administrator lifts it.
     */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
    silencedAt: timestamp("silenced_at", { withTimezone: true }),
    silencedUntil: timestamp("silenced_until", { withTimezone: true }),
    /** Shown to the member: why they were suspended or silenced. */
    restrictionReason: text("restriction_reason"),
    newsletterSubscribed: boolean("newsletter_subscribed").notNull().default(true),
    /** E-mail when someone answers the member's discussion or comment (only while newsletter_subscribed is on). */
    notifyReplies: boolean("notify_replies").notNull().default(true),
    /**
     * When the member last used the forum signed in (app/server/accounts/visits.server.ts): set at sign-in and, at most
     * once an hour, by a page they open. The digest mail goes to whoever has been away for DIGEST_AFTER_DAYS.
     */
    lastVisitedAt: timestamp("last_visited_at", { withTimezone: true }).notNull().defaultNow(),
    /** How often the digest "Das Wichtigste aus der Community" may come (only while newsletter_subscribed is on). */
    digestPeriod: text("digest_period", { enum: digestPeriods }).notNull().default("weekly"),
    /** The last digest sent: at most one per period. */
    digestSentAt: timestamp("digest_sent_at", { withTimezone: true }),
    /** When the digest job last looked at the member (also when there was nothing new, so it looks again only a day later). */
    digestCheckedAt: timestamp("digest_checked_at", { withTimezone: true }),
    approvalStatus: text("approval_status", { enum: approvalStatuses }).notNull().default("pending"),
    /** Who approved or rejected the account, and when (kept for the audit trail). */
    approvalDecidedBy: text("approval_decided_by").references((): AnyPgColumn => profiles.id, {
      onDelete: "set null",
    }),
    approvalDecidedAt: timestamp("approval_decided_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("profiles_approval_status_check", sql`${t.approvalStatus} in ('pending', 'approved', 'rejected')`),
    check("profiles_digest_period_check", sql`${t.digestPeriod} in ('daily', 'weekly', 'biweekly', 'never')`),
    index("profiles_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    index("profiles_approval_status_created_at_idx").on(t.approvalStatus, t.createdAt.desc().nullsFirst()),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: text("role", { enum: roles }).notNull().default("member"),
    createdAt: createdAt(),
  },
  (t) => [
    check("user_roles_role_check", sql`${t.role} in ('admin', 'moderator', 'member')`),
    // One role per user: a role change is an upsert, so concurrent changes cannot leave two rows.
    uniqueIndex("user_roles_user_id_key").on(t.userId),
    index("user_roles_role_idx").on(t.role),
  ],
);

import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discussions, userRoles } from "../../db/schema";
import { db, queryRows } from "~/server/db";
import { createMemberAccount } from "~/server/accounts";

async function member(email: string) {
  return createMemberAccount(db, {
    email,
    password: { hash: "not-a-real-hash" },
    firstName: "Test",
    lastName: "Person",
    approvalStatus: "approved",
    role: "member",
    emailVerified: true,
  });
}

function newDiscussion(authorId: string, overrides: Partial<typeof discussions.$inferInsert> = {}) {
  return { slug: `slug-${randomUUID()}`, title: "Titel", content: "<p>Inhalt</p>", category: "seo", authorId, ...overrides };
}

/** The error Postgres raised, whichever driver wrapped it. */
async function pgError(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { cause?: { code?: string; constraint?: string }; code?: string; constraint?: string };
    return e.cause ?? e;
  }
  throw new Error("expected the statement to fail");
}

describe("schema and migrations", () => {
  it("creates every table of the spec and of auth", async () => {
    const result = await queryRows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = result.map((row) => row.table_name);
    for (const table of [
      "account",
      "comments",
      "discussions",
      "events",
      "profiles",
      "rate_limit",
      "session",
      "user",
      "user_roles",
      "verification",
    ]) {
      expect(names).toContain(table);
    }
  });

  it("has the indexes the lists read by", async () => {
    const result = await queryRows<{ indexname: string }>(sql`select indexname from pg_indexes where schemaname = 'public'`);
    const names = result.map((row) => row.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        "discussions_slug_key",
        "discussions_category_created_at_idx",
        "discussions_replies_count_idx",
        "discussions_author_created_at_idx",
        "comments_discussion_created_at_idx",
        "profiles_approval_status_created_at_idx",
      ]),
    );
  });

  it("rejects a category outside the six", async () => {
    const authorId = await member("kategorie@example.com");
    const error = await pgError(db.insert(discussions).values(newDiscussion(authorId, { category: "marketing" })));
    expect(error.code).toBe("23514");
    expect(error.constraint).toBe("discussions_category_check");
  });

  it("keeps slugs unique", async () => {
    const authorId = await member("slug@example.com");
    await db.insert(discussions).values(newDiscussion(authorId, { slug: "doppelt" }));
    const error = await pgError(db.insert(discussions).values(newDiscussion(authorId, { slug: "doppelt" })));
    expect(error.code).toBe("23505");
  });

  it("allows one role row per user", async () => {
    const userId = await member("rolle@example.com");
    const error = await pgError(db.insert(userRoles).values({ userId, role: "admin" }));
    expect(error.code).toBe("23505");
  });

  it("rejects unknown approval states and roles", async () => {
    const userId = await member("status@example.com");
    const status = await pgError(db.execute(sql`update profiles set approval_status = 'maybe' where id = ${userId}`));
    expect(status.code).toBe("23514");
    const role = await pgError(db.execute(sql`update user_roles set role = 'owner' where user_id = ${userId}`));
    expect(role.code).toBe("23514");
  });

  it("defaults counters to zero and pinning to false", async () => {
    const authorId = await member("defaults@example.com");
    const [row] = await db.insert(discussions).values(newDiscussion(authorId)).returning();
    expect(row).toMatchObject({ repliesCount: 0, viewsCount: 0, isPinned: false, assignedTo: null });
  });

  it("migration 0016 renames stored kinds and actions to kebab-case, groups and queued category pages with them", async () => {
    const memberId = await member("umbenannt@example.com");
    // The database as it was before 0016: the old check, old spellings in every table that stores them.
    await db.execute(sql`alter table notifications drop constraint notifications_kind_check`);
    await db.execute(
      sql`alter table notifications add constraint notifications_kind_check check (kind in ('reply_to_discussion', 'reply_to_comment', 'mention', 'watched_category', 'watched_discussion', 'account_approved', 'moderated'))`,
    );
    await db.execute(sql`insert into notifications (recipient_id, kind, group_key) values
      (${memberId}, 'watched_category', 'watched_category:tools'), (${memberId}, 'account_approved', 'account_approved::' || ${memberId}), (${memberId}, 'mention', 'mention:x')`);
    await db.execute(
      sql`insert into notification_settings (member_id, kind, email) values (${memberId}, 'reply_to_comment', false), (${memberId}, 'mention', false)`,
    );
    await db.execute(
      sql`insert into audit_log (actor_name, action, target_type, target_id, target_label) values ('Admin', 'edit_discussion', 'discussion', 'd', 'T'), ('Admin', 'hide_comment', 'comment', 'c', 'K'), ('Admin', 'pin', 'discussion', 'd', 'T')`,
    );
    await db.execute(
      sql`insert into index_now_queue (path) values ('/kategorie/tools'), ('/kategorie/events'), ('/category/events'), ('/')`,
    );

    for (const statement of readFileSync("db/migrations/0016_english_names.sql", "utf8").split("--> statement-breakpoint"))
      await db.execute(sql.raw(statement));

    const rows = await queryRows<{ kind: string; group_key: string }>(
      sql`select kind, group_key from notifications where recipient_id = ${memberId} order by kind`,
    );
    expect(rows).toEqual([
      { kind: "account-approved", group_key: `account-approved::${memberId}` },
      { kind: "mention", group_key: "mention:x" },
      { kind: "watched-category", group_key: "watched-category:tools" },
    ]);
    const settings = await queryRows<{ kind: string }>(
      sql`select kind from notification_settings where member_id = ${memberId} order by kind`,
    );
    expect(settings.map((row) => row.kind)).toEqual(["mention", "reply-to-comment"]);
    const actions = await queryRows<{ action: string }>(sql`select action from audit_log where actor_name = 'Admin' order by action`);
    expect(actions.map((row) => row.action)).toEqual(["hide-comment", "pin", "update-discussion"]);
    const queued = await queryRows<{ path: string }>(sql`select path from index_now_queue where status = 'pending' order by path`);
    expect(queued.map((row) => row.path)).toEqual(["/", "/category/events", "/category/tools"]);
    // The check is the new one again.
    const old = await pgError(
      db.execute(sql`insert into notifications (recipient_id, kind, group_key) values (${memberId}, 'reply_to_comment', 'x')`),
    );
    expect(old.constraint).toBe("notifications_kind_check");
  });
});

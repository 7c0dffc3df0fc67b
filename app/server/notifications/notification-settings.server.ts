import { eq, sql } from "drizzle-orm";
import { notificationSettings, profiles } from "../../../db/schema";
import {
  alwaysMailedKinds,
  configurableKinds,
  isPushable,
  mailedByDefault,
  pushedByDefault,
  type KindSetting,
  type PushableKind,
} from "~/lib/notifications";
import type { DigestPeriodChoice } from "~/lib/digest";
import type { ConfigurableKind } from "~/lib/schemas/profile";
import { db, defineService, excluded } from "~/server/db";
import { done, env } from "~/server/platform";
import { canEditProfile, type Viewer } from "~/server/accounts";

export interface NotificationSettings {
  newsletter: boolean;
  kinds: Record<ConfigurableKind, KindSetting>;
  /** How often the digest mail may come, and after how many days away (decision 0059). */
  digest: { period: DigestPeriodChoice; afterDays: number };
}

/**
 * The master switch and each kind's switches; a kind without a row is shown, mailed unless mailedByDefault says no,
 * and pushed (where it may be, isPushable) as pushedByDefault says.
 */
export async function getNotificationSettings(profileId: string): Promise<NotificationSettings> {
  const [[row], chosen] = await Promise.all([
    db
      .select({ newsletter: profiles.newsletterSubscribed, digestPeriod: profiles.digestPeriod })
      .from(profiles)
      .where(eq(profiles.id, profileId)),
    db.select().from(notificationSettings).where(eq(notificationSettings.memberId, profileId)),
  ]);
  const kinds = Object.fromEntries(
    configurableKinds.map((kind) => {
      const found = chosen.find((setting) => setting.kind === kind);
      return [
        kind,
        {
          inPage: found?.inPage ?? true,
          email: alwaysMailedKinds.includes(kind) || (found?.email ?? mailedByDefault(kind)),
          push: isPushable(kind) && (found?.push ?? pushedByDefault(kind)),
        },
      ];
    }),
  ) as Record<ConfigurableKind, KindSetting>;
  return {
    newsletter: row?.newsletter ?? false,
    kinds,
    digest: { period: row?.digestPeriod ?? "weekly", afterDays: env.DIGEST_AFTER_DAYS },
  };
}

/**
 * Saves the card. Each kind's switches come as `inPage_<kind>`, `email_<kind>` and, for a pushable kind, `push_<kind>`;
 * `notifyReplies` (the former single switch) sets the e-mail of both reply kinds.
 * The settings live in their own table: a change empties no cached guest page.
 */
export const updateNotificationSettings = defineService<
  Viewer,
  { profileId: string; newsletter: boolean; notifyReplies?: boolean; digestPeriod?: DigestPeriodChoice } & Partial<
    Record<`inPage_${ConfigurableKind}` | `email_${ConfigurableKind}` | `push_${PushableKind}`, boolean>
  >,
  { id: string }
>({
  policy: (viewer, { profileId }) => canEditProfile(viewer, profileId),
  load: async (tx, { profileId }) =>
    (await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for("update"))[0] ?? null,
  async change(tx, { input: { profileId, ...settings } }) {
    const values = configurableKinds.flatMap((kind) => {
      const inPage = settings[`inPage_${kind}`];
      const replyKind = kind === "reply-to-discussion" || kind === "reply-to-comment";
      const email = alwaysMailedKinds.includes(kind)
        ? undefined
        : (settings[`email_${kind}`] ?? (replyKind ? settings.notifyReplies : undefined));
      const push = isPushable(kind) ? settings[`push_${kind}`] : undefined;
      if (inPage === undefined && email === undefined && push === undefined) return [];
      return [{ memberId: profileId, kind, inPage: inPage ?? true, email: email ?? mailedByDefault(kind), push: push ?? null }];
    });
    const replies = settings["email_reply-to-discussion"] ?? settings.notifyReplies;
    await tx
      .update(profiles)
      .set({
        newsletterSubscribed: settings.newsletter,
        ...(replies === undefined ? {} : { notifyReplies: replies }),
        ...(settings.digestPeriod === undefined ? {} : { digestPeriod: settings.digestPeriod }),
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, profileId));
    if (values.length > 0) {
      await tx
        .insert(notificationSettings)
        .values(values)
        .onConflictDoUpdate({
          target: [notificationSettings.memberId, notificationSettings.kind],
          set: {
            inPage: excluded(notificationSettings.inPage),
            email: excluded(notificationSettings.email),
            // A save that says nothing of push (only the website or e-mail) keeps the member's choice.
            push: sql`coalesce(${excluded(notificationSettings.push)}, ${notificationSettings.push})`,
          },
        });
    }
    return done;
  },
});

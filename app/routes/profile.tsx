import { identityFrom } from "~/lib/site-identity";
import { Icon } from "~/components/ui/icon";
import { parseWithZod } from "@conform-to/zod/v4";
import { PageError } from "~/components/layout/page-error";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { BestAnswers, ReputationFigures } from "~/components/profile/best-answers";
import { EditProfile } from "~/components/profile/edit-profile-form";
import { NotificationCard } from "~/components/profile/notification-card";
import { PrivacyCard } from "~/components/profile/privacy-card";
import { DraftsCard } from "~/components/profile/drafts-card";
import { RestrictionCard } from "~/components/moderation/restriction-card";
import { useShowToast } from "~/components/toast/use-show-toast";
import { CategoryBadge } from "~/components/discussions/category-badge";
import { SolvedBadge } from "~/components/ui/solved-badge";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatCount, formatDate, formatMonthYear, shortenAtWord } from "~/lib/format";
import { experienceLabels, expertiseLabels } from "~/lib/members";
import { paths } from "~/lib/paths";
import { AVATAR_MAX_BYTES, DELETE_CONFIRMATION, notificationSchema, pushDeviceSchema, updateProfileSchema } from "~/lib/schemas/profile";
import { deviceLabel, pushTexts } from "~/lib/push";
import { errorMeta, seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import type { ToastMessage } from "~/lib/toast";
import {
  can,
  canDeleteAccount,
  canEditProfile,
  canEditPublicProfile,
  getViewer,
  notFoundUnless,
  signOut,
  type Viewer,
} from "~/server/accounts";
import { messageSettingsOf, messagingWith } from "~/server/messages";
import { MessageMember, MessageSettingsCard } from "~/components/messages/profile-messaging";
import { refusalText } from "~/lib/moderation";
import { listDiscussionsByAuthor, listDrafts } from "~/server/discussions";
import {
  avatarTexts,
  countContributions,
  deleteOwnAccount,
  getPublicProfile,
  listBestAnswers,
  removeAvatar,
  setAvatar,
  updateOwnProfile,
} from "~/server/members";
import {
  addPushDevice,
  getNotificationSettings,
  listPushDevices,
  removePushDevice,
  updateNotificationSettings,
  vapidKeys,
} from "~/server/notifications";
import { fail, type Failure } from "~/server/platform";
import { dispatch, fieldErrorsOf, firstMessage, forwardCookies, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import { addStructuredData, profilePageJsonLd } from "~/server/seo";
import { isRestrictionIntent, type ProfileFormAnswer, restrictionAction, restrictionView } from "./profile.restriction.server";
import type { Route } from "./+types/profile";
import { readingPage } from "~/lib/hydration";

/** Guests read it as finished HTML, without the framework (decision record 0036). */
export const handle = readingPage;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const profile = notFoundUnless(await getPublicProfile(params.id), "Profil nicht gefunden");
  const [discussions, contributions, bestAnswers, viewer] = await Promise.all([
    listDiscussionsByAuthor(profile.id),
    countContributions(profile.id),
    listBestAnswers(profile.id),
    getViewer(request),
  ]);
  const canEdit = canEditProfile(viewer, profile.id);
  addStructuredData(context, profilePageJsonLd(profile, contributions));
  return {
    profile,
    discussions,
    contributions,
    bestAnswers,
    // A silenced member's public profile stays as it is (the layout's banner says why): no edit form.
    canEditPublic: canEditPublicProfile(viewer, profile.id),
    canDeleteAccount: canDeleteAccount(viewer, profile.id),
    notifications: canEdit ? await getNotificationSettings(profile.id) : null,
    // The card's push part (decision 0060): the key a browser subscribes with, and the member's devices.
    push:
      canEdit && can(viewer, "receiveNotifications")
        ? { publicKey: (await vapidKeys()).publicKey, devices: await listPushDevices(profile.id) }
        : null,
    // "Entwürfe": the member's own drafts, never shown to anyone else.
    drafts: canEdit ? await listDrafts(profile.id) : null,
    // Staff only: a suspension or silence, and the forms to set or lift one.
    restriction: await restrictionView(viewer, profile.id),
    // Members let in (decision 0062): "Nachricht senden" and blocking on someone else's profile, the settings on their own.
    messaging: await messagingOf(viewer, profile.id),
    messageSettings: canEdit && can(viewer, "readMessages") ? await messageSettingsOf(profile.id) : null,
  };
}

async function messagingOf(viewer: Viewer | null, profileId: string) {
  if (!viewer || viewer.id === profileId || !can(viewer, "readMessages")) return null;
  const messaging = await messagingWith(viewer, profileId);
  return messaging && { ...messaging, canSend: can(viewer, "sendMessages") };
}

const deleteConfirmationText = `Bitte „${DELETE_CONFIRMATION}“ eingeben.`;

/** The page's forms, told apart by `intent`. */
const profileActionSchema = z.discriminatedUnion("intent", [
  updateProfileSchema.extend({ intent: z.literal("update-profile") }),
  z.object({ intent: z.literal("upload-avatar"), avatar: z.instanceof(File, { error: avatarTexts.notAnImage }) }),
  z.object({ intent: z.literal("remove-avatar") }),
  notificationSchema.extend({ intent: z.literal("update-notifications") }),
  pushDeviceSchema.extend({ intent: z.literal("add-push-device") }),
  z.object({ intent: z.literal("remove-push-device"), id: z.uuid({ error: pushTexts.deviceNotFound }) }),
  z.object({
    intent: z.literal("delete-account"),
    confirmation: z
      .string({ error: deleteConfirmationText })
      .trim()
      .refine((value) => value === DELETE_CONFIRMATION, deleteConfirmationText),
  }),
]);
type ProfileIntent = z.infer<typeof profileActionSchema>["intent"];

/** The toast title of each form's failure, and whether the form shows the message itself. */
const refusals: Record<
  ProfileIntent,
  { failed: string; page?: (failure: { message?: string; fieldErrors?: Record<string, string[]> }) => object }
> = {
  "update-profile": { failed: texts.profileUpdateFailed, page: ({ fieldErrors }) => ({ errors: fieldErrors ?? {} }) },
  "upload-avatar": { failed: texts.avatarUploadFailed },
  "remove-avatar": { failed: texts.avatarUploadFailed },
  "update-notifications": { failed: texts.settingsSaveFailed },
  "add-push-device": { failed: pushTexts.failed },
  "remove-push-device": { failed: "Gerät nicht entfernt" },
  "delete-account": { failed: "Konto nicht gelöscht", page: ({ message }) => ({ deleteError: message }) },
};

type ProfileActionData = ProfileFormAnswer & { toast?: ToastMessage };

function answer(intent: ProfileIntent, viewer: Viewer | null) {
  const { failed, page } = refusals[intent];
  return {
    failed,
    // A silenced member learns why (and until when) the public profile stays as it is.
    fallback: { forbidden: refusalText(viewer, texts.permissionDenied), unexpected: texts.unexpectedError },
    page: (failure: Failure): ProfileActionData => page?.(failure) ?? {},
  };
}

/** The guardian's answer for each form: the account's own, the private settings, and what the profile shows everyone. */
function mayUse(intent: ProfileIntent, viewer: Viewer | null, profileId: string): viewer is Viewer {
  if (intent === "delete-account") return canDeleteAccount(viewer, profileId);
  if (intent === "update-profile" || intent === "upload-avatar") return canEditPublicProfile(viewer, profileId);
  return canEditProfile(viewer, profileId);
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  // A whole request larger than an avatar may be is refused before it is read
  // (the server drains the unread body once the answer is out).
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > AVATAR_MAX_BYTES + 64 * 1024) return refuse(fail("too-large", avatarTexts.tooLarge), answer("upload-avatar", viewer));
  const submission = parseWithZod(await readFormData(request), { schema: profileActionSchema });
  const intent = submission.payload.intent;
  // Staff's forms (suspend, silence, lift) have their own schema, guardian and answers.
  if (isRestrictionIntent(intent)) return restrictionAction(viewer, params.id, intent, submission.payload);
  if (typeof intent !== "string" || !Object.hasOwn(refusals, intent))
    return refuse(fail("invalid"), { failed: texts.unknownError, page: (): ProfileActionData => ({}) });
  const known = intent as ProfileIntent;
  // The guardian first. A guest uploading is told to sign in (the avatar form's text); deleting is its own rule.
  if (known === "upload-avatar" && !viewer) return refuse(fail("unauthenticated", avatarTexts.notSignedIn), answer(known, viewer));
  if (!mayUse(known, viewer, params.id)) {
    return refuse(
      fail("forbidden"),
      known === "delete-account"
        ? { failed: texts.unknownError, fallback: { forbidden: texts.permissionDenied }, page: (): ProfileActionData => ({}) }
        : answer(known, viewer),
    );
  }
  if (submission.status !== "success") {
    const message = known === "update-notifications" ? undefined : firstMessage(submission.error);
    return refuse(fail("invalid", message, fieldErrorsOf(submission.error)), answer(known, viewer));
  }
  const here = paths.profile(params.id);
  const done =
    (title: string, to = here) =>
    () =>
      redirectWithToast(to, { type: "success", title });
  return dispatch(submission.value, {
    "update-profile": ({ intent, ...input }) =>
      respond(updateOwnProfile(viewer, { profileId: params.id, ...input }), {
        ...answer(intent, viewer),
        success: done(texts.profileUpdated),
      }),
    "upload-avatar": ({ intent, avatar }) =>
      respond(setAvatar(viewer, { profileId: params.id, file: { size: avatar.size, bytes: () => avatar.arrayBuffer() } }), {
        ...answer(intent, viewer),
        success: done(texts.avatarUploaded, `${here}?edit=1`),
      }),
    "remove-avatar": ({ intent }) =>
      respond(removeAvatar(viewer, { profileId: params.id }), {
        ...answer(intent, viewer),
        success: done("Profilbild entfernt", `${here}?edit=1`),
      }),
    "update-notifications": ({ intent, ...settings }) =>
      respond(updateNotificationSettings(viewer, { profileId: params.id, ...settings }), {
        ...answer(intent, viewer),
        success: done(texts.settingsSaved),
      }),
    "add-push-device": ({ intent, ...subscription }) =>
      respond(addPushDevice(viewer, { profileId: params.id, ...subscription, label: deviceLabel(request.headers.get("user-agent")) }), {
        ...answer(intent, viewer),
        success: done(pushTexts.added),
      }),
    "remove-push-device": ({ intent, id }) =>
      respond(removePushDevice(viewer, { profileId: params.id, id }), { ...answer(intent, viewer), success: done(pushTexts.removed) }),
    "delete-account": ({ intent }) =>
      respond(deleteOwnAccount(viewer, { profileId: params.id }), {
        ...answer(intent, viewer),
        success: async () => {
          const cookies = await signOut(request).catch(() => [] as string[]);
          return redirectWithToast(paths.home, { type: "info", title: "Ihr Konto wurde gelöscht." }, forwardCookies(cookies));
        },
      }),
  });
}

export default function ProfileRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, discussions, contributions, bestAnswers, canEditPublic, notifications } = loaderData;
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const [searchParams] = useSearchParams();
  const editing = canEditPublic && searchParams.get("edit") === "1";
  useShowToast(actionData?.toast);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Button asChild variant="ghost" className="w-fit">
        <Link to={paths.members}>
          <Icon name="arrow-left" />
          Zurück zu Mitgliedern
        </Link>
      </Button>
      <Card>
        {/* No header above, so not CardContent, whose padding leaves the top to one. */}
        <div className="flex flex-col items-center gap-3 p-6 text-center sm:flex-row sm:text-left">
          <Avatar name={name} src={profile.avatarUrl} size="xl" />
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold">{profile.firstName}</h1>
            {profile.company && <p className="text-muted-foreground">{profile.company}</p>}
            <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
              {expertiseLabels[profile.expertise] && <Badge>{expertiseLabels[profile.expertise]}</Badge>}
              {experienceLabels[profile.experience] && <Badge variant="outline">{experienceLabels[profile.experience]}</Badge>}
            </div>
            <div className="mt-2">
              <ReputationFigures helpful={profile.helpfulReceived} solutions={profile.solutionsCount} />
            </div>
          </div>
          {loaderData.messaging && <MessageMember memberId={profile.id} messaging={loaderData.messaging} />}
          {canEditPublic && !editing && (
            <Button asChild variant="outline" className="sm:ml-auto">
              <Link to="?edit=1#profil-bearbeiten" preventScrollReset>
                <Icon name="pencil" />
                Profil bearbeiten
              </Link>
            </Button>
          )}
        </div>
      </Card>
      {editing && <EditProfile profile={profile} errors={actionData?.errors ?? {}} />}
      <Card>
        <CardHeader>
          <CardTitle>Über mich</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="whitespace-pre-line">{profile.bio || "Noch keine Angaben."}</p>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Icon name="calendar" className="size-4" />
            Dabei seit {formatMonthYear(profile.createdAt)}
          </p>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Icon name="message-square" className="size-4" />
            {formatCount(contributions.discussions)} {contributions.discussions === 1 ? "Diskussion" : "Diskussionen"} ·{" "}
            {formatCount(contributions.comments)} {contributions.comments === 1 ? "Kommentar" : "Kommentare"}
          </p>
        </CardContent>
      </Card>
      {loaderData.drafts && <DraftsCard drafts={loaderData.drafts} profileId={profile.id} />}
      {notifications && <NotificationCard settings={notifications} push={loaderData.push} />}
      {loaderData.messageSettings && <MessageSettingsCard settings={loaderData.messageSettings} />}
      {loaderData.canDeleteAccount && (
        <PrivacyCard exportHref={`${paths.profile(profile.id)}/export`} deleteError={actionData?.deleteError ?? null} />
      )}
      <BestAnswers firstName={profile.firstName} answers={bestAnswers} />
      <section aria-labelledby="profile-discussions">
        <h2 id="profile-discussions" className="text-xl font-semibold">
          Diskussionen von {profile.firstName}
        </h2>
        {discussions.length === 0 ? (
          <p className="mt-2 text-muted-foreground">Noch keine Diskussionen gestartet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
            {discussions.map((discussion) => (
              <li key={discussion.id} className="flex flex-col gap-1 p-4">
                <div className="flex items-center gap-2 text-sm text-muted-foreground">
                  <CategoryBadge category={discussion.category} />
                  {discussion.solved && <SolvedBadge />}
                  <time dateTime={new Date(discussion.createdAt).toISOString()}>{formatDate(discussion.createdAt)}</time>
                </div>
                <Link to={paths.discussion(discussion.slug)} className="font-medium hover:text-brand-700">
                  {discussion.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {loaderData.restriction && (
        <RestrictionCard memberName={name} restriction={loaderData.restriction} form={actionData?.restriction ?? null} />
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFoundTitle="Profil nicht gefunden" />;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, error }) => {
  if (!loaderData) return errorMeta(error, "Profil nicht gefunden", identityFrom(matches));
  const { profile, contributions } = loaderData;
  // The page shows the first name only, and so do its title and structured data.
  return seoMeta(matches, {
    // A profile without a visible post is kept out of search as it is kept out of the sitemap (profileEntries): the
    // same rule, so no profile is indexable and unlisted.
    noindex: contributions.discussions + contributions.comments === 0,
    title: profile.firstName,
    description: profile.bio
      ? shortenAtWord(profile.bio, 160)
      : `${profile.firstName} ist Mitglied der Marketing Community${profile.company ? ` (${profile.company})` : ""}.`,
    path: paths.profile(profile.id),
    type: "profile",
  });
};

import { ArrowLeftIcon, CalendarIcon, HomeIcon, PencilIcon } from "lucide-react";
import { data, isRouteErrorResponse, Link, useSearchParams } from "react-router";
import { z } from "zod";
import { EditProfile } from "~/components/profile/edit-profile-form";
import { NotificationCard } from "~/components/profile/notification-card";
import { PrivacyCard } from "~/components/profile/privacy-card";
import { useShowToast } from "~/components/toast/use-show-toast";
import { CategoryBadge } from "~/components/discussions/category-badge";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate, formatMonthYear } from "~/lib/format";
import { experienceLabels, expertiseLabels } from "~/lib/members";
import { paths } from "~/lib/paths";
import { AVATAR_MAX_BYTES, DELETE_CONFIRMATION, notificationSchema, updateProfileSchema } from "~/lib/schemas/profile";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import { clientErrorMessage } from "~/lib/route-errors";
import { toastMessage, type ToastMessage } from "~/lib/toast";
import { signOut } from "~/server/accounts.server";
import { listDiscussionsByAuthor } from "~/server/discussions.server";
import { env } from "~/server/env.server";
import { notFoundUnless } from "~/server/guards.server";
import { getPublicProfile } from "~/server/members.server";
import {
  deleteOwnAccount,
  getNotificationSettings,
  removeAvatar,
  setAvatar,
  updateNotificationSettings,
  updateOwnProfile,
  type AvatarError,
} from "~/server/profile.server";
import { canDeleteAccount, canEditProfile } from "~/server/permissions.server";
import { getViewer } from "~/server/session.server";
import { readFormData } from "~/server/request-body.server";
import { redirectWithToast } from "~/server/toast.server";
import { addStructuredData } from "~/server/seo.server";
import type { Route } from "./+types/profile";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const profile = notFoundUnless(await getPublicProfile(params.id), "Profil nicht gefunden");
  const [discussions, viewer] = await Promise.all([listDiscussionsByAuthor(profile.id), getViewer(request)]);
  const canEdit = canEditProfile(viewer, profile.id);
  const url = `${env.PUBLIC_URL}${paths.profile(profile.id)}`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url,
    mainEntity: {
      "@type": "Person",
      name: `${profile.firstName} ${profile.lastName}`.trim(),
      url,
      ...(profile.company ? { worksFor: { "@type": "Organization", name: profile.company } } : {}),
      ...(profile.bio ? { description: profile.bio } : {}),
    },
  };
  addStructuredData(context, jsonLd);
  return {
    profile,
    discussions,
    canEdit,
    canDeleteAccount: canDeleteAccount(viewer, profile.id),
    notifications: canEdit ? await getNotificationSettings(profile.id) : null,
  };
}

const avatarErrors: Record<AvatarError, string> = {
  "not-signed-in": "Sie müssen angemeldet sein, um ein Avatar hochzuladen",
  forbidden: texts.permissionDenied,
  "too-large": "Die Datei ist zu groß. Maximal 5MB erlaubt.",
  "not-an-image": "Nur Bilddateien sind erlaubt.",
};

type ProfileActionData = {
  toast: ToastMessage;
  errors?: Record<string, string[] | undefined>;
  deleteError?: string;
};

function refuse(status: number, title: string, description?: string, extra: Partial<ProfileActionData> = {}) {
  return data<ProfileActionData>({ toast: toastMessage("error", title, description), ...extra }, { status });
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  // A whole request larger than an avatar may be is refused before it is read
  // (the server drains the unread body once the answer is out).
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > AVATAR_MAX_BYTES + 64 * 1024) return refuse(413, texts.avatarUploadFailed, avatarErrors["too-large"]);
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  switch (intent) {
    case "update-profile": {
      const parsed = updateProfileSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) {
        return refuse(400, texts.profileUpdateFailed, parsed.error.issues[0]?.message, { errors: z.flattenError(parsed.error).fieldErrors });
      }
      const outcome = await updateOwnProfile(viewer, params.id, parsed.data);
      if (!outcome.ok) return refuse(outcome.reason === "forbidden" ? 403 : 400, texts.profileUpdateFailed, outcome.message ?? texts.permissionDenied);
      return redirectWithToast(paths.profile(params.id), { type: "success", title: texts.profileUpdated });
    }
    case "upload-avatar": {
      const file = formData.get("avatar");
      if (!(file instanceof File)) return refuse(400, texts.avatarUploadFailed, avatarErrors["not-an-image"]);
      const result = await setAvatar(viewer, params.id, { size: file.size, bytes: () => file.arrayBuffer() });
      if (!result.ok) {
        const status = { "not-signed-in": 401, forbidden: 403, "too-large": 413, "not-an-image": 415 }[result.error];
        return refuse(status, texts.avatarUploadFailed, avatarErrors[result.error]);
      }
      return redirectWithToast(`${paths.profile(params.id)}?edit=1`, { type: "success", title: texts.avatarUploaded });
    }
    case "remove-avatar": {
      const outcome = await removeAvatar(viewer, params.id);
      if (!outcome.ok) return refuse(403, texts.avatarUploadFailed, texts.permissionDenied);
      return redirectWithToast(`${paths.profile(params.id)}?edit=1`, { type: "success", title: "Profilbild entfernt" });
    }
    case "update-notifications": {
      const parsed = notificationSchema.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return refuse(400, texts.settingsSaveFailed);
      const outcome = await updateNotificationSettings(viewer, params.id, parsed.data);
      if (!outcome.ok) return refuse(403, texts.settingsSaveFailed, texts.permissionDenied);
      return redirectWithToast(paths.profile(params.id), { type: "success", title: texts.settingsSaved });
    }
    case "delete-account": {
      if (!canDeleteAccount(viewer, params.id)) return refuse(403, texts.unknownError, texts.permissionDenied);
      if (String(formData.get("confirmation") ?? "").trim() !== DELETE_CONFIRMATION) {
        return refuse(400, "Konto nicht gelöscht", `Bitte „${DELETE_CONFIRMATION}“ eingeben.`, { deleteError: `Bitte „${DELETE_CONFIRMATION}“ eingeben.` });
      }
      const deletion = await deleteOwnAccount(viewer);
      if (!deletion.ok) return refuse(409, "Konto nicht gelöscht", deletion.message, { deleteError: deletion.message });
      const cookies = await signOut(request).catch(() => [] as string[]);
      const headers = new Headers();
      for (const cookie of cookies) headers.append("Set-Cookie", cookie);
      return redirectWithToast(paths.home, { type: "info", title: "Ihr Konto wurde gelöscht." }, headers);
    }
    default:
      return refuse(400, texts.unknownError);
  }
}

export default function ProfileRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, discussions, canEdit, notifications } = loaderData;
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const [searchParams] = useSearchParams();
  const editing = canEdit && searchParams.get("edit") === "1";
  useShowToast(actionData?.toast);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Button asChild variant="ghost" className="w-fit">
        <Link to={paths.members}>
          <ArrowLeftIcon aria-hidden="true" />
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
          </div>
          {canEdit && !editing && (
            <Button asChild variant="outline" className="sm:ml-auto">
              <Link to="?edit=1#profil-bearbeiten" preventScrollReset>
                <PencilIcon aria-hidden="true" />
                Profil bearbeiten
              </Link>
            </Button>
          )}
        </div>
      </Card>
      {editing && (
        <EditProfile profile={profile} errors={actionData?.errors ?? {}} />
      )}
      <Card>
        <CardHeader>
          <CardTitle>Über mich</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="whitespace-pre-line">{profile.bio || "Noch keine Angaben."}</p>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarIcon className="size-4" aria-hidden="true" />
            Dabei seit {formatMonthYear(profile.createdAt)}
          </p>
        </CardContent>
      </Card>
      {notifications && <NotificationCard settings={notifications} />}
      {loaderData.canDeleteAccount && <PrivacyCard exportHref={`${paths.profile(profile.id)}/export`} deleteError={actionData?.deleteError ?? null} />}
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
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{notFound ? "Profil nicht gefunden" : (clientErrorMessage(error) ?? texts.unexpectedError)}</h1>
      <Button asChild>
        <Link to={paths.home}>
          <HomeIcon aria-hidden="true" />
          Zurück zur Startseite
        </Link>
      </Button>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches, params }) => {
  if (!loaderData) return seoMeta(matches, { title: "Profil nicht gefunden", path: paths.profile(params.id), noindex: true });
  const { profile } = loaderData;
  return seoMeta(matches, {
    title: `${profile.firstName} ${profile.lastName}`.trim(),
    description: profile.bio ? profile.bio.slice(0, 160) : `${profile.firstName} ist Mitglied der Marketing Community${profile.company ? ` (${profile.company})` : ""}.`,
    path: paths.profile(profile.id),
    type: "website",
  });
};

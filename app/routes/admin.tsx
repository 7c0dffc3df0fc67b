import { Icon } from "~/components/ui/icon";
import type { SubmissionResult } from "@conform-to/react";
import { PageError } from "~/components/layout/page-error";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuditLog } from "~/components/admin/audit-log";
import { CreateUser } from "~/components/admin/create-user-form";
import { MemberList } from "~/components/admin/member-list";
import { SampleSeeder } from "~/components/admin/sample-seeder";
import { useShowToast } from "~/components/toast/use-show-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate } from "~/lib/format";
import { paths } from "~/lib/paths";
import { changeRoleSchema, createUserSchema } from "~/lib/schemas/admin";
import { seoMeta } from "~/lib/seo";
import { signUpSignalsText } from "~/lib/sign-up-guard";
import { texts } from "~/lib/texts";
import { toastMessage } from "~/lib/toast";
import { changeRole, createUser, decideApproval, listManagedMembers, listPendingMembers, resetSecondFactor } from "~/server/admin";
import { SAMPLE_COUNT, SAMPLE_INTERVAL_MS } from "~/server/demo";
import { listAuditLog } from "~/server/moderation";
import { canResetSecondFactor, requirePermission } from "~/server/accounts";
import { fail } from "~/server/platform";
import { dispatch, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import type { Route } from "./+types/admin";

/** ?mitglieder=2, ?protokoll=3: the two paginated lists of the panel; ?wer=<id> narrows the log to one person. */
function pageParam(url: URL, name: string): number {
  const value = Number(url.searchParams.get(name) ?? "1");
  return Number.isSafeInteger(value) && value >= 1 ? value : 1;
}

/** Member ids are UUIDs: anything else in ?wer= is ignored, and the whole log is shown. */
function auditActor(url: URL): string | undefined {
  const result = z.uuid().safeParse(url.searchParams.get("wer"));
  return result.success ? result.data : undefined;
}

export async function loader({ request }: Route.LoaderArgs) {
  // A member who may not open the panel gets the one error page's 403 (texts.accessDenied, spec 5.7).
  const viewer = await requirePermission(request, "openAdminPanel");
  const url = new URL(request.url);
  const actorId = auditActor(url);
  const [pending, members, audit] = await Promise.all([
    listPendingMembers(),
    listManagedMembers(pageParam(url, "mitglieder")),
    listAuditLog(pageParam(url, "protokoll"), actorId),
  ]);
  return {
    pending,
    // Each row knows whether this administrator may reset its second factor (never their own).
    members: {
      ...members,
      members: members.members.map((member) => ({ ...member, mayResetSecondFactor: canResetSecondFactor(viewer, member) })),
    },
    audit: { ...audit, actorId: actorId ?? null },
    samples: { total: SAMPLE_COUNT, interval: SAMPLE_INTERVAL_MS },
  };
}

// Member ids are UUIDs: anything else is a broken form, not a member that went missing.
const userId = z.uuid({ error: texts.unknownError });
const memberNotFound = "Dieses Mitglied gibt es nicht.";

/** The panel's forms, told apart by `intent`. */
const adminActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), userId }),
  z.object({ intent: z.literal("reject"), userId }),
  changeRoleSchema.extend({ intent: z.literal("change-role"), userId }),
  createUserSchema.extend({ intent: z.literal("create-user") }),
  z.object({ intent: z.literal("reset-second-factor"), userId }),
]);
type AdminIntent = z.infer<typeof adminActionSchema>["intent"];

const failedTitles: Record<AdminIntent, string> = {
  approve: texts.approveFailed,
  reject: texts.rejectFailed,
  "change-role": texts.roleUpdateFailed,
  "create-user": texts.createUserFailed,
  "reset-second-factor": "Zweiter Faktor nicht zurückgesetzt",
};

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePermission(request, "openAdminPanel");
  const submission = parseWithZod(await readFormData(request), { schema: adminActionSchema });
  const intent = submission.payload.intent;
  if (typeof intent !== "string" || !Object.hasOwn(failedTitles, intent)) return refuse(fail("invalid"), { failed: texts.unknownError });
  const failed = failedTitles[intent as AdminIntent];
  if (submission.status !== "success") {
    if (intent === "create-user") return refuse(fail("invalid"), { failed, page: () => ({ createUser: submission.reply() }) });
    return refuse(fail("invalid", texts.unknownError), { failed });
  }
  const answer = { failed, fallback: { forbidden: texts.accessDenied, "not-found": memberNotFound, unexpected: texts.unexpectedError } };
  const toastOnly = (title: string) => () => ({ toast: toastMessage("success", title) });
  return dispatch(submission.value, {
    approve: (input) => respond(decideApproval(viewer, input), { ...answer, success: toastOnly(texts.userApproved) }),
    reject: (input) => respond(decideApproval(viewer, input), { ...answer, success: toastOnly(texts.userRejected) }),
    "change-role": (input) => respond(changeRole(viewer, input), { ...answer, success: toastOnly(texts.roleUpdated) }),
    "reset-second-factor": (input) =>
      respond(resetSecondFactor(viewer, input), { ...answer, success: toastOnly("Zweiter Faktor zurückgesetzt, alle Sitzungen beendet") }),
    "create-user": (input) =>
      // Its conflicts bring their own text; the form shows it.
      respond(createUser(viewer, input), {
        ...answer,
        page: ({ message }) => ({
          createUser: submission.reply({ formErrors: [message ?? texts.createUserFailed], hideFields: ["password"] }),
        }),
        success: () => redirectWithToast(paths.admin, { type: "success", title: texts.userCreated }),
      }),
  });
}

export default function AdminRoute({ loaderData, actionData }: Route.ComponentProps) {
  useShowToast(actionData?.toast);
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const { pending, members, audit, samples } = loaderData;
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("userId") : null;
  // Only the create-user branch of the action sends this field.
  const createResult = (actionData as { createUser?: SubmissionResult<string[]> } | undefined)?.createUser;
  const creating = searchParams.get("neu") === "1" || createResult !== undefined;
  // Every entry of a filtered log is the same person's; with none, the filter shows no name.
  const auditActorName = audit.actorId === null ? null : (audit.entries[0]?.actorName ?? "dieser Person");

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Admin Panel</h1>
        <p className="mt-1 text-muted-foreground">Verwalte Benutzerrollen und Berechtigungen</p>
      </header>

      <Card>
        <CardHeader>
          <CardTitle>Ausstehende Genehmigungen</CardTitle>
          <CardDescription>
            {pending.length === 0
              ? "Keine ausstehenden Registrierungen."
              : `${pending.length} ${pending.length === 1 ? "Registrierung wartet" : "Registrierungen warten"} auf eine Entscheidung.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-border">
            {pending.map((member) => (
              <li
                key={member.id}
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
                data-testid="pending-member"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {/* A name without spaces (sign-ups choose it) breaks instead of widening the page on a phone. */}
                    <span className="min-w-0 [overflow-wrap:anywhere]">
                      {member.firstName} {member.lastName}
                    </span>
                    {!member.emailVerified && <Badge variant="muted">E-Mail nicht bestätigt</Badge>}
                    {member.automated && <Badge variant="warning">Automatisiert?</Badge>}
                  </p>
                  <p className="truncate text-sm text-muted-foreground">
                    {member.email}
                    {member.company ? ` · ${member.company}` : ""} · registriert am {formatDate(member.createdAt)}
                  </p>
                  {member.automated && (
                    <p className="text-sm text-muted-foreground">Wirkte automatisiert: {signUpSignalsText(member.automated)}.</p>
                  )}
                </div>
                <Form method="post" className="flex shrink-0 flex-wrap gap-2">
                  <input type="hidden" name="userId" value={member.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="approve"
                    size="sm"
                    disabled={busyId === member.id}
                    aria-label={`${member.firstName} ${member.lastName} genehmigen`}
                  >
                    <Icon name="check" />
                    Genehmigen
                  </Button>
                  <Button
                    type="submit"
                    name="intent"
                    value="reject"
                    size="sm"
                    variant="outline"
                    disabled={busyId === member.id}
                    aria-label={`${member.firstName} ${member.lastName} ablehnen`}
                  >
                    <Icon name="x" />
                    Ablehnen
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <CardTitle>Beobachtete Wörter und Domains</CardTitle>
              <CardDescription>
                Begriffe und Links, die Beiträge blockieren oder ersetzt werden, und gesperrte E-Mail-Anbieter.
              </CardDescription>
            </div>
            <Button asChild variant="outline">
              <Link to={paths.adminWatchList}>Listen bearbeiten</Link>
            </Button>
          </div>
        </CardHeader>
      </Card>

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <CardTitle>Suche: Synonyme und Statistik</CardTitle>
              <CardDescription>
                Begriffe der Branche, die die Suche gleichsetzt (SEO und Suchmaschinenoptimierung), und was in den letzten 30 Tagen gesucht
                wurde.
              </CardDescription>
            </div>
            <Button asChild variant="outline">
              <Link to={paths.adminSynonyms}>Suche verwalten</Link>
            </Button>
          </div>
        </CardHeader>
      </Card>

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <CardTitle>Betreiber und Rechtstexte</CardTitle>
              <CardDescription>
                Unternehmensangaben im Impressum, Name und Untertitel des Forums, die Texte von Impressum, AGB und Datenschutz, mit allen
                Fassungen.
              </CardDescription>
            </div>
            <Button asChild variant="outline">
              <Link to={paths.adminSettings}>Einstellungen bearbeiten</Link>
            </Button>
          </div>
        </CardHeader>
      </Card>

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <CardTitle>Zusammenfassung per E-Mail</CardTitle>
              <CardDescription>
                Was ein Mitglied, das länger nicht da war, in „Das Wichtigste aus der Community“ bekäme: als Vorschau, ohne Versand.
              </CardDescription>
            </div>
            <Button asChild variant="outline">
              <Link to={paths.adminDigest}>Vorschau ansehen</Link>
            </Button>
          </div>
        </CardHeader>
      </Card>

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <CardTitle>Transparenzbericht</CardTitle>
              <CardDescription>
                Meldungen rechtswidriger Inhalte, Entscheidungen, Begründungen und Widersprüche je Monat, auch als CSV.
              </CardDescription>
            </div>
            <Button asChild variant="outline">
              <Link to={paths.adminTransparency}>Bericht ansehen</Link>
            </Button>
          </div>
        </CardHeader>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Beispiel-Diskussionen</CardTitle>
          <CardDescription>
            Legt {samples.total} realistische Beispiel-Diskussionen mit Ihnen als Autor an, zum Beispiel für eine Vorführung.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SampleSeeder total={samples.total} interval={samples.interval} />
        </CardContent>
      </Card>

      {creating && <CreateUser lastResult={createResult} error={createResult?.error?.[""]?.[0] ?? null} />}

      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <CardTitle>Benutzerverwaltung</CardTitle>
              <CardDescription>Rollen ändern und neue Benutzer anlegen.</CardDescription>
            </div>
            <Button asChild>
              <Link to="?neu=1#benutzer-erstellen" preventScrollReset>
                <Icon name="user-plus" />
                Benutzer erstellen
              </Link>
            </Button>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <MemberList members={members.members} />
          <PageLinks name="mitglieder" label="Mitgliederliste" currentPage={members.currentPage} totalPages={members.totalPages} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Protokoll</CardTitle>
          <CardDescription>
            {auditActorName === null ? (
              "Alle Aktionen von Administratoren und Moderatoren, neueste zuerst."
            ) : (
              <>
                Nur die Aktionen von {auditActorName}, neueste zuerst.{" "}
                <Link
                  to={adminHref(searchParams, { wer: null, protokoll: null })}
                  preventScrollReset
                  className="text-brand-700 hover:underline"
                >
                  Alle Aktionen zeigen
                </Link>
              </>
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <AuditLog entries={audit.entries} />
          <PageLinks name="protokoll" label="Protokoll" currentPage={audit.currentPage} totalPages={audit.totalPages} />
        </CardContent>
      </Card>
    </div>
  );
}

/** The panel's address with some parameters set or (null) dropped; the create-user dialog always closes. */
function adminHref(searchParams: URLSearchParams, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(searchParams);
  params.delete("neu");
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const search = params.toString();
  return search ? `?${search}` : paths.admin;
}

function PageLinks({ name, label, currentPage, totalPages }: { name: string; label: string; currentPage: number; totalPages: number }) {
  const [searchParams] = useSearchParams();
  if (totalPages <= 1) return null;
  const href = (page: number) => adminHref(searchParams, { [name]: page <= 1 ? null : String(page) });
  return (
    <nav aria-label={`Seiten: ${label}`} className="flex items-center justify-between gap-2 text-sm">
      {currentPage > 1 ? (
        <Link to={href(currentPage - 1)} preventScrollReset className="rounded-md border border-border px-3 py-1.5 hover:bg-muted">
          Zurück
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">
        Seite {currentPage} von {totalPages}
      </span>
      {currentPage < totalPages ? (
        <Link to={href(currentPage + 1)} preventScrollReset className="rounded-md border border-border px-3 py-1.5 hover:bg-muted">
          Weiter
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, { title: "Admin Panel", path: "/admin", noindex: true });

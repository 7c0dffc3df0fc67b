import { CheckIcon, ShieldAlertIcon, XIcon } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { useShowToast } from "~/components/toast/use-show-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatDate } from "~/lib/format";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/lib/paths";
import { texts } from "~/lib/texts";
import { toastMessage } from "~/lib/toast";
import { decideApproval, listPendingMembers } from "~/server/admin.server";
import { requireApprovedUser } from "~/server/guards.server";
import { can } from "~/server/permissions.server";
import type { Route } from "./+types/admin";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireApprovedUser(request);
  if (!can(viewer, "openAdminPanel")) return data({ denied: true as const }, { status: 403 });
  return { denied: false as const, pending: await listPendingMembers() };
}

const decisionSchema = z.object({
  intent: z.enum(["approve", "reject"]),
  userId: z.string().min(1).max(100),
});

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireApprovedUser(request);
  if (!can(viewer, "approveMembers")) return data({ toast: toastMessage("error", texts.accessDenied) }, { status: 403 });
  const parsed = decisionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ toast: toastMessage("error", texts.unknownError) }, { status: 400 });
  const { intent, userId } = parsed.data;
  const outcome = await decideApproval(viewer, userId, intent === "approve" ? "approved" : "rejected");
  if (outcome !== "ok") {
    return data(
      { toast: toastMessage("error", intent === "approve" ? texts.approveFailed : texts.rejectFailed, "Das Mitglied wartet nicht mehr auf eine Entscheidung.") },
      { status: 409 },
    );
  }
  return { toast: toastMessage("success", intent === "approve" ? texts.userApproved : texts.userRejected) };
}

export default function AdminRoute({ loaderData, actionData }: Route.ComponentProps) {
  useShowToast(actionData?.toast);
  const navigation = useNavigation();
  if (loaderData.denied) return <AccessDenied />;
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("userId") : null;

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
            {loaderData.pending.length === 0
              ? "Keine ausstehenden Registrierungen."
              : `${loaderData.pending.length} ${loaderData.pending.length === 1 ? "Registrierung wartet" : "Registrierungen warten"} auf eine Entscheidung.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y divide-border">
            {loaderData.pending.map((member) => (
              <li key={member.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium">
                    {member.firstName} {member.lastName}
                  </p>
                  <p className="truncate text-sm text-muted-foreground">
                    {member.email}
                    {member.company ? ` · ${member.company}` : ""} · registriert am {formatDate(member.createdAt)}
                  </p>
                </div>
                <Form method="post" className="flex shrink-0 gap-2">
                  <input type="hidden" name="userId" value={member.id} />
                  <Button type="submit" name="intent" value="approve" size="sm" disabled={busyId === member.id} aria-label={`${member.firstName} ${member.lastName} genehmigen`}>
                    <CheckIcon aria-hidden="true" />
                    Genehmigen
                  </Button>
                  <Button type="submit" name="intent" value="reject" size="sm" variant="outline" disabled={busyId === member.id} aria-label={`${member.firstName} ${member.lastName} ablehnen`}>
                    <XIcon aria-hidden="true" />
                    Ablehnen
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function AccessDenied() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <ShieldAlertIcon className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Zugriff verweigert</h1>
      <p className="text-muted-foreground">{texts.accessDenied}</p>
      <Button asChild variant="outline">
        <Link to={paths.home}>Zurück</Link>
      </Button>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Admin Panel", path: "/admin", noindex: true });

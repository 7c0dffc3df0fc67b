import { Icon } from "~/components/ui/icon";
import { Form, redirect } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { Button } from "~/components/ui/button";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/lib/paths";
import { awaitsApproval, requireUser } from "~/server/accounts";
import type { Route } from "./+types/pending-approval";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  if (!awaitsApproval(viewer)) throw redirect(paths.home);
  return { firstName: viewer.firstName, rejected: viewer.approvalStatus === "rejected" };
}

export default function PendingApprovalRoute({ loaderData }: Route.ComponentProps) {
  return (
    <AuthShell title="Warten auf Genehmigung">
      <div className="flex flex-col gap-4 text-sm">
        <div className="flex items-start gap-3 rounded-lg bg-brand-50 p-4">
          <Icon name="clock" className="mt-0.5 size-5 shrink-0 text-brand-700" />
          {loaderData.rejected ? (
            <p>Ihre Registrierung wurde von einem Administrator abgelehnt. Bei Fragen wenden Sie sich bitte an den Betreiber.</p>
          ) : (
            <p>
              Hallo {loaderData.firstName}, Ihr Konto muss noch von einem Administrator genehmigt werden. Sie erhalten eine
              E-Mail-Benachrichtigung, sobald Ihr Konto freigeschaltet ist. Das kann bis zu 24 Stunden dauern.
            </p>
          )}
        </div>
        <Form method="post" action={paths.signOut}>
          <Button type="submit" variant="outline" className="w-full">
            Abmelden
          </Button>
        </Form>
      </div>
    </AuthShell>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Warten auf Genehmigung", path: "/pending-approval", noindex: true });

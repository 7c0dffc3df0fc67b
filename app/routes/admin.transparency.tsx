import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { TransparencyTables } from "~/components/admin/transparency-tables";
import { PageError } from "~/components/layout/page-error";
import { Button } from "~/components/ui/button";
import { formatCalendarMonth } from "~/lib/format";
import { paths } from "~/lib/paths";
import { seoMeta } from "~/lib/seo";
import { requirePermission } from "~/server/accounts";
import { recentMonths, transparencyReport, transparencyTexts } from "~/server/legal";
import type { Route } from "./+types/admin.transparency";

/** The operator's records of notice and action (decision 0048): the last twelve months, administrators only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "viewTransparencyReport", transparencyTexts.adminsOnly);
  return { report: await transparencyReport(recentMonths()) };
}

export default function AdminTransparencyRoute({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Transparenzbericht">
        <p className="text-muted-foreground">
          Meldungen rechtswidriger Inhalte, Entscheidungen, Begründungen und Widersprüche nach dem Digital Services Act, je Monat von{" "}
          {formatCalendarMonth(report.from)} bis {formatCalendarMonth(report.to)}, der neueste zuerst.
        </p>
        <p className="text-sm text-muted-foreground">
          Jedes Ereignis zählt in dem Monat (deutscher Zeit), in dem es geschah: Eine im März bestätigte und im April entschiedene Meldung
          zählt im März als bestätigt und im April als entschieden. Meldungen, deren E-Mail-Adresse nie bestätigt wurde, zählen nicht.
        </p>
        <p>
          <Button asChild variant="outline">
            <a href={paths.adminTransparencyCsv} download>
              Als CSV herunterladen
            </a>
          </Button>
        </p>
      </AdminPageHeader>
      <TransparencyTables months={report.months} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Transparenzbericht", path: paths.adminTransparency, noindex: true });

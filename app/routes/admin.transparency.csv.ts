import { requirePermission } from "~/server/accounts";
import { recentMonths, transparencyCsv, transparencyCsvName, transparencyReport, transparencyTexts } from "~/server/legal";
import type { Route } from "./+types/admin.transparency.csv";

/** The transparency report's months as a CSV file (decision 0048), for an authority or a published report; administrators only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "viewTransparencyReport", transparencyTexts.adminsOnly);
  const now = new Date();
  const csv = transparencyCsv(await transparencyReport(recentMonths(12, now)));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${transparencyCsvName(now)}"`,
      "Cache-Control": "no-store",
    },
  });
}

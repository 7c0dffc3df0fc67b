import { data } from "react-router";
import { canExportAccountData, requireUser } from "~/server/accounts";
import { exportMemberData } from "~/server/members";
import { noticesFiledBy, statementsOf } from "~/server/legal";
import { exportConversations } from "~/server/messages";
import type { Route } from "./+types/profile.export";

/** DSGVO export: only the signed-in owner downloads their own data. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  if (!canExportAccountData(viewer, params.id)) throw data({ message: "Berechtigung verweigert" }, { status: 403 });
  // The legal records about and by the member (decision 0048): statements of reasons they got, notices they filed;
  // and their conversations (decision 0062).
  const [member, statementsOfReasons, legalNotices, conversations] = await Promise.all([
    exportMemberData(viewer),
    statementsOf(viewer.id),
    noticesFiledBy(viewer.id),
    exportConversations(viewer.id),
  ]);
  const body = JSON.stringify({ ...member, statementsOfReasons, legalNotices, conversations }, null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="marketing-community-daten-${new Date().toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

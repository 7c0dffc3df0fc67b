import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { PageError } from "~/components/layout/page-error";
import { SearchStatisticsCard, SynonymGroupsCard, type SynonymFormState } from "~/components/admin/synonym-groups";
import { useShowToast } from "~/components/toast/use-show-toast";
import { paths } from "~/lib/paths";
import { addSynonymGroupSchema, removeSynonymGroupSchema } from "~/lib/schemas/synonyms";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import { can, requirePermission } from "~/server/accounts";
import { addSynonymGroup, removeSynonymGroup } from "~/server/admin";
import { fail } from "~/server/platform";
import { dispatch, fieldErrorsOf, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import { listSynonymGroups, SEARCH_STATS_DAYS, searchStatistics } from "~/server/search";
import type { Route } from "./+types/admin.synonyms";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requirePermission(request, "editSynonyms");
  // Moderators keep the vocabulary; what was searched is for administrators only.
  const [groups, statistics] = await Promise.all([
    listSynonymGroups(),
    can(viewer, "viewSearchStatistics") ? searchStatistics() : Promise.resolve(null),
  ]);
  return { groups, statistics, days: SEARCH_STATS_DAYS };
}

/** The page's forms, told apart by `intent`: one add form, one remove button per group. */
const synonymActionSchema = z.discriminatedUnion("intent", [
  addSynonymGroupSchema.extend({ intent: z.literal("add") }),
  removeSynonymGroupSchema.extend({ intent: z.literal("remove") }),
]);

const removeFailed = "Gruppe nicht entfernt";

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePermission(request, "editSynonyms");
  const submission = parseWithZod(await readFormData(request), { schema: synonymActionSchema });
  const { intent, terms } = submission.payload;
  const addState = (message: string | undefined, fieldErrors: Record<string, string[]>): { add: SynonymFormState } => ({
    add: { message: message ?? null, fieldErrors, terms: String(terms ?? "") },
  });
  if (intent !== "add" && intent !== "remove") return refuse(fail("invalid", texts.unknownError), { failed: texts.unknownError });
  if (submission.status !== "success") {
    if (intent === "remove") return refuse(fail("invalid", texts.unknownError), { failed: removeFailed });
    return refuse(fail("invalid"), { failed: null, page: () => addState(undefined, fieldErrorsOf(submission.error)) });
  }
  return dispatch(submission.value, {
    add: ({ intent: _intent, ...input }) =>
      respond(addSynonymGroup(viewer, input), {
        failed: null,
        fallback: { forbidden: texts.accessDenied, unexpected: texts.unexpectedError },
        page: ({ message, fieldErrors }) => addState(message, fieldErrors ?? {}),
        success: ({ terms: added }) =>
          redirectWithToast(`${paths.adminSynonyms}#synonyme`, {
            type: "success",
            title: `Die Suche setzt jetzt ${added.map((term) => `„${term}“`).join(", ")} gleich.`,
          }),
      }),
    remove: ({ id }) =>
      respond(removeSynonymGroup(viewer, { id }), {
        failed: removeFailed,
        fallback: {
          forbidden: texts.accessDenied,
          "not-found": "Diese Gruppe wurde bereits entfernt.",
          unexpected: texts.unexpectedError,
        },
        success: () => redirectWithToast(`${paths.adminSynonyms}#synonyme`, { type: "success", title: "Gruppe entfernt." }),
      }),
  });
}

export default function AdminSynonymsRoute({ loaderData, actionData }: Route.ComponentProps) {
  useShowToast(actionData?.toast);
  // Only a refused add form sends this field.
  const add = (actionData as { add?: SynonymFormState } | undefined)?.add ?? null;
  const { groups, statistics, days } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Suche: Synonyme und Statistik">
        <p className="text-muted-foreground">
          Die Suche versteht die Sprache der Branche: Begriffe einer Gruppe gelten als gleichbedeutend, und bei Tippfehlern schlägt sie
          Begriffe aus diesen Gruppen und aus den Titeln der Diskussionen vor („Meinten Sie …?“).
        </p>
      </AdminPageHeader>
      <SynonymGroupsCard groups={groups} state={add} />
      {statistics && <SearchStatisticsCard statistics={statistics} days={days} />}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Suche: Synonyme und Statistik", path: paths.adminSynonyms, noindex: true });

import { AdminPageHeader } from "~/components/admin/admin-page-header";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { PageError } from "~/components/layout/page-error";
import { WatchListCard, type AddFormState } from "~/components/admin/watch-list";
import { useShowToast } from "~/components/toast/use-show-toast";
import { paths } from "~/lib/paths";
import { addWatchedTermSchema, removeWatchedTermSchema, watchKindLabels } from "~/lib/schemas/watchlist";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import { requirePermission } from "~/server/accounts";
import { addWatchedTerm, removeWatchedTerm } from "~/server/admin";
import { fail } from "~/server/platform";
import { dispatch, fieldErrorsOf, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import { listWatchedTerms } from "~/server/watchlist";
import type { Route } from "./+types/admin.watch-list";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "manageWatchList");
  return { terms: await listWatchedTerms() };
}

/** The page's forms, told apart by `intent`: one add form per list, one remove button per entry. */
const watchListActionSchema = z.discriminatedUnion("intent", [
  addWatchedTermSchema.extend({ intent: z.literal("add") }),
  removeWatchedTermSchema.extend({ intent: z.literal("remove") }),
]);

const removeFailed = "Eintrag nicht entfernt";

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePermission(request, "manageWatchList");
  const submission = parseWithZod(await readFormData(request), { schema: watchListActionSchema });
  const { intent, kind, term, action, replacement } = submission.payload;
  // Which add form answers: its list's name comes back with the errors and what was typed.
  const values = { term: String(term ?? ""), action: String(action ?? ""), replacement: String(replacement ?? "") };
  const addState = (message: string | undefined, fieldErrors: Record<string, string[]>): { add: AddFormState } => ({
    add: { kind: String(kind ?? ""), message: message ?? null, fieldErrors, values },
  });
  if (intent !== "add" && intent !== "remove") return refuse(fail("invalid", texts.unknownError), { failed: texts.unknownError });
  if (submission.status !== "success") {
    if (intent === "remove") return refuse(fail("invalid", texts.unknownError), { failed: removeFailed });
    return refuse(fail("invalid"), { failed: null, page: () => addState(undefined, fieldErrorsOf(submission.error)) });
  }
  return dispatch(submission.value, {
    add: ({ intent: _intent, ...input }) =>
      respond(addWatchedTerm(viewer, input), {
        failed: null,
        fallback: { forbidden: texts.accessDenied, unexpected: texts.unexpectedError },
        page: ({ message, fieldErrors }) => addState(message, fieldErrors ?? {}),
        success: ({ term: added }) =>
          redirectWithToast(`${paths.adminWatchList}#${input.kind}`, {
            type: "success",
            title: `„${added}“ steht jetzt auf der Liste „${watchKindLabels[input.kind]}“.`,
          }),
      }),
    remove: ({ id }) =>
      respond(removeWatchedTerm(viewer, { id }), {
        failed: removeFailed,
        fallback: {
          forbidden: texts.accessDenied,
          "not-found": "Dieser Eintrag wurde bereits entfernt.",
          unexpected: texts.unexpectedError,
        },
        success: () => redirectWithToast(paths.adminWatchList, { type: "success", title: "Eintrag entfernt." }),
      }),
  });
}

export default function AdminWatchListRoute({ loaderData, actionData }: Route.ComponentProps) {
  useShowToast(actionData?.toast);
  // Only a refused add form sends this field.
  const add = (actionData as { add?: AddFormState } | undefined)?.add ?? null;
  const { terms } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Beobachtete Wörter und Domains">
        <p className="text-muted-foreground">
          Begriffe und Links, die Beiträge blockieren oder ersetzt werden, und E-Mail-Anbieter, mit denen sich niemand registrieren kann.
          Groß- und Kleinschreibung spielt keine Rolle; ein * steht für beliebige Buchstaben („backlink*“), eine Domain gilt mit all ihren
          Subdomains.
        </p>
      </AdminPageHeader>
      {(["word", "link-domain", "email-domain"] as const).map((kind) => (
        <WatchListCard
          key={kind}
          kind={kind}
          terms={terms.filter((entry) => entry.kind === kind)}
          state={add?.kind === kind ? add : null}
        />
      ))}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Beobachtete Wörter und Domains", path: paths.adminWatchList, noindex: true });

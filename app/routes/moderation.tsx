import { Icon } from "~/components/ui/icon";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { z } from "zod";
import { Pagination } from "~/components/discussions/pagination";
import { PageError } from "~/components/layout/page-error";
import { ReviewItem } from "~/components/moderation/review-item";
import { useShowToast } from "~/components/toast/use-show-toast";
import { Alert } from "~/components/ui/alert";
import { formatCount } from "~/lib/format";
import { pageHref, paths } from "~/lib/paths";
import { seoMeta } from "~/lib/seo";
import { objectionTexts } from "~/lib/legal";
import { texts } from "~/lib/texts";
import { can, canDecideObjection, canDecideReview, canRestrict, requirePageParam, requirePermission } from "~/server/accounts";

const moderationOnly = "Diese Seite ist dem Moderationsteam vorbehalten.";
import { decideReview, listReviewQueue, reviewDecisions, reviewTexts } from "~/server/moderation";
import { decideObjection, objectionDecisions } from "~/server/legal";
import { fail } from "~/server/platform";
import { firstMessage, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import type { Route } from "./+types/moderation";

/** The review queue (decision 0030): staff only; everyone else is sent to sign in, to wait, or refused with a 403. */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requirePermission(request, "review", moderationOnly);
  const page = requirePageParam(request, paths.moderation);
  const queue = await listReviewQueue(page);
  // A decision emptied the last page: its neighbour before it is where the work is.
  if (page > queue.totalPages) throw redirect(pageHref(paths.moderation, queue.totalPages));
  return {
    ...queue,
    // Sign-ups are let in or turned away in the admin panel: administrators get a link there.
    mayApprove: can(viewer, "approveMembers"),
    items: queue.items.map((item) => ({
      ...item,
      restrictable: item.author !== null && canRestrict(viewer, item.author),
      // An objection is never decided by who made the decision it objects to (decision 0048), any other item never by
      // the member it is about (decision 0030).
      decidable:
        item.objection !== null
          ? canDecideObjection(viewer, { decidedBy: item.objection.decidedBy, memberId: item.author?.id ?? null })
          : canDecideReview(viewer, { memberId: item.author?.id ?? null }),
    })),
  };
}

const itemGone = "Diesen Eintrag gibt es nicht (mehr).";

const decideSchema = z.object({
  intent: z.literal("decide", { error: texts.unknownError }),
  itemId: z.uuid({ error: itemGone }),
  decision: z.enum([...reviewDecisions, ...objectionDecisions], { error: "Bitte wählen Sie eine Entscheidung." }),
});

/** Back to the page of the queue the decision was made on (the form posts to the page's own address). */
function queuePage(request: Request): string {
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  return pageHref(paths.moderation, Number.isSafeInteger(page) && page > 1 ? page : 1);
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePermission(request, "review", moderationOnly);
  const submission = parseWithZod(await readFormData(request), { schema: decideSchema });
  const itemId = typeof submission.payload.itemId === "string" ? submission.payload.itemId : null;
  const how = {
    failed: reviewTexts.failed,
    fallback: { forbidden: texts.permissionDenied, "not-found": itemGone, invalid: texts.unknownError, unexpected: texts.unexpectedError },
    // Without JavaScript the page is rendered anew: the refusal shows at its item (or above the list when it is gone).
    page: ({ message }: { message: string | undefined }) => ({ refused: { itemId, message: message ?? reviewTexts.failed } }),
  };
  if (submission.status !== "success") return refuse(fail("invalid", firstMessage(submission.error)), how);
  const { decision, itemId: id } = submission.value;
  const context = { intent: "decide", item: id, decision };
  // An objection is legal's to decide (decision 0048): never by who made the decision it objects to.
  if (decision === "uphold-objection" || decision === "reject-objection")
    return respond(decideObjection(viewer, { itemId: id, decision }), {
      ...how,
      context,
      success: () => redirectWithToast(queuePage(request), { type: "success", title: objectionTexts.decided[decision] }),
    });
  return respond(decideReview(viewer, { itemId: id, decision }), {
    ...how,
    context,
    success: () => redirectWithToast(queuePage(request), { type: "success", title: reviewTexts.done[decision] }),
  });
}

export default function ModerationRoute({ loaderData, actionData }: Route.ComponentProps) {
  useShowToast(actionData?.toast);
  const { items, total, currentPage, totalPages, mayApprove } = loaderData;
  const refused = actionData?.refused ?? null;
  const refusedHere = refused !== null && items.some((item) => item.id === refused.itemId);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">Moderation</h1>
        <p className="mt-1 text-muted-foreground">
          {total === 0
            ? "Gemeldete und zurückgehaltene Beiträge, älteste zuerst."
            : `${total === 1 ? "Ein offener Eintrag" : `${formatCount(total)} offene Einträge`}, älteste zuerst.`}
        </p>
      </header>

      {refused && !refusedHere && <Alert variant="destructive">{refused.message}</Alert>}

      {items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center">
          <Icon name="shield-check" className="size-10 text-muted-foreground" />
          <p className="text-lg font-semibold">Keine offenen Einträge. Gute Arbeit!</p>
          <p className="text-muted-foreground">
            Sobald Mitglieder einen Beitrag melden, erscheint er hier, und Sie erhalten eine Benachrichtigung.
          </p>
        </div>
      ) : (
        <ol className="flex flex-col gap-4">
          {items.map((item) => (
            <li key={item.id}>
              <ReviewItem item={item} mayApprove={mayApprove} error={refused?.itemId === item.id ? refused.message : null} />
            </li>
          ))}
        </ol>
      )}

      <Pagination basePath={paths.moderation} currentPage={currentPage} totalPages={totalPages} label="Seiten der Warteschlange" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, { title: "Moderation", path: paths.moderation, noindex: true });

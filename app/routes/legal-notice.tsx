import { parseWithZod } from "@conform-to/zod/v4";
import { PageError } from "~/components/layout/page-error";
import { LegalNoticeForm, NoticeSent } from "~/components/legal/legal-notice-form";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/lib/paths";
import { legalNoticeSchema } from "~/lib/schemas/legal";
import { texts } from "~/lib/texts";
import { getViewer } from "~/server/accounts";
import { noticeTexts } from "~/lib/legal";
import { fileNotice, notifierOf } from "~/server/legal";
import { fail } from "~/server/platform";
import { readFormData, refuse, respond } from "~/server/http";
import type { Route } from "./+types/legal-notice";

/**
 * "Rechtswidrigen Inhalt melden" (DSA Art. 16, decision 0048): for anyone, guests too, also without JavaScript.
 * Linked from every post (its address filled in), the footer and the Impressum.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request);
  const location = new URL(request.url).searchParams.get("location") ?? "";
  return {
    location: location.slice(0, 2000),
    name: viewer ? `${viewer.firstName} ${viewer.lastName}`.trim() : "",
    email: viewer?.email ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  const submission = parseWithZod(await readFormData(request), { schema: legalNoticeSchema });
  const how = {
    failed: noticeTexts.failed,
    fallback: { "not-found": noticeTexts.noPost, unexpected: texts.unexpectedError },
    page: ({ reason, message }: { reason: string; message: string | undefined }) => ({
      sent: null,
      // A location that leads to no post is that field's error; anything else stands above the form.
      result: submission.reply(
        reason === "not-found"
          ? { fieldErrors: { location: [message ?? noticeTexts.noPost] } }
          : { formErrors: [message ?? texts.unexpectedError] },
      ),
    }),
  };
  if (submission.status !== "success")
    return refuse(fail("invalid"), { ...how, failed: null, page: () => ({ sent: null, result: submission.reply() }) });
  const { goodFaith: _confirmed, ...notice } = submission.value;
  return respond(fileNotice(notifierOf(viewer, context.clientIp), notice), {
    ...how,
    context: { action: "legal notice" },
    success: ({ confirmed }) => ({ sent: { confirmed, email: notice.email }, result: undefined }),
  });
}

export default function LegalNoticeRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.sent) return <NoticeSent confirmed={actionData.sent.confirmed} email={actionData.sent.email} />;
  return <LegalNoticeForm defaults={loaderData} lastResult={actionData?.result} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Rechtswidrigen Inhalt melden",
    description: "Melden Sie Inhalte, die Sie für rechtswidrig halten (Digital Services Act, Art. 16). Auch ohne Konto.",
    path: paths.legalNotice,
    noindex: true,
  });

import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { PageError } from "~/components/layout/page-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { paths } from "~/lib/paths";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import { noticeTexts } from "~/lib/legal";
import { confirmNotice } from "~/server/legal";
import { fail } from "~/server/platform";
import { firstMessage, refuse, respond } from "~/server/http";
import type { Route } from "./+types/legal-notice.confirm";

/**
 * The notifier's confirmation link (decision 0048). GET only asks: mail scanners follow links, and a notice must
 * count only when a person confirms it. The button posts the token; a second click answers as the first.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return token === "" ? data({ token }, { status: 400 }) : { token };
}

const confirmSchema = z.object({
  token: z.string({ error: noticeTexts.invalidLink }).min(1, noticeTexts.invalidLink).max(200, noticeTexts.invalidLink),
});

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: confirmSchema });
  const how = {
    failed: noticeTexts.confirmFailed,
    fallback: { invalid: noticeTexts.invalidLink, "not-found": noticeTexts.invalidLink, unexpected: texts.unexpectedError },
    page: ({ message }: { message: string | undefined }) => ({ error: message ?? noticeTexts.invalidLink, reference: null }),
  };
  if (submission.status !== "success") return refuse(fail("invalid", firstMessage(submission.error)), how);
  return respond(confirmNotice({ id: "confirmation-link" }, { token: submission.value.token }), {
    ...how,
    context: { action: "confirm legal notice" },
    success: ({ reference }) => ({ error: null, reference }),
  });
}

export default function ConfirmNoticeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const reference = actionData?.reference ?? null;
  const error = actionData?.error ?? (loaderData.token === "" ? noticeTexts.invalidLink : null);
  return (
    <div className="mx-auto max-w-lg">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold">Meldung bestätigen</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {reference ? (
            <p role="status" data-testid="notice-confirmed">
              Danke, Ihre Meldung ist bestätigt (Aktenzeichen {reference}). Das Moderationsteam prüft sie; die Eingangsbestätigung und
              später die Entscheidung erhalten Sie per E-Mail.
            </p>
          ) : error ? (
            <>
              <p role="alert">{error}</p>
              <p>
                <Link to={paths.legalNotice} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  Neue Meldung senden
                </Link>
              </p>
            </>
          ) : (
            <>
              <p>Bitte bestätigen Sie, dass Sie diese Meldung gesendet haben. Erst dann wird sie geprüft.</p>
              <Form method="post" action={`${paths.legalNoticeConfirm}?token=${encodeURIComponent(loaderData.token)}`}>
                <Button type="submit">Meldung bestätigen</Button>
              </Form>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Meldung bestätigen", path: paths.legalNoticeConfirm, noindex: true });

import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { z } from "zod";
import { PageError } from "~/components/layout/page-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { kindList, MAIL_SETTINGS_ID } from "~/lib/notifications";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import { paths } from "~/lib/paths";
import { getViewer, signInPathBackTo } from "~/server/accounts";
import { readUnsubscribeToken, unsubscribe } from "~/server/notifications";
import { fail } from "~/server/platform";
import { firstMessage, refuse, respond } from "~/server/http";
import type { Route } from "./+types/notifications.unsubscribe";

const invalidLink = "Dieser Abmeldelink ist ungültig.";

/** The link of a notification mail: GET only asks (mail scanners follow links); the button, or the mail program's one-click POST, turns its kinds off. */
export async function loader({ request }: Route.LoaderArgs) {
  const target = readUnsubscribeToken(new URL(request.url).searchParams.get("token") ?? "");
  // A link we never signed is unusable input: 400 with the page's message, as the button's POST answers it.
  if (!target) return data({ kinds: null, nextStep: await nextStep(request) }, { status: 400 });
  return { kinds: kindList(target.kinds), nextStep: null };
}

/**
 * Where an unusable link leaves the reader: the mail settings of their profile, or signing in to reach them. A
 * guest is sent back here after signing in, and then finds the way to the settings.
 */
async function nextStep(request: Request): Promise<{ href: string; label: string; text: string }> {
  const viewer = await getViewer(request);
  return viewer
    ? {
        href: `${paths.profile(viewer.id)}#${MAIL_SETTINGS_ID}`,
        label: "Zu Ihren E-Mail-Einstellungen",
        text: "Welche E-Mails Sie erhalten, legen Sie in Ihrem Profil fest.",
      }
    : {
        href: signInPathBackTo(request),
        label: "Anmelden",
        text: "Melden Sie sich an: Welche E-Mails Sie erhalten, legen Sie dann in Ihrem Profil fest.",
      };
}

// The token travels in the URL, as RFC 8058 wants it for the mail program's POST.
const unsubscribeSchema = z.object({ token: z.string({ error: invalidLink }).min(1, invalidLink).max(500, invalidLink) });

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: unsubscribeSchema });
  const refusal = {
    failed: "Abmeldung fehlgeschlagen",
    fallback: { invalid: invalidLink, unexpected: texts.unexpectedError },
    page: ({ message }: { message: string | undefined }) => ({ error: message ?? invalidLink, done: null }),
  };
  if (submission.status !== "success") return refuse(fail("invalid", firstMessage(submission.error)), refusal);
  return respond(unsubscribe(submission.value.token), {
    ...refusal,
    success: ({ kinds }) => ({ error: null, done: kindList(kinds) }),
  });
}

export default function UnsubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.done ?? null;
  const error = actionData?.error ?? (loaderData.kinds === null ? invalidLink : null);
  return (
    <div className="mx-auto max-w-lg">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold">E-Mail-Benachrichtigungen abbestellen</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {done ? (
            <p role="status" data-testid="unsubscribed">
              Erledigt: Sie erhalten keine E-Mails mehr zu {done}. Im Profil können Sie das jederzeit wieder einschalten.
            </p>
          ) : error ? (
            <>
              <p role="alert">{error}</p>
              {loaderData.nextStep && (
                <p>
                  {loaderData.nextStep.text}{" "}
                  <a href={loaderData.nextStep.href} className="font-medium text-brand-700 underline underline-offset-2">
                    {loaderData.nextStep.label}
                  </a>
                </p>
              )}
            </>
          ) : (
            <>
              <p>Keine E-Mails mehr zu {loaderData.kinds}? Die Benachrichtigungen auf der Website bleiben, wie sie sind.</p>
              <Form method="post">
                <Button type="submit">Abbestellen</Button>
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
  seoMeta(matches, { title: "E-Mails abbestellen", path: "/notifications/unsubscribe", noindex: true });

import { Icon } from "~/components/ui/icon";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthShell } from "~/components/auth/auth-shell";
import { useShowToast } from "~/components/toast/use-show-toast";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/lib/paths";
import { emailOnlySchema } from "~/lib/schemas/auth";
import { texts } from "~/lib/texts";
import { toastMessage } from "~/lib/toast";
import { authRateRules, checkRateLimits, resendVerification } from "~/server/accounts";
import { done, fail } from "~/server/platform";
import { refuse, respond } from "~/server/http";
import type { Route } from "./+types/email-confirmation";

export async function action({ request, context }: Route.ActionArgs) {
  // The address comes from the page's URL, not from the form (the form is a single button), parsed like any form.
  const submission = parseWithZod(new URL(request.url).searchParams, { schema: emailOnlySchema });
  const answer = {
    failed: texts.sendFailed,
    fallback: { unexpected: texts.unexpectedError },
    page: ({ message }: { message?: string }) => ({ error: message }),
  };
  if (submission.status !== "success") return refuse(fail("invalid", texts.emailNotFound), answer);
  const limit = await checkRateLimits([
    [authRateRules.resendPerIp, context.clientIp ?? "unknown"],
    [authRateRules.resendPerEmail, submission.value.email],
  ]);
  if (!limit.allowed) return refuse({ ...fail("too-many-requests", texts.tooManyRequests), retryAfter: limit.retryAfter }, answer);
  return respond(
    resendVerification(submission.value.email).then(() => done),
    {
      ...answer,
      context: { action: "resend confirmation" },
      success: () => ({
        sent: true,
        toast: toastMessage("success", texts.emailSent, "Wir haben Ihnen die Bestätigungs-E-Mail erneut gesendet."),
      }),
    },
  );
}

export default function EmailConfirmationRoute({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const email = searchParams.get("email");
  const linkError = searchParams.get("error");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  useShowToast(actionData?.toast);

  return (
    <AuthShell title="Bestätigen Sie Ihre E-Mail-Adresse">
      <div className="flex flex-col gap-4 text-sm">
        {linkError ? (
          <Alert variant="destructive">
            <p className="font-semibold">{texts.invalidLink}</p>
            <p>Der Bestätigungslink ist abgelaufen oder beschädigt. Melden Sie sich an, um einen neuen Link zu erhalten.</p>
          </Alert>
        ) : (
          <div className="flex items-start gap-3 rounded-lg bg-brand-50 p-4">
            <Icon name="mail-check" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <p>
              Wir haben eine E-Mail an <strong className="break-all">{email ?? "Ihre Adresse"}</strong> gesendet.
            </p>
          </div>
        )}
        <ol className="list-decimal space-y-1.5 pl-5">
          <li>Öffnen Sie die E-Mail von der Marketing Community.</li>
          <li>Klicken Sie auf „E-Mail-Adresse bestätigen“.</li>
          <li>Ein Administrator prüft danach Ihre Registrierung – das kann bis zu 24 Stunden dauern.</li>
        </ol>
        <p className="text-muted-foreground">Keine E-Mail erhalten? Prüfen Sie auch den Spam-Ordner.</p>
        {actionData && "error" in actionData && (
          <Alert variant="destructive">
            <p>{actionData.error}</p>
          </Alert>
        )}
        {actionData && "sent" in actionData && (
          <Alert variant="success">
            <p>Die Bestätigungs-E-Mail wurde erneut gesendet.</p>
          </Alert>
        )}
        <Form method="post">
          <Button type="submit" variant="outline" className="w-full" disabled={pending}>
            {pending ? "Wird gesendet..." : "E-Mail erneut senden"}
          </Button>
        </Form>
        <Button asChild variant="ghost">
          <Link to={paths.auth}>Zurück zur Anmeldung</Link>
        </Button>
      </div>
    </AuthShell>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "E-Mail bestätigen", path: "/email-confirmation", noindex: true });

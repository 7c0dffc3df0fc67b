import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { PageError } from "~/components/layout/page-error";
import { useShowToast } from "~/components/toast/use-show-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { formatDate, formatDateTime } from "~/lib/format";
import { objectionOutcomeLabels, objectionTexts, restrictionLabels, rulesSection } from "~/lib/legal";
import { paths } from "~/lib/paths";
import { objectionSchema } from "~/lib/schemas/legal";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import { toastMessage } from "~/lib/toast";
import { canObject, canReadStatement, notFoundUnless, requireUser } from "~/server/accounts";
import { findStatement, objectToStatement } from "~/server/legal";
import { fail } from "~/server/platform";
import { readFormData, refuse, respond } from "~/server/http";
import type { Route } from "./+types/statement";

const statementGone = "Diese Begründung gibt es nicht, oder sie ist nicht für Sie bestimmt.";

/** A statement of reasons (DSA Art. 17, decision 0048): its author's (and staff's) only; everyone else gets a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const statement = notFoundUnless(await findStatement(params.id), statementGone);
  notFoundUnless(canReadStatement(viewer, statement) ? statement : null, statementGone);
  const open = canObject(viewer, statement) && statement.objectionDeadline.getTime() > Date.now();
  return { statement, mayObject: open };
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const submission = parseWithZod(await readFormData(request), { schema: objectionSchema });
  const how = {
    failed: objectionTexts.failed,
    fallback: { "not-found": statementGone, unexpected: texts.unexpectedError },
    page: ({ message }: { message: string | undefined }) => ({
      result: submission.reply({ formErrors: [message ?? objectionTexts.failed] }),
      toast: undefined,
    }),
  };
  if (submission.status !== "success")
    return refuse(fail("invalid"), { ...how, failed: null, page: () => ({ result: submission.reply(), toast: undefined }) });
  return respond(objectToStatement(viewer, { statementId: params.id, objection: submission.value.objection }), {
    ...how,
    context: { action: "object", statement: params.id },
    success: () => ({ result: undefined, toast: toastMessage("success", objectionTexts.sent) }),
  });
}

export default function StatementRoute({ loaderData, actionData }: Route.ComponentProps) {
  useShowToast(actionData?.toast);
  const { statement, mayObject } = loaderData;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Begründung der Moderationsentscheidung</h1>
        <p className="text-muted-foreground">
          Entschieden am <time dateTime={new Date(statement.createdAt).toISOString()}>{formatDateTime(statement.createdAt)}</time>
        </p>
      </header>
      <Card>
        <CardContent className="pt-6">
          <dl className="flex flex-col gap-4" data-testid="statement-of-reasons">
            <Entry term="Was entschieden wurde">{restrictionLabels[statement.restriction]}</Entry>
            {statement.postExcerpt && (
              <Entry term="Ihr Beitrag">
                <blockquote className="border-l-4 border-border pl-3 [overflow-wrap:anywhere]">
                  {statement.postExcerpt || "(ohne Text)"}
                </blockquote>
                {statement.discussionSlug && (
                  <Link
                    to={paths.discussion(statement.discussionSlug)}
                    className="mt-1 inline-block text-sm text-brand-700 underline-offset-2 hover:underline"
                  >
                    Zur Diskussion
                  </Link>
                )}
              </Entry>
            )}
            <Entry term="Sachverhalt">{statement.facts}</Entry>
            <Entry term="Automatisierte Mittel">
              {statement.automated
                ? "Ja: Das Forum hat nach seinen Regeln selbst entschieden. Ein Mitglied des Moderationsteams prüft die Entscheidung."
                : "Nein: Ein Mitglied des Moderationsteams hat entschieden."}
            </Entry>
            <Entry term="Grundlage">
              {statement.ground === "law" ? "Gesetz und Nutzungsbedingungen: " : "Nutzungsbedingungen: "}
              {statement.groundDetail}{" "}
              <Link to={rulesSection.href} className="text-brand-700 underline underline-offset-2">
                {rulesSection.label} lesen
              </Link>
            </Entry>
            <Entry term="Ihre Möglichkeiten">
              Sie können bis zum {formatDate(statement.objectionDeadline)} einmal Widerspruch einlegen; ein anderes Mitglied des Teams prüft
              ihn. Außerdem können Sie sich an eine zertifizierte außergerichtliche Streitbeilegungsstelle wenden (Art. 21 DSA) oder den
              Rechtsweg beschreiten.
            </Entry>
          </dl>
        </CardContent>
      </Card>
      {statement.objectedAt ? (
        <Card>
          <CardHeader>
            <CardTitle>Ihr Widerspruch</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            <p className="whitespace-pre-line [overflow-wrap:anywhere]">„{statement.objection}“</p>
            <p role="status" data-testid="objection-state">
              {statement.objectionOutcome
                ? objectionOutcomeLabels[statement.objectionOutcome]
                : "Eingegangen am " + formatDateTime(statement.objectedAt) + ". Ein anderes Mitglied des Teams prüft ihn."}
            </p>
          </CardContent>
        </Card>
      ) : mayObject ? (
        <ObjectionForm lastResult={actionData?.result} />
      ) : null}
    </div>
  );
}

function Entry({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-semibold">{term}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function ObjectionForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "objection",
    lastResult,
    constraint: getZodConstraint(objectionSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: objectionSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Widerspruch einlegen</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          {form.errors?.length ? (
            <p role="alert" className="text-sm text-destructive">
              {form.errors[0]}
            </p>
          ) : null}
          <Field id={fields.objection.id} label="Warum halten Sie die Entscheidung für falsch?" errors={fields.objection.errors}>
            <Textarea {...getTextareaProps(fields.objection)} key={fields.objection.key} rows={5} />
          </Field>
          <div>
            <Button type="submit" disabled={pending}>
              {pending ? "Wird gesendet..." : "Widerspruch einlegen"}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta(matches, { title: "Begründung der Moderationsentscheidung", path: paths.statement(params.id), noindex: true });

import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { PageError } from "~/components/layout/page-error";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { CategorySelect } from "~/components/discussions/category-select";
import { RichTextField } from "~/components/editor/rich-text-field";
import { useShowToast } from "~/components/toast/use-show-toast";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { isCategory } from "~/lib/categories";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/lib/paths";
import { createDiscussionSchema } from "~/lib/schemas/discussion";
import { texts } from "~/lib/texts";
import { createDiscussion, listAssignableMembers } from "~/server/discussions";
import { getViewer, requirePermission, signInPathBackTo } from "~/server/accounts";
import { fail, readFormData, redirectWithToast, refuse, respond } from "~/server/platform";
import type { Route } from "./+types/create-discussion";

/** Guests go to sign in (with the spec's toast), unapproved members wait; the guardian decides the rest. */
async function requireAuthor(request: Request) {
  if (!(await getViewer(request))) {
    throw await redirectWithToast(signInPathBackTo(request), {
      type: "error",
      title: texts.signInToCreateDiscussion,
    });
  }
  return requirePermission(request, "createDiscussion");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAuthor(request);
  const requested = new URL(request.url).searchParams.get("category");
  return {
    members: await listAssignableMembers(),
    category: isCategory(requested) ? requested : "general",
    submissionKey: crypto.randomUUID(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAuthor(request);
  const submission = parseWithZod(await readFormData(request), { schema: createDiscussionSchema });
  if (submission.status !== "success") return refuse(fail("invalid"), { failed: null, page: () => ({ result: submission.reply() }) });
  return respond(createDiscussion(viewer, submission.value), {
    failed: texts.createDiscussionFailed,
    fallback: { forbidden: texts.permissionDenied, unexpected: texts.unexpectedError },
    page: ({ message }) => ({ result: submission.reply({ formErrors: message ? [message] : [] }) }),
    success: () => redirectWithToast(paths.home, { type: "success", title: texts.discussionCreated }),
  });
}

export default function CreateDiscussionRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  useShowToast(actionData?.toast);
  const [form, fields] = useForm({
    id: "create-discussion",
    lastResult: actionData?.result,
    constraint: getZodConstraint(createDiscussionSchema),
    defaultValue: { category: loaderData.category, assignedTo: "unassigned" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createDiscussionSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const contentLabelId = `${fields.content.id}-label`;

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">Neue Diskussion starten</h1>
      <p className="mt-1 text-muted-foreground">Stellen Sie eine Frage, teilen Sie eine Fallstudie oder starten Sie eine Debatte.</p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 flex flex-col gap-5">
        <input type="hidden" name={fields.submissionKey.name} value={loaderData.submissionKey} />
        {form.errors?.length ? (
          <Alert variant="destructive">
            <p>{form.errors[0]}</p>
          </Alert>
        ) : null}
        <Field id={fields.title.id} label="Titel" errors={fields.title.errors}>
          <Input {...getInputProps(fields.title, { type: "text" })} key={fields.title.key} placeholder="Worum geht es?" />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={fields.category.id} label="Kategorie" errors={fields.category.errors}>
            <CategorySelect {...getSelectProps(fields.category)} key={fields.category.key} />
          </Field>
          <Field
            id={fields.assignedTo.id}
            label="Zuweisen an (optional)"
            errors={fields.assignedTo.errors}
            hint={`${loaderData.members.length} Mitglieder verfügbar`}
          >
            <Select {...getSelectProps(fields.assignedTo)} key={fields.assignedTo.key}>
              <option value="unassigned">Niemand</option>
              {loaderData.members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.firstName} {member.lastName}
                  {member.company ? ` (${member.company})` : ""}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="flex flex-col gap-1.5">
          <span id={contentLabelId} className="text-sm font-medium">
            Inhalt
          </span>
          <RichTextField
            id={fields.content.id}
            name={fields.content.name}
            labelId={contentLabelId}
            initialHtml=""
            initialText=""
            fallbackFormat="text"
          />
          {fields.content.errors?.length ? <p className="text-sm text-destructive">{fields.content.errors[0]}</p> : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={pending}>
            {pending ? "Wird erstellt..." : "Diskussion erstellen"}
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.home}>Abbrechen</Link>
          </Button>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Neue Diskussion", path: "/create-discussion", noindex: true });

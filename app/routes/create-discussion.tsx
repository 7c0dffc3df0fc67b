import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { PageError } from "~/components/layout/page-error";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { DiscardDraftForm, DraftControls } from "~/components/discussions/draft-controls";
import { CategorySelect } from "~/components/discussions/category-select";
import { RichTextField } from "~/components/editor/rich-text-field";
import { TagField } from "~/components/discussions/tag-field";
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
import { z } from "zod";
import { useDraftAutosave } from "~/lib/hooks/use-draft-autosave";
import { createDiscussion, getDraft, listAssignableMembers } from "~/server/discussions";
import { similarDiscussions } from "~/server/search";
import { SIMILAR_SEEN_FIELD } from "~/lib/similar";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { SimilarDiscussionsBox, SimilarSuggestions } from "~/components/discussions/similar-suggestions";
import { getViewer, requirePermission, signInPathBackTo } from "~/server/accounts";
import { heldTexts } from "~/lib/moderation";
import { fail } from "~/server/platform";
import { readFormData, redirectWithToast, refuse, respond } from "~/server/http";
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
  const viewer = await requireAuthor(request);
  const requested = new URL(request.url).searchParams.get("category");
  // What the member began here before, on this or another device: drafts are kept on the server (decision 0037).
  const draft = await getDraft(viewer.id, null);
  return {
    members: await listAssignableMembers(),
    category: draft?.category ?? (isCategory(requested) ? requested : "general"),
    submissionKey: crypto.randomUUID(),
    draft: draft && { title: draft.title, html: draft.html, text: draft.text },
  };
}

/** The form as sent: the discussion, and whether its writer has seen the similar ones (SIMILAR_SEEN_FIELD). */
const formSchema = createDiscussionSchema.extend({ [SIMILAR_SEEN_FIELD]: z.literal("1").optional() });

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireAuthor(request);
  const submission = parseWithZod(await readFormData(request), { schema: formSchema });
  if (submission.status !== "success") return refuse(fail("invalid"), { failed: null, page: () => ({ result: submission.reply() }) });
  // "Wurde das schon gefragt?" before publishing: a form sent without JavaScript, whose writer has not seen the similar
  // discussions yet, comes back with them and everything it sent; "Trotzdem veröffentlichen" sends it again, seen.
  const { similarSeen, ...input } = submission.value;
  if (!similarSeen) {
    const similar = await similarDiscussions({ title: input.title }, { preferSolved: true });
    if (similar.length > 0) return { result: submission.reply(), similar };
  }
  const how = {
    failed: texts.createDiscussionFailed,
    fallback: { forbidden: texts.permissionDenied, unexpected: texts.unexpectedError },
    // A refusal of one field (a new tag without standing) is shown at that field, not above the form.
    page: ({ message, fieldErrors }: { message: string | undefined; fieldErrors?: Record<string, string[]> }) => ({
      result: submission.reply(fieldErrors ? { fieldErrors } : { formErrors: message ? [message] : [] }),
    }),
  };
  // The service counts a new member's posts (decision 0035) and keeps a refused text as a draft.
  return respond(createDiscussion(viewer, input), {
    ...how,
    // A held discussion waits for a moderator: its author is shown it, marked as waiting, instead of the home page.
    success: ({ slug, held }) =>
      held
        ? redirectWithToast(paths.discussion(slug), { type: "info", title: heldTexts.notice })
        : // Home, as the spec says; the toast leads on to the new discussion.
          redirectWithToast(paths.home, {
            type: "success",
            title: texts.discussionCreated,
            link: { href: paths.discussion(slug), label: texts.toDiscussion },
          }),
  });
}

export default function CreateDiscussionRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const hydrated = useHydrated();
  useShowToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  const similar = actionData && "similar" in actionData ? actionData.similar : null;
  const [form, fields] = useForm({
    id: "create-discussion",
    lastResult: actionData?.result,
    constraint: getZodConstraint(createDiscussionSchema),
    defaultValue: { category: loaderData.category, assignedTo: "unassigned", title: loaderData.draft?.title ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createDiscussionSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const contentLabelId = `${fields.content.id}-label`;
  const formRef = useRef<HTMLFormElement>(null);
  // A discarded draft empties the form: its fields are drawn anew, without the text they came with.
  const [discarded, setDiscarded] = useState(0);
  const draft = discarded > 0 ? null : loaderData.draft;
  const autosave = useDraftAutosave(formRef, { discussionId: null, enabled: true, saved: draft !== null });
  // Without JavaScript a refused form comes back with what was sent (Conform's initialValue), else the saved draft.
  const sentContent = typeof fields.content.initialValue === "string" ? fields.content.initialValue : null;
  const [title, setTitle] = useState(typeof fields.title.initialValue === "string" ? fields.title.initialValue : "");

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">Neue Diskussion starten</h1>
      <p className="mt-1 text-muted-foreground">Stellen Sie eine Frage, teilen Sie eine Fallstudie oder starten Sie eine Debatte.</p>
      <Form ref={formRef} method="post" {...getFormProps(form)} noValidate className="mt-6 flex flex-col gap-5">
        <input type="hidden" name={fields.submissionKey.name} value={loaderData.submissionKey} />
        {/* With JavaScript the similar discussions show while the title is written: publishing is one step. */}
        {hydrated && !similar ? <input type="hidden" name={SIMILAR_SEEN_FIELD} value="1" /> : null}
        {form.errors?.length ? (
          <Alert variant="destructive">
            <p>{form.errors[0]}</p>
          </Alert>
        ) : null}
        {similar ? (
          <section aria-labelledby="similar-preview-heading" className="flex flex-col gap-3" data-testid="similar-preview">
            <h2 id="similar-preview-heading" className="text-lg font-semibold">
              Bevor Sie veröffentlichen
            </h2>
            <p className="text-sm text-muted-foreground">
              Diese Diskussionen sind Ihrer ähnlich. Vielleicht finden Sie dort schon eine Antwort. Ihr Text bleibt hier erhalten.
            </p>
            <SimilarDiscussionsBox discussions={similar} />
            <div>
              <Button type="submit" name={SIMILAR_SEEN_FIELD} value="1" disabled={pending}>
                Trotzdem veröffentlichen
              </Button>
            </div>
          </section>
        ) : null}
        <Field id={fields.title.id} label="Titel" errors={fields.title.errors}>
          <Input
            {...getInputProps(fields.title, { type: "text" })}
            key={`${fields.title.key}-${discarded}`}
            defaultValue={discarded > 0 ? "" : (fields.title.initialValue ?? "")}
            placeholder="Worum geht es?"
            onInput={(event) => setTitle(event.currentTarget.value)}
          />
        </Field>
        {hydrated ? <SimilarSuggestions title={title} /> : null}
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
        <TagField
          key={`${fields.tags.key}-${discarded}`}
          id={fields.tags.id}
          name={fields.tags.name}
          defaultValue={discarded > 0 ? "" : typeof fields.tags.initialValue === "string" ? fields.tags.initialValue : ""}
          errors={fields.tags.errors}
        />
        <div className="flex flex-col gap-1.5">
          <span id={contentLabelId} className="text-sm font-medium">
            Inhalt
          </span>
          <RichTextField
            key={discarded}
            id={fields.content.id}
            name={fields.content.name}
            labelId={contentLabelId}
            initialHtml={sentContent ?? draft?.html ?? ""}
            initialText={sentContent ?? draft?.text ?? ""}
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
        <DraftControls
          status={autosave.status}
          discardFormId="discard-discussion-draft"
          hasDraft={draft !== null}
          onDiscard={() => {
            autosave.discard();
            setDiscarded((count) => count + 1);
            setTitle("");
          }}
        />
      </Form>
      <DiscardDraftForm id="discard-discussion-draft" discussionId={null} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Neue Diskussion", path: "/create-discussion", noindex: true });

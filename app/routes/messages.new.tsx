import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useNavigation } from "react-router";
import { PageError } from "~/components/layout/page-error";
import { RichTextField } from "~/components/editor/rich-text-field";
import { FoundMembers, MemberSearch, PickedMembers } from "~/components/messages/member-picker";
import { useShowToast } from "~/components/toast/use-show-toast";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { MAX_CONVERSATION_MEMBERS, messageTexts, SUBJECT_MAX_LENGTH } from "~/lib/messages";
import { paths } from "~/lib/paths";
import { startConversationSchema } from "~/lib/schemas/message";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import { acceptsMessagesFrom, requirePermission } from "~/server/accounts";
import { suggestMembers } from "~/server/discussions";
import { directConversationWith, recipientsFor, startConversation } from "~/server/messages";
import { fail } from "~/server/platform";
import { firstMessage, readFormData, redirectWithToast, refuse, respond } from "~/server/http";
import type { Route } from "./+types/messages.new";

const MEMBER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requirePermission(request, "sendMessages");
  const url = new URL(request.url);
  const to = [...new Set(url.searchParams.getAll("to"))]
    .filter((id) => MEMBER_ID.test(id) && id !== viewer.id)
    .slice(0, MAX_CONVERSATION_MEMBERS - 1);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  // "Nachricht senden" to a member one already writes with alone continues that conversation.
  if (to.length === 1 && query === "" && !url.searchParams.has("neu")) {
    const existing = await directConversationWith(viewer.id, to[0]!);
    if (existing) throw redirect(paths.conversation(existing));
  }
  const [recipients, found] = await Promise.all([recipientsFor(viewer.id, to), query.length >= 2 ? suggestMembers(query) : []]);
  return {
    recipients: to.flatMap((id) => {
      const recipient = recipients.find((row) => row.id === id);
      return recipient ? [{ id, name: recipient.name, avatarUrl: null, accepts: acceptsMessagesFrom(viewer, recipient) }] : [];
    }),
    query,
    found: found.filter((member) => member.id !== viewer.id && !to.includes(member.id)),
    submissionKey: crypto.randomUUID(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requirePermission(request, "sendMessages");
  const submission = parseWithZod(await readFormData(request), { schema: startConversationSchema });
  const payload = submission.payload;
  const sent = {
    subject: typeof payload.subject === "string" ? payload.subject : "",
    content: typeof payload.content === "string" ? payload.content : "",
    contentFormat: payload.contentFormat === "html" ? ("html" as const) : ("text" as const),
  };
  const how = {
    failed: messageTexts.failed,
    fallback: { forbidden: texts.permissionDenied, unexpected: texts.unexpectedError, invalid: texts.unknownError },
    // Without JavaScript the page is rendered anew: the refused text goes back into the form, as it was sent.
    page: ({ message }: { message: string | undefined }) => ({ error: message ?? null, sent }),
  };
  if (submission.status !== "success") return refuse(fail("invalid", firstMessage(submission.error)), how);
  const { to, ...input } = submission.value;
  return respond(startConversation(viewer, { recipientIds: to, ...input }), {
    ...how,
    success: ({ conversationId }) => redirectWithToast(paths.conversation(conversationId), { type: "success", title: messageTexts.sent }),
  });
}

/** The page's URL with these recipients (and no search). */
function withRecipients(ids: string[]): string {
  return ids.length === 0 ? paths.newMessage : `${paths.messageTo(...ids)}&neu=1`;
}

export default function NewMessageRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { recipients, query, found, submissionKey } = loaderData;
  const navigation = useNavigation();
  useShowToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  const ids = recipients.map((recipient) => recipient.id);
  const refused = recipients.filter((recipient) => !recipient.accepts);
  const sent = actionData?.sent;
  const pending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const room = ids.length < MAX_CONVERSATION_MEMBERS - 1;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight">{messageTexts.newConversation}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Nur die Empfänger lesen mit, bis zu {MAX_CONVERSATION_MEMBERS} Mitglieder mit Ihnen. Die Moderation sieht eine Nachricht nur, wenn
          sie gemeldet wird.
        </p>
      </header>
      <section aria-labelledby="recipients-heading" className="flex flex-col gap-3">
        <h2 id="recipients-heading" className="text-lg font-semibold">
          An
        </h2>
        <PickedMembers members={recipients} removeHref={(id) => withRecipients(ids.filter((other) => other !== id))} />
        {refused.map((recipient) => (
          <p key={recipient.id} className="text-sm text-destructive" data-testid="cannot-receive">
            {messageTexts.cannotReceive(recipient.name)}
          </p>
        ))}
        {room && (
          <>
            <MemberSearch
              id="recipient-search"
              action={paths.newMessage}
              query={query}
              keep={[...ids.map((id): [string, string] => ["to", id]), ["neu", "1"]]}
              label="Mitglied suchen"
            />
            <FoundMembers
              query={query}
              members={found}
              pick={(member) => (
                <Link
                  to={withRecipients([...ids, member.id])}
                  className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  Hinzufügen<span className="sr-only">: {member.name}</span>
                </Link>
              )}
            />
          </>
        )}
      </section>
      <Form method="post" noValidate className="flex flex-col gap-4" aria-labelledby="message-heading">
        <h2 id="message-heading" className="sr-only">
          Nachricht
        </h2>
        <input type="hidden" name="submissionKey" value={submissionKey} />
        {ids.map((id) => (
          <input key={id} type="hidden" name="to" value={id} />
        ))}
        {actionData?.error ? (
          <Alert variant="destructive">
            <p>{actionData.error}</p>
          </Alert>
        ) : null}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="subject" className="text-sm font-medium">
            Betreff (optional)
          </label>
          <Input id="subject" name="subject" maxLength={SUBJECT_MAX_LENGTH} defaultValue={sent?.subject ?? ""} />
        </div>
        <div className="flex flex-col gap-1.5">
          <span id="new-message-label" className="text-sm font-medium">
            Ihre Nachricht
          </span>
          <RichTextField
            id="new-message"
            name="content"
            labelId="new-message-label"
            initialHtml={sent?.contentFormat === "html" ? sent.content : ""}
            initialText={sent?.content ?? ""}
            fallbackFormat={sent?.contentFormat ?? "text"}
            placeholder="Schreiben Sie Ihre Nachricht..."
          />
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={pending || ids.length === 0 || refused.length > 0}>
            <Icon name="message-square" />
            {pending ? messageTexts.sending : messageTexts.send}
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.messages}>Abbrechen</Link>
          </Button>
        </div>
        {ids.length === 0 && <p className="text-sm text-muted-foreground">{messageTexts.noRecipient}</p>}
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: messageTexts.newConversation, path: paths.newMessage, noindex: true });

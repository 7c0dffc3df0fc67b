import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { PageError } from "~/components/layout/page-error";
import { RichTextField } from "~/components/editor/rich-text-field";
import { RichContent } from "~/components/discussions/rich-content";
import { DraftControls } from "~/components/discussions/draft-controls";
import { conversationTitle } from "~/components/messages/conversation-title";
import { MessageForm } from "~/components/messages/message-form";
import { MessageItem } from "~/components/messages/message-item";
import { ParticipantsPanel } from "~/components/messages/participants-panel";
import { MessageReport } from "~/components/messages/message-report-form";
import { useShowToast } from "~/components/toast/use-show-toast";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { CancelLink } from "~/components/ui/cancel-link";
import { Icon } from "~/components/ui/icon";
import { messageTexts } from "~/lib/messages";
import { refusalText } from "~/lib/moderation";
import { pageHref, paths } from "~/lib/paths";
import { conversationActionSchema } from "~/lib/schemas/message";
import { seoMeta } from "~/lib/seo";
import { texts } from "~/lib/texts";
import {
  can,
  canAddParticipant,
  canEditMessage,
  canSendMessage,
  notFoundUnless,
  requirePageParam,
  requirePermission,
} from "~/server/accounts";
import { readValuesTogether } from "~/server/db";
import { suggestMembers } from "~/server/discussions";
import { conversationThread, markConversationRead, messageDraftOf } from "~/server/messages";
import { markMessageNotificationsRead } from "~/server/notifications";
import { fail } from "~/server/platform";
import { firstMessage, readFormData, refuse } from "~/server/http";
import { conversationAction, conversationRefusal, type ConversationFormAnswer } from "./messages.conversation.server";
import type { Route } from "./+types/messages.conversation";

const conversationIntents = ["send", "edit", "add-participant", "leave", "report"] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function loader({ request, params }: Route.LoaderArgs) {
  // Guests are sent to sign in, members waiting for approval wait; anyone else who is no participant gets a 404.
  const viewer = await requirePermission(request, "readMessages");
  const id = notFoundUnless(UUID.test(params.id) ? params.id : null, messageTexts.notFound);
  const page = requirePageParam(request, paths.conversation(id));
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const [thread, found] = await Promise.all([conversationThread(viewer.id, id, page), query.length >= 2 ? suggestMembers(query) : []]);
  if (!thread || page > thread.totalPages) throw data({ message: messageTexts.notFound }, { status: 404 });
  const { draft } = await readValuesTogether(request, { draft: messageDraftOf(viewer.id, id) });
  // The newest page shows everything up to the newest message: read, and so is the bell's notice of it.
  if (page === 1 && thread.lastReadNumber < thread.messageCount)
    await Promise.all([markConversationRead(viewer.id, id, thread.messageCount), markMessageNotificationsRead(viewer.id, id)]);
  const participation = { leftAt: null };
  const now = new Date();
  const canSend = canSendMessage(viewer, participation);
  const members = new Set([viewer.id, ...thread.others.map((member) => member.id)]);
  return {
    thread: {
      ...thread,
      messages: thread.messages.map((message) => ({
        ...message,
        own: message.author?.id === viewer.id,
        editable: canEditMessage(
          viewer,
          participation,
          { authorId: message.author?.id ?? null, createdAt: message.createdAt, hiddenAt: message.hidden ? now : null },
          now,
        ),
      })),
    },
    disabledHint: canSend ? null : refusalText(viewer, texts.permissionDenied),
    canAdd: canAddParticipant(viewer, participation, members.size),
    query,
    found: found.filter((member) => !members.has(member.id)),
    editing: url.searchParams.get("edit"),
    reporting: url.searchParams.get("report"),
    canReport: can(viewer, "report"),
    draft,
    submissionKey: crypto.randomUUID(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requirePermission(request, "readMessages");
  const submission = parseWithZod(await readFormData(request), { schema: conversationActionSchema });
  const payload = submission.payload;
  // A refusal shows in the form it came from; an unknown intent is answered as the message form's.
  const intent = conversationIntents.find((known) => known === payload.intent) ?? "send";
  if (!UUID.test(params.id)) return refuse(fail("not-found", messageTexts.notFound), conversationRefusal(intent, viewer, payload));
  if (submission.status !== "success")
    return refuse(fail("invalid", firstMessage(submission.error)), conversationRefusal(intent, viewer, payload));
  return conversationAction(viewer, params.id, submission.value, payload);
}

export default function ConversationRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { thread, disabledHint, canAdd, query, found, editing, reporting, canReport, draft, submissionKey } = loaderData;
  const answer = actionData as (ConversationFormAnswer & { toast?: Parameters<typeof useShowToast>[0] }) | undefined;
  useShowToast(answer?.toast);
  const navigation = useNavigation();
  const refused = answer?.refused ?? null;
  const title = conversationTitle(thread);
  const firstNew = thread.messages.find((message) => message.number > thread.lastReadNumber && !message.own)?.id ?? null;
  const sendRefused = refused?.intent === "send" ? refused : null;
  const editingId = refused?.intent === "edit" ? refused.messageId : editing;
  const reportingId = refused?.intent === "report" ? refused.messageId : reporting;
  const here = pageHref(paths.conversation(thread.id), thread.currentPage);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <BackLink to={paths.messages}>Alle Nachrichten</BackLink>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight break-words" data-testid="conversation-title">
          {title}
        </h1>
        <p className="text-sm text-muted-foreground">
          Privat: nur {thread.others.length === 1 ? "Sie beide lesen" : "die Teilnehmenden lesen"} diese Unterhaltung.
        </p>
      </header>
      {thread.currentPage < thread.totalPages && (
        <Link
          to={pageHref(paths.conversation(thread.id), thread.currentPage + 1)}
          className="w-fit text-sm text-brand-700 underline-offset-2 hover:underline"
        >
          Ältere Nachrichten
        </Link>
      )}
      <ol className="flex flex-col gap-3" aria-label="Nachrichten" data-testid="messages">
        {thread.messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            firstNew={message.id === firstNew}
            content={<RichContent html={message.html} className="text-sm" data-testid="message-content" />}
            actions={
              message.editable && editingId !== message.id ? (
                <Link
                  to={`${here}${here.includes("?") ? "&" : "?"}edit=${message.id}#message-${message.id}`}
                  preventScrollReset
                  className="inline-flex items-center gap-1 text-muted-foreground hover:text-foreground"
                >
                  <Icon name="pencil" className="size-3.5" />
                  Bearbeiten
                </Link>
              ) : canReport && !message.own && !message.hidden ? (
                <MessageReport
                  messageId={message.id}
                  author={message.author?.name ?? messageTexts.deletedMember}
                  open={reportingId === message.id}
                  openHref={`${here}${here.includes("?") ? "&" : "?"}report=${message.id}#message-${message.id}`}
                  cancelTo={`${here}#message-${message.id}`}
                  error={refused?.intent === "report" && refused.messageId === message.id ? refused.message : null}
                />
              ) : null
            }
          >
            {message.editable && editingId === message.id ? (
              <Form method="post" noValidate preventScrollReset className="flex flex-col gap-2">
                <input type="hidden" name="intent" value="edit" />
                <input type="hidden" name="messageId" value={message.id} />
                <label id={`edit-${message.id}-label`} htmlFor={`edit-${message.id}`} className="sr-only">
                  Nachricht bearbeiten
                </label>
                <RichTextField
                  id={`edit-${message.id}`}
                  name="content"
                  labelId={`edit-${message.id}-label`}
                  initialHtml={refused?.intent === "edit" && refused.format === "html" ? (refused.content ?? "") : message.html}
                  initialText={refused?.intent === "edit" ? (refused.content ?? "") : message.html}
                  fallbackFormat={refused?.intent === "edit" ? refused.format : "html"}
                  compact
                  autoFocus
                />
                {refused?.intent === "edit" && refused.message && <p className="text-sm text-destructive">{refused.message}</p>}
                <div className="flex gap-2">
                  <Button type="submit" size="sm" disabled={navigation.state === "submitting"}>
                    Speichern
                  </Button>
                  <CancelLink size="sm" variant="ghost" to={here} />
                </div>
              </Form>
            ) : undefined}
          </MessageItem>
        ))}
      </ol>
      {thread.currentPage > 1 && (
        <Link
          to={pageHref(paths.conversation(thread.id), thread.currentPage - 1)}
          className="w-fit text-sm text-brand-700 underline-offset-2 hover:underline"
        >
          Neuere Nachrichten
        </Link>
      )}
      <MessageForm
        conversationId={thread.id}
        submissionKey={submissionKey}
        start={
          sendRefused?.content
            ? { html: sendRefused.format === "html" ? sendRefused.content : "", text: sendRefused.content, format: sendRefused.format }
            : { html: draft?.html ?? "", text: draft?.text ?? "", format: "text" }
        }
        draftKept={draft !== null}
        error={sendRefused?.message ?? null}
        disabledHint={disabledHint}
        field={(props) => <RichTextField {...props} />}
        draftControls={(props) => <DraftControls {...props} />}
      />
      <ParticipantsPanel
        conversationId={thread.id}
        others={thread.others}
        canAdd={canAdd}
        query={query}
        found={found}
        error={refused && (refused.intent === "add-participant" || refused.intent === "leave") ? refused.message : null}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} notFoundTitle={messageTexts.notFound} documentTitle />;
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta(matches, { title: "Unterhaltung", path: paths.conversation(params.id), noindex: true, notFoundTitle: messageTexts.notFound });

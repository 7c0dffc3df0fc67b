import { data, Link } from "react-router";
import { Pagination } from "~/components/discussions/pagination";
import { PageError } from "~/components/layout/page-error";
import { ConversationList } from "~/components/messages/conversation-list";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { messageTexts } from "~/lib/messages";
import { paths } from "~/lib/paths";
import { seoMeta } from "~/lib/seo";
import { can, requirePageParam, requirePermission } from "~/server/accounts";
import { listConversations } from "~/server/messages";
import type { Route } from "./+types/messages";

export async function loader({ request }: Route.LoaderArgs) {
  // Guests are sent to sign in and come back here; members waiting for approval wait.
  const viewer = await requirePermission(request, "readMessages");
  const page = requirePageParam(request, paths.messages);
  const list = await listConversations(viewer.id, page);
  if (page > list.totalPages) throw data(null, { status: 404 });
  return { ...list, canStart: can(viewer, "sendMessages") };
}

export default function MessagesRoute({ loaderData }: Route.ComponentProps) {
  const { conversations, total, currentPage, totalPages, canStart } = loaderData;
  const unread = conversations.filter((conversation) => conversation.unread > 0).length;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{messageTexts.title}</h1>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="conversations-count">
            {total === 0 ? "Noch keine Unterhaltungen" : total === 1 ? "1 Unterhaltung" : `${total} Unterhaltungen`}
            {unread > 0 ? ` · ${unread} mit ungelesenen Nachrichten` : ""}
            {totalPages > 1 ? ` · Seite ${currentPage} von ${totalPages}` : ""}
          </p>
        </div>
        {canStart && (
          <Button asChild>
            <Link to={paths.newMessage}>
              <Icon name="circle-plus" />
              {messageTexts.newConversation}
            </Link>
          </Button>
        )}
      </header>
      {conversations.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-10 text-center">
          <Icon name="messages-square" className="mx-auto size-8 text-muted-foreground" />
          <h2 className="mt-2 text-lg font-semibold">Noch keine Unterhaltungen</h2>
          <p className="mt-1 text-muted-foreground">
            Schreiben Sie einem Mitglied über „Nachricht senden“ auf seinem Profil. Nur Sie und die Teilnehmenden lesen mit.
          </p>
        </div>
      ) : (
        <ConversationList conversations={conversations} />
      )}
      <Pagination basePath={paths.messages} currentPage={currentPage} totalPages={totalPages} label="Seiten der Unterhaltungen" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} loadFailedTitle="Fehler beim Laden der Nachrichten" />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: messageTexts.title, path: paths.messages, noindex: true });

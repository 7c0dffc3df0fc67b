import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { formatDateTime } from "~/lib/format";
import { paths } from "~/lib/paths";
import { cn } from "~/lib/utils";
import { conversationTitle, type ConversationHeading } from "./conversation-title";

export interface ConversationRow extends ConversationHeading {
  id: string;
  lastMessageAt: Date | string;
  unread: number;
  last: { author: string; own: boolean; excerpt: string } | null;
}

/** The member's conversations, newest activity first; one with unread messages is marked (bold, a count). */
export function ConversationList({ conversations }: { conversations: ConversationRow[] }) {
  return (
    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="conversation-list">
      {conversations.map((conversation) => {
        const title = conversationTitle(conversation);
        const unread = conversation.unread > 0;
        const first = conversation.others[0];
        return (
          <li key={conversation.id} data-testid="conversation" data-unread={unread ? "true" : undefined}>
            <Link
              to={paths.conversation(conversation.id)}
              className={cn("flex min-w-0 items-start gap-3 p-4 hover:bg-muted", unread && "bg-brand-50")}
            >
              <Avatar name={first?.name ?? title} src={first?.avatarUrl} size="md" />
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3">
                  <span className={cn("min-w-0 break-words", unread ? "font-bold" : "font-medium")}>{title}</span>
                  <time
                    className="text-xs whitespace-nowrap text-muted-foreground"
                    dateTime={new Date(conversation.lastMessageAt).toISOString()}
                  >
                    {formatDateTime(conversation.lastMessageAt)}
                  </time>
                </div>
                {conversation.last && (
                  <p className={cn("min-w-0 truncate text-sm", unread ? "text-foreground" : "text-muted-foreground")}>
                    {conversation.last.own ? "Sie" : conversation.last.author}: {conversation.last.excerpt}
                  </p>
                )}
              </div>
              {unread && (
                <span
                  data-testid="conversation-unread"
                  className="inline-flex shrink-0 items-center rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground"
                >
                  <span aria-hidden="true">{conversation.unread > 99 ? "99+" : conversation.unread}</span>
                  <span className="sr-only">
                    {conversation.unread === 1 ? "1 ungelesene Nachricht" : `${conversation.unread} ungelesene Nachrichten`}
                  </span>
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

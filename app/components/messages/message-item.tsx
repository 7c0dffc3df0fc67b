import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { NewMarker } from "~/components/ui/unread-badge";
import { formatDateTime } from "~/lib/format";
import { messageTexts } from "~/lib/messages";
import { paths } from "~/lib/paths";
import { cn } from "~/lib/utils";

export interface ThreadMessage {
  id: string;
  number: number;
  author: { id: string; name: string; avatarUrl: string | null } | null;
  html: string;
  hidden: boolean;
  createdAt: Date | string;
  edited: boolean;
  own: boolean;
  editable: boolean;
}

/**
 * One message of a thread: who wrote it (a deleted account's as "Gelöschtes Mitglied"), when, "(bearbeitet)" after
 * an edit, and its text, or in its place that the moderation hid it. `actions` are the viewer's own (edit, report);
 * `children` replaces the text while the author edits it.
 */
export function MessageItem({
  message,
  firstNew,
  actions,
  content,
  children,
}: {
  message: ThreadMessage;
  /** The message's text as the page draws post HTML (the route hands in the rich-content renderer). */
  content: ReactNode;
  /** The first message the reader had not read before this visit. */
  firstNew: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const name = message.author?.name ?? messageTexts.deletedMember;
  return (
    <li id={`message-${message.id}`} className="scroll-mt-20" data-testid="message" data-number={message.number}>
      {firstNew && (
        <div className="mb-3 flex items-center gap-2" data-testid="first-new">
          <span aria-hidden="true" className="h-px flex-1 bg-brand-200" />
          <NewMarker label="Ab hier neu" />
          <span aria-hidden="true" className="h-px flex-1 bg-brand-200" />
        </div>
      )}
      <article
        aria-label={`Nachricht von ${name}`}
        className={cn(
          "flex min-w-0 gap-3 rounded-lg border p-3",
          message.own ? "border-brand-200 bg-brand-50" : "border-border bg-background",
        )}
      >
        <Avatar name={name} src={message.author?.avatarUrl} size="sm" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
            {message.author ? (
              <Link to={paths.profile(message.author.id)} className="font-semibold hover:underline">
                {name}
              </Link>
            ) : (
              <span className="font-semibold text-muted-foreground">{name}</span>
            )}
            <time className="text-xs text-muted-foreground" dateTime={new Date(message.createdAt).toISOString()}>
              {formatDateTime(message.createdAt)}
            </time>
            {message.edited && !message.hidden && <span className="text-xs text-muted-foreground">{messageTexts.edited}</span>}
          </div>
          {children ??
            (message.hidden ? (
              <p className="text-sm text-muted-foreground italic" data-testid="message-hidden">
                {messageTexts.hidden}
              </p>
            ) : (
              content
            ))}
          {actions && <div className="flex flex-wrap items-center gap-3 text-sm">{actions}</div>}
        </div>
      </article>
    </li>
  );
}

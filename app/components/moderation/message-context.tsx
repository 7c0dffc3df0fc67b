import { formatDateTime } from "~/lib/format";
import { cn } from "~/lib/utils";

export interface MessageContextLine {
  id: string;
  author: string;
  text: string;
  createdAt: Date | string;
  reported: boolean;
  hidden: boolean;
}

/**
 * A reported direct message in the review queue (decision 0062): the message and at most two on each side, as
 * plain text, the reported one marked. Nothing else of the conversation is shown, and nothing links to it.
 */
export function MessageContext({ lines }: { lines: MessageContextLine[] }) {
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">Die Nachricht gibt es nicht mehr.</p>;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">
        Sie sehen nur die gemeldete Nachricht und höchstens zwei davor und danach, nicht die ganze Unterhaltung.
      </p>
      <ol className="flex flex-col gap-2" aria-label="Gemeldete Nachricht im Zusammenhang" data-testid="message-context">
        {lines.map((line) => (
          <li
            key={line.id}
            data-testid={line.reported ? "reported-message" : "neighbour-message"}
            className={cn(
              "rounded-md border p-2 text-sm [overflow-wrap:anywhere]",
              line.reported ? "border-brand-200 bg-brand-50" : "border-border text-muted-foreground",
            )}
          >
            <p className="text-xs">
              <span className="font-semibold">{line.author}</span> ·{" "}
              <time dateTime={new Date(line.createdAt).toISOString()}>{formatDateTime(line.createdAt)}</time>
              {line.reported && <span className="font-semibold"> · gemeldet</span>}
              {line.hidden && <span> · ausgeblendet</span>}
            </p>
            <p className="whitespace-pre-line">{line.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CancelLink } from "~/components/ui/cancel-link";
import { Icon } from "~/components/ui/icon";
import { Textarea } from "~/components/ui/textarea";
import { ReportReasonFields } from "~/components/ui/report-reason-fields";
import { REPORT_NOTE_MAX_LENGTH } from "~/lib/moderation";

/**
 * "Melden" under a message someone else wrote (decision 0062): a link that opens the form under this message alone
 * (`?report=`), then a reason and a note. The moderation sees the message and its neighbours, nothing else.
 */
export function MessageReport({
  messageId,
  author,
  open,
  openHref,
  cancelTo,
  error,
}: {
  messageId: string;
  author: string;
  open: boolean;
  openHref: string;
  cancelTo: string;
  error: string | null;
}) {
  if (!open)
    return (
      <a href={openHref} className="inline-flex items-center gap-1 text-muted-foreground hover:text-foreground hover:underline">
        <Icon name="flag" className="size-3.5" />
        Melden<span className="sr-only">: Nachricht von {author}</span>
      </a>
    );
  const id = `report-${messageId}`;
  return (
    <Form method="post" preventScrollReset noValidate className="flex w-full max-w-md flex-col gap-3 rounded-lg border border-border p-3">
      <input type="hidden" name="intent" value="report" />
      <input type="hidden" name="messageId" value={messageId} />
      <ReportReasonFields legend="Warum melden Sie diese Nachricht?" />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-note`} className="font-medium">
          Anmerkung (optional)
        </label>
        <Textarea id={`${id}-note`} name="note" rows={2} maxLength={REPORT_NOTE_MAX_LENGTH} />
      </div>
      <p className="text-xs text-muted-foreground">
        Das Moderationsteam sieht diese Nachricht und höchstens zwei davor und danach, nicht die ganze Unterhaltung.
      </p>
      {error && <p className="text-destructive">{error}</p>}
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          Melden
        </Button>
        <CancelLink size="sm" variant="ghost" to={cancelTo} />
      </div>
    </Form>
  );
}

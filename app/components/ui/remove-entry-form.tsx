import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/**
 * "Entfernen" beside an entry of a list (watched words, synonym groups, a member's push devices): its own form, the
 * entry's id with it, sent with the page's `intent` for removing.
 */
export function RemoveEntryForm({ id, label, intent = "remove" }: { id: string; label: string; intent?: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value={intent} size="sm" variant="outline" aria-label={label}>
        <Icon name="trash" />
        Entfernen
      </Button>
    </Form>
  );
}

import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/** "Entfernen" beside an entry of an admin list (watched words, synonym groups): its own form, the entry's id with it. */
export function RemoveEntryForm({ id, label }: { id: string; label: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value="remove" size="sm" variant="outline" aria-label={label}>
        <Icon name="trash" />
        Entfernen
      </Button>
    </Form>
  );
}

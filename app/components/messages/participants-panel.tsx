import { Form, Link, useLocation } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { MAX_CONVERSATION_MEMBERS } from "~/lib/messages";
import { paths } from "~/lib/paths";
import { FoundMembers, MemberSearch } from "./member-picker";

/**
 * Below a thread: who takes part (each with "Blockieren"), adding a member while there is room (a search, then
 * "Hinzufügen"), and leaving. Every form works without JavaScript.
 */
export function ParticipantsPanel({
  conversationId,
  others,
  canAdd,
  query,
  found,
  error,
}: {
  conversationId: string;
  others: Array<{ id: string; name: string; avatarUrl: string | null }>;
  canAdd: boolean;
  query: string;
  found: Array<{ id: string; name: string; avatarUrl: string | null }>;
  error: string | null;
}) {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  return (
    <section
      aria-labelledby="participants-heading"
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
      data-testid="participants"
    >
      <h2 id="participants-heading" className="text-lg font-semibold">
        Teilnehmende
      </h2>
      <ul className="flex flex-col gap-2">
        <li className="text-sm text-muted-foreground">Sie</li>
        {others.map((member) => (
          <li key={member.id} className="flex min-w-0 flex-wrap items-center gap-2">
            <Avatar name={member.name} src={member.avatarUrl} size="xs" />
            <Link to={paths.profile(member.id)} className="min-w-0 flex-1 truncate text-sm font-medium hover:underline">
              {member.name}
            </Link>
            <Form method="post" action={paths.messageSettings} preventScrollReset>
              <input type="hidden" name="intent" value="block" />
              <input type="hidden" name="memberId" value={member.id} />
              <input type="hidden" name="back" value={back} />
              <Button type="submit" size="sm" variant="ghost">
                <Icon name="user-x" />
                Blockieren<span className="sr-only">: {member.name}</span>
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      {error && (
        <p className="text-sm text-destructive" data-testid="participants-error">
          {error}
        </p>
      )}
      {canAdd && (
        <div className="flex flex-col gap-2 border-t border-border pt-4">
          <h3 className="font-medium">Mitglied hinzufügen</h3>
          <p className="text-sm text-muted-foreground">
            Wer hinzukommt, liest auch die bisherigen Nachrichten. Höchstens {MAX_CONVERSATION_MEMBERS} Mitglieder nehmen teil.
          </p>
          <MemberSearch
            id="add-member-search"
            action={paths.conversation(conversationId)}
            query={query}
            keep={[]}
            label="Mitglied suchen"
          />
          <FoundMembers
            query={query}
            members={found}
            pick={(member) => (
              <Form method="post" action={paths.conversation(conversationId)} preventScrollReset>
                <input type="hidden" name="intent" value="add-participant" />
                <input type="hidden" name="memberId" value={member.id} />
                <Button type="submit" size="sm" variant="outline">
                  <Icon name="user-plus" />
                  Hinzufügen<span className="sr-only">: {member.name}</span>
                </Button>
              </Form>
            )}
          />
        </div>
      )}
      <Form method="post" action={paths.conversation(conversationId)} className="border-t border-border pt-4">
        <input type="hidden" name="intent" value="leave" />
        <Button type="submit" size="sm" variant="outline">
          <Icon name="log-out" />
          Unterhaltung verlassen
        </Button>
        <p className="mt-1 text-xs text-muted-foreground">Danach sehen Sie diese Unterhaltung nicht mehr; die anderen lesen weiter.</p>
      </Form>
    </section>
  );
}

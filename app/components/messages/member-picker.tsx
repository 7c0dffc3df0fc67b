import { Form, Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";

export interface PickedMember {
  id: string;
  name: string;
  avatarUrl: string | null;
  /** False: they do not take this member's messages ("kann keine Nachrichten empfangen"). */
  accepts: boolean;
}

/**
 * Choosing members without JavaScript: a search (a GET form that keeps what was chosen) and links that add or
 * remove one; each choice is the page's URL, so the back button and a reload keep it. `keep` are the query
 * parameters the links carry besides the search (`to` for a new conversation).
 */
export function MemberSearch({
  id,
  action,
  query,
  keep,
  label,
}: {
  id: string;
  action: string;
  query: string;
  keep: Array<[string, string]>;
  label: string;
}) {
  return (
    <Form method="get" action={action} className="flex flex-wrap items-end gap-2" role="search" aria-label={label}>
      {keep.map(([name, value]) => (
        <input key={`${name}-${value}`} type="hidden" name={name} value={value} />
      ))}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <Input id={id} name="q" type="search" defaultValue={query} placeholder="Vor- oder Nachname" autoComplete="off" />
      </div>
      <Button type="submit" variant="outline">
        <Icon name="search" />
        Suchen
      </Button>
    </Form>
  );
}

/** The members a search found, each with the link or button that takes them. */
export function FoundMembers({
  query,
  members,
  pick,
}: {
  query: string;
  members: Array<{ id: string; name: string; avatarUrl: string | null }>;
  pick: (member: { id: string; name: string }) => React.ReactNode;
}) {
  if (query === "") return null;
  if (members.length === 0) return <p className="text-sm text-muted-foreground">Kein Mitglied mit „{query}“ gefunden.</p>;
  return (
    <ul className="flex flex-col gap-1" aria-label={`Mitglieder zu „${query}“`} data-testid="found-members">
      {members.map((member) => (
        <li key={member.id} className="flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 hover:bg-muted">
          <Avatar name={member.name} src={member.avatarUrl} size="xs" />
          <span className="min-w-0 flex-1 truncate text-sm">{member.name}</span>
          {pick(member)}
        </li>
      ))}
    </ul>
  );
}

/** The chosen members as chips; one that does not accept the writer's messages says so, in the one neutral text. */
export function PickedMembers({ members, removeHref }: { members: PickedMember[]; removeHref: (id: string) => string }) {
  if (members.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Empfänger" data-testid="recipients">
      {members.map((member) => (
        <li
          key={member.id}
          className="flex max-w-full min-w-0 items-center gap-1.5 rounded-full border border-border py-1 pr-1 pl-1.5 text-sm"
        >
          <Avatar name={member.name} src={member.avatarUrl} size="xs" />
          <span className="min-w-0 truncate">{member.name}</span>
          <Link
            to={removeHref(member.id)}
            className="inline-flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-muted"
            preventScrollReset
          >
            <Icon name="x" className="size-3.5" />
            <span className="sr-only">{member.name} entfernen</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

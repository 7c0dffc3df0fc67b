import { Form, useFetcher } from "react-router";
import { useShowToast } from "~/components/toast/use-show-toast";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { roleLabels, roleOptions, type RoleValue } from "~/lib/schemas/admin";
import type { ToastMessage } from "~/lib/toast";
import type { ManagedMember } from "~/server/admin";

const statusLabels: Record<string, string> = { pending: "Wartet auf Freigabe", rejected: "Abgelehnt" };
/** Staff roles stand out in the list; plain members do not. */
const roleBadgeVariants: Record<RoleValue, "muted" | "default"> = { member: "muted", moderator: "default", admin: "default" };

type MemberRow = ManagedMember & { mayResetSecondFactor: boolean };

export function MemberList({ members }: { members: MemberRow[] }) {
  return (
    <ul className="divide-y divide-border" aria-label="Mitglieder und Rollen">
      {members.map((member) => (
        <MemberRoleRow key={member.id} member={member} />
      ))}
    </ul>
  );
}

/**
 * With JavaScript the role is saved as soon as it is picked (the dropdown is
 * disabled until the server answered); without, a save button sends the form.
 */
function MemberRoleRow({ member }: { member: MemberRow }) {
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  const hydrated = useHydrated();
  const pending = fetcher.state !== "idle";
  useShowToast(fetcher.data?.toast);
  const name = `${member.firstName} ${member.lastName}`.trim();
  // While saving, show the chosen role; afterwards the revalidated loader data.
  const shownRole = (pending ? fetcher.formData?.get("role") : null) ?? member.role;

  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center" data-testid="member-row">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar name={name} src={member.avatarUrl} size="md" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="min-w-0 [overflow-wrap:anywhere]">{name}</span>
            <Badge variant={roleBadgeVariants[member.role]}>{roleLabels[member.role]}</Badge>
            {statusLabels[member.approvalStatus] && <Badge variant="outline">{statusLabels[member.approvalStatus]}</Badge>}
            {member.secondFactor && <Badge variant="outline">Zweiter Faktor</Badge>}
          </p>
          <p className="truncate text-sm text-muted-foreground">
            {member.email}
            {member.company ? ` · ${member.company}` : ""}
          </p>
        </div>
      </div>
      <fetcher.Form method="post" className="flex shrink-0 items-center gap-2">
        <input type="hidden" name="intent" value="change-role" />
        <input type="hidden" name="userId" value={member.id} />
        <label htmlFor={`role-${member.id}`} className="sr-only">
          Rolle von {name}
        </label>
        <Select
          density="compact"
          id={`role-${member.id}`}
          name="role"
          value={String(shownRole)}
          disabled={pending}
          onChange={(event) => {
            if (hydrated) void fetcher.submit(event.currentTarget.form);
          }}
        >
          {roleOptions.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        {!hydrated && (
          <Button type="submit" size="sm" variant="outline">
            Speichern
          </Button>
        )}
      </fetcher.Form>
      {member.mayResetSecondFactor && (
        // A plain form: the answer reloads the list, whose badge then is gone.
        <Form method="post" className="shrink-0">
          <input type="hidden" name="intent" value="reset-second-factor" />
          <input type="hidden" name="userId" value={member.id} />
          <Button type="submit" size="sm" variant="outline" aria-label={`Zweiten Faktor von ${name} zurücksetzen`}>
            Faktor zurücksetzen
          </Button>
        </Form>
      )}
    </li>
  );
}

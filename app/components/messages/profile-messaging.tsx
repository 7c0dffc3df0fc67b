import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { messageTexts } from "~/lib/messages";
import { paths } from "~/lib/paths";

/** A block or its lifting, as a plain form that comes back to this page. */
function BlockForm({ memberId, name, blocked }: { memberId: string; name: string; blocked: boolean }) {
  const location = useLocation();
  return (
    <Form method="post" action={paths.messageSettings} preventScrollReset>
      <input type="hidden" name="intent" value={blocked ? "unblock" : "block"} />
      <input type="hidden" name="memberId" value={memberId} />
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <Button type="submit" size="sm" variant="ghost">
        <Icon name={blocked ? "user-check" : "user-x"} />
        {blocked ? "Blockierung aufheben" : "Blockieren"}
        <span className="sr-only">: {name}</span>
      </Button>
    </Form>
  );
}

/**
 * On someone else's profile (decision 0062): "Nachricht senden" where they take this member's messages, else the one
 * neutral sentence for every reason (a block, their consent setting, a pending account); and blocking them.
 */
export function MessageMember({
  memberId,
  messaging,
}: {
  memberId: string;
  messaging: { accepts: boolean; blockedByMe: boolean; name: string; canSend: boolean };
}) {
  return (
    <div className="flex flex-col items-center gap-2 sm:ml-auto sm:items-end" data-testid="message-member">
      {messaging.canSend &&
        (messaging.accepts ? (
          <Button asChild>
            <Link to={paths.messageTo(memberId)}>
              <Icon name="message-square" />
              {messageTexts.send}
            </Link>
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="cannot-receive">
            {messageTexts.cannotReceive(messaging.name)}
          </p>
        ))}
      <BlockForm memberId={memberId} name={messaging.name} blocked={messaging.blockedByMe} />
    </div>
  );
}

/** On one's own profile: whom one takes messages from, and the members one blocked. Works without JavaScript. */
export function MessageSettingsCard({
  settings,
}: {
  settings: { knownMembersOnly: boolean; blocked: Array<{ id: string; name: string }> };
}) {
  const location = useLocation();
  return (
    <Card id="nachrichten">
      <CardHeader>
        <CardTitle>Nachrichten</CardTitle>
        <CardDescription>Wer Ihnen schreiben darf. Wen Sie blockieren, erfährt davon nichts.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Form method="post" action={paths.messageSettings} preventScrollReset className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="preferences" />
          <input type="hidden" name="back" value={`${location.pathname}#nachrichten`} />
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name="knownMembersOnly"
              defaultChecked={settings.knownMembersOnly}
              className="mt-1 size-4 accent-brand-700"
            />
            <span>{messageTexts.knownOnlyLabel}</span>
          </label>
          <div>
            <Button type="submit" size="sm">
              Speichern
            </Button>
          </div>
        </Form>
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">Blockierte Mitglieder</h3>
          {settings.blocked.length === 0 ? (
            <p className="text-sm text-muted-foreground">Sie haben niemanden blockiert.</p>
          ) : (
            <ul className="flex flex-col gap-1" data-testid="blocked-members">
              {settings.blocked.map((member) => (
                <li key={member.id} className="flex min-w-0 flex-wrap items-center justify-between gap-2">
                  <Link to={paths.profile(member.id)} className="min-w-0 truncate text-sm hover:underline">
                    {member.name}
                  </Link>
                  <BlockForm memberId={member.id} name={member.name} blocked />
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

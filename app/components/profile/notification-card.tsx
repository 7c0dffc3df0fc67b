import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/**
 * Master toggle = newsletter; 'Antworten auf Diskussionen' only counts while
 * the master is on. Native checkboxes, so the card works without JavaScript.
 */
export function NotificationCard({ settings }: { settings: { newsletter: boolean; notifyReplies: boolean } }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-notifications";
  const [master, setMaster] = useState(settings.newsletter);
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-Mail-Benachrichtigungen</CardTitle>
        <CardDescription>Lege fest, welche E-Mails du von der Community erhältst.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="flex flex-col gap-4" preventScrollReset>
          <input type="hidden" name="intent" value="update-notifications" />
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              name="newsletter"
              defaultChecked={settings.newsletter}
              onChange={(event) => setMaster(event.currentTarget.checked)}
              className="mt-1 size-4 accent-brand-700"
            />
            <span>
              <span className="font-medium">E-Mail-Benachrichtigungen</span>
              <span className="block text-sm text-muted-foreground">Newsletter und Benachrichtigungen aus der Community</span>
            </span>
          </label>
          <label className="ml-7 flex items-start gap-3">
            <input
              type="checkbox"
              name="notifyReplies"
              defaultChecked={settings.notifyReplies}
              disabled={!master}
              className="mt-1 size-4 accent-brand-700 disabled:opacity-50"
            />
            <span>
              <span className="font-medium">Antworten auf Diskussionen</span>
              <span className="block text-sm text-muted-foreground">E-Mail, wenn jemand auf deine Diskussion oder deinen Kommentar antwortet</span>
            </span>
          </label>
          {!master && <input type="hidden" name="notifyReplies" value={settings.notifyReplies ? "on" : ""} />}
          <Button type="submit" size="sm" className="w-fit" disabled={pending}>
            {pending ? "Wird gespeichert..." : "Einstellungen speichern"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

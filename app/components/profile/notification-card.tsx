import { type ComponentProps, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DigestSetting } from "./digest-setting";
import {
  alwaysMailedKinds,
  configurableKinds,
  isPushable,
  MAIL_SETTINGS_ID,
  notificationKindLabels,
  type KindSetting,
} from "~/lib/notifications";
import type { PushDevice } from "~/lib/push";
import { PushDevices } from "./push-devices";

type Settings = {
  newsletter: boolean;
  kinds: Record<(typeof configurableKinds)[number], KindSetting>;
  digest: ComponentProps<typeof DigestSetting>["digest"];
};

/**
 * Master toggle = newsletter; each kind of notification has a switch for the
 * website and one for e-mail, which counts only while the master is on; the
 * approval is always mailed (alwaysMailedKinds), so it has no e-mail switch; the kinds that may go to push
 * (isPushable) have a third, which counts on the devices listed below it (decision 0060).
 * Native checkboxes, so the card works without JavaScript (turning push on for a device needs it).
 */
export function NotificationCard({ settings, push }: { settings: Settings; push: { publicKey: string; devices: PushDevice[] } | null }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-notifications";
  const [master, setMaster] = useState(settings.newsletter);
  return (
    <Card id={MAIL_SETTINGS_ID} className="scroll-mt-20">
      <CardHeader>
        <CardTitle>E-Mail-Benachrichtigungen</CardTitle>
        <CardDescription>Legen Sie fest, worüber Sie auf der Website, per E-Mail und per Push benachrichtigt werden.</CardDescription>
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
          <DigestSetting digest={settings.digest} master={master} />
          <table className="w-full text-sm">
            <caption className="sr-only">Benachrichtigungen nach Art</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="py-1 font-medium">
                  Art
                </th>
                <th scope="col" className="py-1 text-center font-medium">
                  Website
                </th>
                <th scope="col" className="py-1 text-center font-medium">
                  E-Mail
                </th>
                <th scope="col" className="py-1 text-center font-medium">
                  Push
                </th>
              </tr>
            </thead>
            <tbody>
              {configurableKinds.map((kind) => (
                <tr key={kind} className="border-t border-border">
                  <th scope="row" className="py-2 text-left font-normal">
                    {notificationKindLabels[kind]}
                  </th>
                  <td className="py-2 text-center">
                    <input
                      type="checkbox"
                      name={`inPage_${kind}`}
                      defaultChecked={settings.kinds[kind].inPage}
                      aria-label={`${notificationKindLabels[kind]} auf der Website`}
                      className="size-4 accent-brand-700"
                    />
                  </td>
                  <td className="py-2 text-center">
                    {alwaysMailedKinds.includes(kind) ? (
                      <span className="text-muted-foreground">immer</span>
                    ) : (
                      <>
                        <input
                          type="checkbox"
                          name={`email_${kind}`}
                          defaultChecked={settings.kinds[kind].email}
                          disabled={!master}
                          aria-label={`${notificationKindLabels[kind]} per E-Mail`}
                          className="size-4 accent-brand-700 disabled:opacity-50"
                        />
                        {!master && <input type="hidden" name={`email_${kind}`} value={settings.kinds[kind].email ? "on" : ""} />}
                      </>
                    )}
                  </td>
                  <td className="py-2 text-center">
                    {isPushable(kind) ? (
                      <input
                        type="checkbox"
                        name={`push_${kind}`}
                        defaultChecked={settings.kinds[kind].push}
                        aria-label={`${notificationKindLabels[kind]} per Push`}
                        className="size-4 accent-brand-700"
                      />
                    ) : (
                      <>
                        <span aria-hidden className="text-muted-foreground">
                          –
                        </span>
                        <span className="sr-only">nicht per Push</span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button type="submit" size="sm" className="w-fit" disabled={pending}>
            {pending ? "Wird gespeichert..." : "Einstellungen speichern"}
          </Button>
        </Form>
        {push && <PushDevices publicKey={push.publicKey} devices={push.devices} />}
      </CardContent>
    </Card>
  );
}

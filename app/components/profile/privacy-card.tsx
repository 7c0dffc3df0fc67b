import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { paths } from "~/lib/paths";
import { DELETE_CONFIRMATION } from "~/lib/schemas/profile";

/** DSGVO self-service: export everything, or delete the account. */
export function PrivacyCard({ exportHref, deleteError }: { exportHref: string; deleteError: string | null }) {
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete-account";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Meine Daten</CardTitle>
        <CardDescription>
          Ihre Rechte nach der DSGVO – mehr dazu in der{" "}
          <Link to={paths.datenschutz} className="text-brand-700 underline">
            Datenschutzerklärung
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <p className="font-medium">Zweiter Faktor</p>
          <p className="text-sm text-muted-foreground">
            Schützen Sie Ihr Konto mit einer Authenticator-App oder einem Passkey: Dann genügt Ihr Passwort allein nicht mehr zur Anmeldung.
          </p>
          <Button asChild variant="outline" className="w-fit">
            <Link to={paths.secondFactor}>Zweiten Faktor einrichten</Link>
          </Button>
        </div>
        <Button asChild variant="outline" className="w-fit">
          <a href={exportHref} download>
            Meine Daten exportieren
          </a>
        </Button>
        <Form method="post" noValidate className="flex flex-col gap-2 rounded-lg border border-red-200 p-4">
          <input type="hidden" name="intent" value="delete-account" />
          <p className="font-medium text-red-900">Konto löschen</p>
          <p className="text-sm text-muted-foreground">
            Ihr Konto und Ihre persönlichen Daten werden gelöscht. Ihre Beiträge bleiben erhalten und erscheinen als „Gelöschter Benutzer“.
            Das kann nicht rückgängig gemacht werden.
          </p>
          <label htmlFor="delete-confirmation" className="text-sm">
            Zur Bestätigung „{DELETE_CONFIRMATION}“ eingeben
          </label>
          <Input id="delete-confirmation" name="confirmation" autoComplete="off" required className="max-w-64" />
          {deleteError && <p className="text-sm text-destructive">{deleteError}</p>}
          <Button type="submit" variant="destructive" size="sm" className="w-fit" disabled={deleting}>
            {deleting ? "Wird gelöscht..." : "Konto löschen"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

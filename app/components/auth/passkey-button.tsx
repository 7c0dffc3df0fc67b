import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { paths } from "~/lib/paths";

const failed = "Der Passkey konnte nicht verwendet werden. Bitte versuchen Sie es erneut.";

/**
 * Creating a passkey or signing in with one (decision 0050). The browser's WebAuthn interface is a script's, so
 * without JavaScript the button is a sentence saying so; the code form works either way. The library is loaded on
 * the click, not with the page.
 */
export function PasskeyButton({ ceremony, redirectTo, label }: { ceremony: "register" | "sign-in"; redirectTo: string; label: string }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!hydrated)
    return (
      <p className="text-sm text-muted-foreground" data-testid="passkey-needs-javascript">
        Passkeys brauchen JavaScript im Browser. Ohne JavaScript{" "}
        {ceremony === "register" ? "richten Sie stattdessen eine Authenticator-App ein." : "melden Sie sich mit Passwort und Code an."}
      </p>
    );

  async function run() {
    setBusy(true);
    setError(null);
    try {
      const { browserSupportsWebAuthn, startAuthentication, startRegistration } = await import("@simplewebauthn/browser");
      if (!browserSupportsWebAuthn()) {
        setError("Ihr Browser unterstützt keine Passkeys.");
        return;
      }
      const endpoint = `${paths.passkey}?ceremony=${ceremony}`;
      const options = await fetch(endpoint, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      const optionsJSON = await options.json();
      if (!options.ok) {
        setError((optionsJSON as { message?: string }).message ?? failed);
        return;
      }
      const credential = ceremony === "register" ? await startRegistration({ optionsJSON }) : await startAuthentication({ optionsJSON });
      const body = new URLSearchParams({ credential: JSON.stringify(credential), redirectTo });
      const answer = await fetch(endpoint, { method: "POST", body, headers: { Accept: "application/json" }, credentials: "same-origin" });
      const result = (await answer.json()) as { location?: string; message?: string };
      if (!answer.ok || !result.location) {
        setError(result.message ?? failed);
        return;
      }
      // A whole page load: the new session cookie and the toast apply to everything from here on.
      window.location.assign(result.location);
    } catch {
      // The member cancelled the browser's dialog, or the authenticator refused.
      setError(failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button type="button" variant="outline" onClick={() => void run()} disabled={busy}>
        {label}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

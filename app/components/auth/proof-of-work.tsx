/**
 * The sign-up form's proof of work (decision 0031): altcha's widget fetches a
 * challenge from our own route and solves it in a worker, then puts the
 * answer into the form's hidden field `altcha`. Loaded only by the sign-up
 * form, after hydration: no other page downloads it, and without JavaScript
 * the form is sent without an answer (the sign-up is then marked for review).
 *
 * `altcha/external` is the build without inlined workers and styles: its
 * worker is a file of our own origin (Vite's `?worker`), so the Content
 * Security Policy needs no `blob:` worker source, and its styles come from a
 * stylesheet of ours.
 */
import "altcha/external";
import "altcha/altcha.css";
import type {} from "altcha/types/react";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";
import { useEffect, useRef, type CSSProperties } from "react";
import { paths } from "~/lib/paths";
import { signUpGuardFields } from "~/lib/sign-up-guard";

// Our challenges use this algorithm only (app/server/accounts/sign-up-guard.server.ts).
globalThis.$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());
globalThis.$altcha.i18n.set("de", {
  ariaLinkLabel: "Altcha (Website des Herstellers)",
  enterCode: "Code eingeben",
  enterCodeAria: "Geben Sie den Code ein, den Sie hören. Mit der Leertaste spielen Sie ihn ab.",
  enterCodeFromImage: "Bitte geben Sie den Code aus dem Bild ein.",
  error:
    "Die Prüfung ist fehlgeschlagen. Sie können sich trotzdem registrieren; ein Administrator sieht sich Ihre Registrierung dann genauer an.",
  expired: "Die Prüfung ist abgelaufen und wird wiederholt.",
  footer: "",
  getAudioChallenge: "Code vorlesen lassen",
  label: "Ich bin kein Roboter",
  loading: "Wird geladen...",
  reload: "Neu laden",
  verify: "Prüfen",
  verificationRequired: "Prüfung erforderlich",
  verified: "Geprüft",
  verifying: "Wird geprüft...",
  waitAlert: "Die Prüfung läuft, bitte warten Sie einen Moment.",
  cancel: "Abbrechen",
});
globalThis.$altcha.defaults.set({
  // Nothing about the visitor's pointer or keys is collected, and no link leads to the maker's site.
  humanInteractionSignature: false,
  hideFooter: true,
  hideLogo: true,
  // No artificial delay: the check takes as long as the work.
  minDuration: 0,
});

/** The widget in the forum's colours, as wide as the form. */
const widgetStyle = {
  "--altcha-max-width": "100%",
  "--altcha-color-base": "var(--color-background)",
  "--altcha-color-base-content": "var(--color-foreground)",
  "--altcha-border-color": "var(--color-border)",
  "--altcha-color-primary": "var(--color-primary)",
  "--altcha-color-error": "var(--color-destructive)",
} as CSSProperties;

export default function ProofOfWork() {
  const widget = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = widget.current as (HTMLElement & { verify?: () => unknown }) | null;
    // A challenge that expires before the form is sent is replaced by a new one, solved in the background again.
    const renew = () => void element?.verify?.();
    element?.addEventListener("expired", renew);
    return () => element?.removeEventListener("expired", renew);
  }, []);

  return (
    <div className="flex flex-col gap-1">
      <altcha-widget
        ref={widget}
        challenge={paths.signUpChallenge}
        name={signUpGuardFields.proof}
        auto="onload"
        language="de"
        style={widgetStyle}
      />
      <p className="text-xs text-muted-foreground">
        Spamschutz ohne Cookies und Drittanbieter: Ihr Browser löst dafür eine kurze Rechenaufgabe.
      </p>
    </div>
  );
}

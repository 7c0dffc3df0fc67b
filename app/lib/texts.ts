/** German texts of the spec that appear in more than one place. Letter for letter as in SPEC.md. */
export const texts = {
  loginFailedTitle: "Anmeldung fehlgeschlagen",
  invalidCredentials:
    "Die E-Mail-Adresse oder das Passwort ist incorrect. Haben Sie möglicherweise Ihr Passwort kürzlich zurückgesetzt?",
  emailNotConfirmed: "Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in Ihrer E-Mail.",
  tooManyRequests: "zu viele Anmeldeversuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
  unknownError: "Ein unbekannter Fehler ist aufgetreten.",
  unexpectedError: "Es ist ein unerwarteter Fehler aufgetreten.",
  accountRejected: "Ihr Konto wurde nicht freigeschaltet. Bitte wenden Sie sich an den Betreiber.",
  welcomeBack: "Willkommen zurück!",
  sendFailed: "Fehler beim Senden",
  magicLinkSent: "Magic Link gesendet!",
  emailSent: "E-Mail gesendet!",
  signUpFailed: "Registrierung fehlgeschlagen",
  invalidLink: "Ungültiger Link",
  passwordUpdateFailed: "Fehler beim Passwort-Update",
  passwordChanged: "Passwort erfolgreich geändert!",
  emailNotFound: "E-Mail-Adresse nicht gefunden",
  sessionReset: "Session zurückgesetzt",
  signedOut: "Sie wurden abgemeldet.",
  accessDenied:
    "Zugriff verweigert: Du hast keine Berechtigung, auf diese Seite zuzugreifen. Administrator-Rechte sind erforderlich.",
  userApproved: "Benutzer erfolgreich genehmigt",
  userRejected: "Benutzer abgelehnt",
  approveFailed: "Fehler beim Genehmigen des Benutzers",
  rejectFailed: "Fehler beim Ablehnen des Benutzers",
} as const;

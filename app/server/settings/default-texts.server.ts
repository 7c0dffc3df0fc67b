/**
 * The legal texts of a fresh install, as Markdown (decision 0049): what the pages showed when they were React
 * components, so nothing changes before an administrator edits them. A heading that other pages link to keeps its
 * anchor with `{#id}` at its end (AGB § 3 is /agb#verhalten in every statement of reasons, the cookie section
 * /datenschutz#cookies in the footer). {{Forum}} and {{Betreiber}} stand for the forum's name and the company.
 */

/** The Impressum's free part, after the company data the page writes from the settings. */
export const defaultImprintText = `## Nutzerbeiträge

Beiträge im Forum geben die Meinung ihrer Verfasserinnen und Verfasser wieder. Halten Sie einen Inhalt für rechtswidrig, melden Sie ihn bitte über unser Formular [Rechtswidrigen Inhalt melden](/legal-notice), auch ohne Konto. Wir prüfen jede Meldung zügig und teilen Ihnen die Entscheidung mit Begründung mit.

## Verbraucherstreitbeilegung

Wir sind nicht bereit oder verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.`;

export const defaultTermsText = `## § 1 Geltungsbereich

Diese Nutzungsbedingungen gelten für die Nutzung des Forums „{{Forum}}“, das von der {{Betreiber}} mit Standorten in Berlin und München (nachfolgend „Betreiber“) betrieben wird. Das Forum dient dem fachlichen Austausch von Expertinnen und Experten aus dem Bereich Online-Marketing.

Mit der Registrierung erkennen Sie diese Nutzungsbedingungen in ihrer jeweils gültigen Fassung an. Abweichende Bedingungen der Nutzer finden keine Anwendung, es sei denn, der Betreiber stimmt ihnen ausdrücklich schriftlich zu.

## § 2 Registrierung und Nutzung

Die Teilnahme an Diskussionen setzt eine Registrierung voraus. Bei der Registrierung sind wahrheitsgemäße Angaben zu machen; Ihre Zugangsdaten sind vertraulich zu behandeln und vor dem Zugriff Dritter zu schützen. Jede Person darf nur ein Benutzerkonto führen.

Neue Benutzerkonten werden erst nach Prüfung durch einen Administrator freigeschaltet. Ein Anspruch auf Freischaltung oder auf Nutzung des Forums besteht nicht. Die Nutzung des Forums ist kostenlos.

Der Betreiber ist bemüht, das Forum möglichst unterbrechungsfrei bereitzustellen, übernimmt jedoch keine Gewähr für eine ständige Verfügbarkeit. Wartungsarbeiten und technische Störungen können zu vorübergehenden Einschränkungen führen.

## § 3 Verhalten der Nutzer {#verhalten}

Sie sind für die von Ihnen veröffentlichten Inhalte selbst verantwortlich. Untersagt sind insbesondere Inhalte, die rechtswidrig, beleidigend, diskriminierend oder irreführend sind, Rechte Dritter (etwa Urheber-, Marken- oder Persönlichkeitsrechte) verletzen oder unaufgeforderte Werbung bzw. Spam darstellen.

Der Betreiber ist berechtigt, Inhalte, die gegen diese Nutzungsbedingungen oder geltendes Recht verstoßen, ohne vorherige Ankündigung zu bearbeiten oder zu entfernen. Bei schwerwiegenden oder wiederholten Verstößen kann das Benutzerkonto vorübergehend oder dauerhaft gesperrt werden.

Mit der Veröffentlichung eines Beitrags räumen Sie dem Betreiber das einfache, unentgeltliche Recht ein, den Beitrag im Rahmen des Forums dauerhaft öffentlich zugänglich zu machen.

## § 4 Haftungsausschluss

Die Beiträge im Forum geben die Meinung der jeweiligen Verfasser wieder. Der Betreiber macht sich fremde Inhalte nicht zu eigen und übernimmt keine Gewähr für deren Richtigkeit, Vollständigkeit oder Aktualität. Beiträge stellen keine Rechts-, Steuer- oder sonstige verbindliche Beratung dar.

Der Betreiber haftet unbeschränkt bei Vorsatz und grober Fahrlässigkeit sowie bei der Verletzung von Leben, Körper oder Gesundheit. Im Übrigen haftet der Betreiber nur bei der Verletzung wesentlicher Vertragspflichten und beschränkt auf den vorhersehbaren, typischerweise eintretenden Schaden. Die Haftung nach dem Produkthaftungsgesetz bleibt unberührt.

## § 5 Kündigung

Das Nutzungsverhältnis kann von beiden Seiten jederzeit ohne Einhaltung einer Frist gekündigt werden. Sie können Ihr Benutzerkonto jederzeit selbst in Ihrem Profil über die Funktion „Konto löschen“ beenden.

Das Recht zur Sperrung eines Kontos aus wichtigem Grund bleibt unberührt. Nach Beendigung des Nutzungsverhältnisses werden Ihre personenbezogenen Daten gemäß unserer Datenschutzerklärung gelöscht; veröffentlichte Beiträge bleiben ohne Zuordnung zu Ihrer Person erhalten.`;

export const defaultPrivacyText = `## 1. Verantwortlicher

Verantwortlich für die Verarbeitung personenbezogener Daten in diesem Forum im Sinne der Datenschutz-Grundverordnung (DSGVO) ist die {{Betreiber}}. Vollständige Angaben zu Anschrift und Kontaktmöglichkeiten finden Sie in unserem [Impressum](/impressum).

## 2. Welche Daten wir speichern

### Kontodaten

- Vorname und Nachname
- E-Mail-Adresse
- Passwort – ausschließlich als gesalzener Hash, niemals im Klartext
- freiwillige Profilangaben: Unternehmen, Expertise, Erfahrung, Über-mich-Text und Profilbild
- Freischaltungsstatus Ihres Kontos und Ihre Rolle im Forum

### Inhalte

Von Ihnen verfasste Diskussionen und Kommentare einschließlich der Zeitpunkte ihrer Erstellung und Bearbeitung.

### Technische Daten

- IP-Adresse in den Server-Logdateien sowie zur Begrenzung von Anmeldeversuchen (Rate Limiting); diese Daten werden höchstens 14 Tage gespeichert.
- Sitzungsdatensätze mit IP-Adresse und Browserkennung (User-Agent), solange die jeweilige Sitzung besteht.

## 3. Zwecke und Rechtsgrundlagen

- **Art. 6 Abs. 1 lit. b DSGVO** – Durchführung des Mitgliedschafts- bzw. Nutzungsvertrags: Registrierung, Anmeldung, Profil, Veröffentlichung Ihrer Beiträge und transaktionale E-Mails.
- **Art. 6 Abs. 1 lit. f DSGVO** – berechtigtes Interesse an der Sicherheit des Forums und der Verhinderung von Missbrauch, etwa durch Server-Logdateien, Begrenzung von Anmeldeversuchen und die Prüfung neuer Konten.
- **Art. 6 Abs. 1 lit. a DSGVO** – Ihre Einwilligung, etwa für den Versand des Newsletters.

## 4. Cookies und lokaler Speicher {#cookies}

Wir verwenden ausschließlich technisch notwendige Cookies sowie den lokalen Speicher (localStorage) Ihres Browsers:

| Name | Art | Zweck | Speicherdauer |
| --- | --- | --- | --- |
| Sitzungs-Cookie | Cookie, technisch notwendig, HttpOnly | Hält Sie nach der Anmeldung angemeldet. | bis zur Abmeldung, höchstens 7 Tage |
| sidebar_state | Cookie, technisch notwendig | Merkt sich, ob die Seitenleiste geöffnet oder geschlossen ist. | 7 Tage |
| theme | Cookie, technisch notwendig | Merkt sich das gewählte Farbschema (System, Hell oder Dunkel). | 1 Jahr |
| cookie-consent, cookie-essential, cookie-analytics, cookie-marketing | localStorage | Speichert Ihre Auswahl im Cookie-Hinweis. | bis zur Löschung durch Sie im Browser |

Das Forum setzt derzeit keine Analyse- oder Marketing-Werkzeuge ein und lädt keine Skripte oder Schriftarten von Drittanbietern. Die Kategorien „Analyse“ und „Marketing“ im Cookie-Hinweis bestehen nur, damit solche Werkzeuge künftig erst nach Ihrer Einwilligung eingesetzt werden könnten.

Ihre Auswahl treffen und ändern Sie jederzeit über „Cookie-Einstellungen“ am Ende jeder Seite. Dafür ist JavaScript nötig, denn die Auswahl wird im lokalen Speicher Ihres Browsers abgelegt; ohne JavaScript verwendet das Forum ausschließlich die technisch notwendigen Cookies.

## 5. E-Mail

Wir versenden transaktionale E-Mails, die für die Nutzung erforderlich sind:

- Bestätigung der E-Mail-Adresse
- Magic Link zur Anmeldung
- Passwort zurücksetzen
- Freischaltung des Kontos
- Benachrichtigungen über Antworten, sofern Sie diese aktiviert haben

Den Newsletter erhalten Sie nur mit Ihrer ausdrücklichen Einwilligung. Sie können diese jederzeit in Ihrem Profil widerrufen.

Push-Benachrichtigungen erhalten Sie nur auf Geräten, auf denen Sie sie in Ihrem Profil selbst aktiviert haben. Dafür speichern wir die Zustelladresse und die Schlüssel, die Ihr Browser uns dafür gibt, eine Gerätebezeichnung wie „Chrome auf Android“ und das Datum. Zugestellt werden die Nachrichten über den Push-Dienst Ihres Browserherstellers (etwa Google, Mozilla oder Apple, auch außerhalb der EU); er erhält sie verschlüsselt und kann ihren Inhalt nicht lesen. Sie können jedes Gerät jederzeit in Ihrem Profil entfernen.

## 6. Öffentlich sichtbare Daten

Ihr Vorname, Ihr Unternehmen, Ihr Über-mich-Text, Ihr Profilbild sowie Ihre Diskussionen und Kommentare sind für alle Besucher sichtbar, auch ohne Anmeldung, und können von Suchmaschinen erfasst werden. Ihre E-Mail-Adresse wird niemals öffentlich angezeigt.

## 7. Empfänger und Auftragsverarbeiter

Wir setzen einen Hosting-Anbieter für den Betrieb des Forums und einen E-Mail-Versanddienstleister für die Zustellung von E-Mails ein. Mit beiden bestehen Verträge zur Auftragsverarbeitung nach Art. 28 DSGVO. Eine Übermittlung Ihrer Daten in Drittländer außerhalb der Europäischen Union bzw. des Europäischen Wirtschaftsraums findet nicht statt; ausgenommen sind Push-Benachrichtigungen, die Sie selbst aktivieren (siehe 5.): Sie gehen verschlüsselt an den Push-Dienst Ihres Browsers.

## 8. Speicherdauer

Wir speichern Ihre Daten, bis Sie Ihr Konto löschen. Technische Daten werden wie oben beschrieben früher gelöscht. Bei der Löschung Ihres Kontos werden Ihre personenbezogenen Daten gelöscht; Ihre Beiträge bleiben erhalten und werden als „Gelöschter Benutzer“ angezeigt.

## 9. Ihre Rechte

Sie haben gegenüber uns folgende Rechte:

- Auskunft über Ihre gespeicherten Daten (Art. 15 DSGVO)
- Berichtigung unrichtiger Daten (Art. 16 DSGVO)
- Löschung Ihrer Daten (Art. 17 DSGVO)
- Einschränkung der Verarbeitung (Art. 18 DSGVO)
- Datenübertragbarkeit (Art. 20 DSGVO)
- Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO)
- Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO)
- Beschwerde bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO)

Einige Rechte können Sie direkt in Ihrem Profil ausüben: Über „Meine Daten exportieren“ erhalten Sie Ihre Daten als JSON-Datei, über „Konto löschen“ können Sie Ihr Konto selbst löschen. Für alle weiteren Anliegen wenden Sie sich bitte an die im [Impressum](/impressum) genannten Kontaktdaten.

## 10. Stand

Stand: November 2026`;

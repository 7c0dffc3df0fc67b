import { paths } from "~/lib/paths";

export function PrivacyContent() {
  return (
    <>
      <h2>1. Verantwortlicher</h2>
      <p>
        Verantwortlich für die Verarbeitung personenbezogener Daten in diesem Forum im Sinne der Datenschutz-Grundverordnung (DSGVO) ist die
        Nordstern Werbeagentur GmbH. Vollständige Angaben zu Anschrift und Kontaktmöglichkeiten finden Sie in unserem{" "}
        <a href="/impressum">Impressum</a>.
      </p>

      <h2>2. Welche Daten wir speichern</h2>
      <h3>Kontodaten</h3>
      <ul>
        <li>Vorname und Nachname</li>
        <li>E-Mail-Adresse</li>
        <li>Passwort – ausschließlich als gesalzener Hash, niemals im Klartext</li>
        <li>freiwillige Profilangaben: Unternehmen, Expertise, Erfahrung, Über-mich-Text und Profilbild</li>
        <li>Freischaltungsstatus Ihres Kontos und Ihre Rolle im Forum</li>
      </ul>
      <h3>Inhalte</h3>
      <p>Von Ihnen verfasste Diskussionen und Kommentare einschließlich der Zeitpunkte ihrer Erstellung und Bearbeitung.</p>
      <h3>Technische Daten</h3>
      <ul>
        <li>
          IP-Adresse in den Server-Logdateien sowie zur Begrenzung von Anmeldeversuchen (Rate Limiting); diese Daten werden höchstens 14
          Tage gespeichert.
        </li>
        <li>Sitzungsdatensätze mit IP-Adresse und Browserkennung (User-Agent), solange die jeweilige Sitzung besteht.</li>
      </ul>

      <h2>3. Zwecke und Rechtsgrundlagen</h2>
      <ul>
        <li>
          <strong>Art. 6 Abs. 1 lit. b DSGVO</strong> – Durchführung des Mitgliedschafts- bzw. Nutzungsvertrags: Registrierung, Anmeldung,
          Profil, Veröffentlichung Ihrer Beiträge und transaktionale E-Mails.
        </li>
        <li>
          <strong>Art. 6 Abs. 1 lit. f DSGVO</strong> – berechtigtes Interesse an der Sicherheit des Forums und der Verhinderung von
          Missbrauch, etwa durch Server-Logdateien, Begrenzung von Anmeldeversuchen und die Prüfung neuer Konten.
        </li>
        <li>
          <strong>Art. 6 Abs. 1 lit. a DSGVO</strong> – Ihre Einwilligung, etwa für den Versand des Newsletters.
        </li>
      </ul>

      <h2 id={paths.cookieSection.id}>4. Cookies und lokaler Speicher</h2>
      <p>Wir verwenden ausschließlich technisch notwendige Cookies sowie den lokalen Speicher (localStorage) Ihres Browsers:</p>
      {/* Scrolls inside its own box on a phone; focusable, so a keyboard can scroll it too. */}
      <div className="table-scroll" role="region" aria-label="Cookies und lokaler Speicher" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Art</th>
              <th scope="col">Zweck</th>
              <th scope="col">Speicherdauer</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Sitzungs-Cookie</td>
              <td>Cookie, technisch notwendig, HttpOnly</td>
              <td>Hält Sie nach der Anmeldung angemeldet.</td>
              <td>bis zur Abmeldung, höchstens 7 Tage</td>
            </tr>
            <tr>
              <td>sidebar_state</td>
              <td>Cookie, technisch notwendig</td>
              <td>Merkt sich, ob die Seitenleiste geöffnet oder geschlossen ist.</td>
              <td>7 Tage</td>
            </tr>
            <tr>
              <td>theme</td>
              <td>Cookie, technisch notwendig</td>
              <td>Merkt sich das gewählte Farbschema (System, Hell oder Dunkel).</td>
              <td>1 Jahr</td>
            </tr>
            <tr>
              <td>cookie-consent, cookie-essential, cookie-analytics, cookie-marketing</td>
              <td>localStorage</td>
              <td>Speichert Ihre Auswahl im Cookie-Hinweis.</td>
              <td>bis zur Löschung durch Sie im Browser</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        Das Forum setzt derzeit keine Analyse- oder Marketing-Werkzeuge ein und lädt keine Skripte oder Schriftarten von Drittanbietern. Die
        Kategorien „Analyse“ und „Marketing“ im Cookie-Hinweis bestehen nur, damit solche Werkzeuge künftig erst nach Ihrer Einwilligung
        eingesetzt werden könnten.
      </p>
      <p>
        Ihre Auswahl treffen und ändern Sie jederzeit über „Cookie-Einstellungen“ am Ende jeder Seite. Dafür ist JavaScript nötig, denn die
        Auswahl wird im lokalen Speicher Ihres Browsers abgelegt; ohne JavaScript verwendet das Forum ausschließlich die technisch
        notwendigen Cookies.
      </p>

      <h2>5. E-Mail</h2>
      <p>Wir versenden transaktionale E-Mails, die für die Nutzung erforderlich sind:</p>
      <ul>
        <li>Bestätigung der E-Mail-Adresse</li>
        <li>Magic Link zur Anmeldung</li>
        <li>Passwort zurücksetzen</li>
        <li>Freischaltung des Kontos</li>
        <li>Benachrichtigungen über Antworten, sofern Sie diese aktiviert haben</li>
      </ul>
      <p>Den Newsletter erhalten Sie nur mit Ihrer ausdrücklichen Einwilligung. Sie können diese jederzeit in Ihrem Profil widerrufen.</p>

      <h2>6. Öffentlich sichtbare Daten</h2>
      <p>
        Ihr Vorname, Ihr Unternehmen, Ihr Über-mich-Text, Ihr Profilbild sowie Ihre Diskussionen und Kommentare sind für alle Besucher
        sichtbar, auch ohne Anmeldung, und können von Suchmaschinen erfasst werden. Ihre E-Mail-Adresse wird niemals öffentlich angezeigt.
      </p>

      <h2>7. Empfänger und Auftragsverarbeiter</h2>
      <p>
        Wir setzen einen Hosting-Anbieter für den Betrieb des Forums und einen E-Mail-Versanddienstleister für die Zustellung von E-Mails
        ein. Mit beiden bestehen Verträge zur Auftragsverarbeitung nach Art. 28 DSGVO. Eine Übermittlung Ihrer Daten in Drittländer
        außerhalb der Europäischen Union bzw. des Europäischen Wirtschaftsraums findet nicht statt.
      </p>

      <h2>8. Speicherdauer</h2>
      <p>
        Wir speichern Ihre Daten, bis Sie Ihr Konto löschen. Technische Daten werden wie oben beschrieben früher gelöscht. Bei der Löschung
        Ihres Kontos werden Ihre personenbezogenen Daten gelöscht; Ihre Beiträge bleiben erhalten und werden als „Gelöschter Benutzer“
        angezeigt.
      </p>

      <h2>9. Ihre Rechte</h2>
      <p>Sie haben gegenüber uns folgende Rechte:</p>
      <ul>
        <li>Auskunft über Ihre gespeicherten Daten (Art. 15 DSGVO)</li>
        <li>Berichtigung unrichtiger Daten (Art. 16 DSGVO)</li>
        <li>Löschung Ihrer Daten (Art. 17 DSGVO)</li>
        <li>Einschränkung der Verarbeitung (Art. 18 DSGVO)</li>
        <li>Datenübertragbarkeit (Art. 20 DSGVO)</li>
        <li>Widerspruch gegen Verarbeitungen auf Grundlage berechtigter Interessen (Art. 21 DSGVO)</li>
        <li>Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO)</li>
        <li>Beschwerde bei einer Datenschutz-Aufsichtsbehörde (Art. 77 DSGVO)</li>
      </ul>
      <p>
        Einige Rechte können Sie direkt in Ihrem Profil ausüben: Über „Meine Daten exportieren“ erhalten Sie Ihre Daten als JSON-Datei, über
        „Konto löschen“ können Sie Ihr Konto selbst löschen. Für alle weiteren Anliegen wenden Sie sich bitte an die im{" "}
        <a href="/impressum">Impressum</a> genannten Kontaktdaten.
      </p>

      <h2>10. Stand</h2>
      <p>Stand: November 2026</p>
    </>
  );
}

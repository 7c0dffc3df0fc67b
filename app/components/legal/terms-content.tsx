export function TermsContent() {
  return (
    <>
      <h2>§ 1 Geltungsbereich</h2>
      <p>
        Diese Nutzungsbedingungen gelten für die Nutzung des Forums „Marketing Community“, das von der Nordstern Werbeagentur GmbH mit
        Standorten in Berlin und München (nachfolgend „Betreiber“) betrieben wird. Das Forum dient dem fachlichen Austausch von Expertinnen
        und Experten aus dem Bereich Online-Marketing.
      </p>
      <p>
        Mit der Registrierung erkennen Sie diese Nutzungsbedingungen in ihrer jeweils gültigen Fassung an. Abweichende Bedingungen der
        Nutzer finden keine Anwendung, es sei denn, der Betreiber stimmt ihnen ausdrücklich schriftlich zu.
      </p>

      <h2>§ 2 Registrierung und Nutzung</h2>
      <p>
        Die Teilnahme an Diskussionen setzt eine Registrierung voraus. Bei der Registrierung sind wahrheitsgemäße Angaben zu machen; Ihre
        Zugangsdaten sind vertraulich zu behandeln und vor dem Zugriff Dritter zu schützen. Jede Person darf nur ein Benutzerkonto führen.
      </p>
      <p>
        Neue Benutzerkonten werden erst nach Prüfung durch einen Administrator freigeschaltet. Ein Anspruch auf Freischaltung oder auf
        Nutzung des Forums besteht nicht. Die Nutzung des Forums ist kostenlos.
      </p>
      <p>
        Der Betreiber ist bemüht, das Forum möglichst unterbrechungsfrei bereitzustellen, übernimmt jedoch keine Gewähr für eine ständige
        Verfügbarkeit. Wartungsarbeiten und technische Störungen können zu vorübergehenden Einschränkungen führen.
      </p>

      <h2 id="verhalten">§ 3 Verhalten der Nutzer</h2>
      <p>
        Sie sind für die von Ihnen veröffentlichten Inhalte selbst verantwortlich. Untersagt sind insbesondere Inhalte, die rechtswidrig,
        beleidigend, diskriminierend oder irreführend sind, Rechte Dritter (etwa Urheber-, Marken- oder Persönlichkeitsrechte) verletzen
        oder unaufgeforderte Werbung bzw. Spam darstellen.
      </p>
      <p>
        Der Betreiber ist berechtigt, Inhalte, die gegen diese Nutzungsbedingungen oder geltendes Recht verstoßen, ohne vorherige
        Ankündigung zu bearbeiten oder zu entfernen. Bei schwerwiegenden oder wiederholten Verstößen kann das Benutzerkonto vorübergehend
        oder dauerhaft gesperrt werden.
      </p>
      <p>
        Mit der Veröffentlichung eines Beitrags räumen Sie dem Betreiber das einfache, unentgeltliche Recht ein, den Beitrag im Rahmen des
        Forums dauerhaft öffentlich zugänglich zu machen.
      </p>

      <h2>§ 4 Haftungsausschluss</h2>
      <p>
        Die Beiträge im Forum geben die Meinung der jeweiligen Verfasser wieder. Der Betreiber macht sich fremde Inhalte nicht zu eigen und
        übernimmt keine Gewähr für deren Richtigkeit, Vollständigkeit oder Aktualität. Beiträge stellen keine Rechts-, Steuer- oder sonstige
        verbindliche Beratung dar.
      </p>
      <p>
        Der Betreiber haftet unbeschränkt bei Vorsatz und grober Fahrlässigkeit sowie bei der Verletzung von Leben, Körper oder Gesundheit.
        Im Übrigen haftet der Betreiber nur bei der Verletzung wesentlicher Vertragspflichten und beschränkt auf den vorhersehbaren,
        typischerweise eintretenden Schaden. Die Haftung nach dem Produkthaftungsgesetz bleibt unberührt.
      </p>

      <h2>§ 5 Kündigung</h2>
      <p>
        Das Nutzungsverhältnis kann von beiden Seiten jederzeit ohne Einhaltung einer Frist gekündigt werden. Sie können Ihr Benutzerkonto
        jederzeit selbst in Ihrem Profil über die Funktion „Konto löschen“ beenden.
      </p>
      <p>
        Das Recht zur Sperrung eines Kontos aus wichtigem Grund bleibt unberührt. Nach Beendigung des Nutzungsverhältnisses werden Ihre
        personenbezogenen Daten gemäß unserer Datenschutzerklärung gelöscht; veröffentlichte Beiträge bleiben ohne Zuordnung zu Ihrer Person
        erhalten.
      </p>
    </>
  );
}

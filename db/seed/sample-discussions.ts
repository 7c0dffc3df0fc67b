// Beispiel-Diskussionen, die Administratoren im Admin Panel anlegen können
// (Spec: 10 Stück, nacheinander im Abstand von 100 ms).

export interface SampleDiscussion {
  title: string;
  category: "seo" | "sea" | "ki-suche" | "general" | "tools" | "events";
  /** Already in the editor's allow-list (p, strong, ul/li, a); sanitised again on insert. */
  content: string;
  /** 1–3 tag names (decision 0053); the administrator who seeds them creates those that do not exist yet. */
  tags: string[];
}

export const sampleDiscussions: readonly SampleDiscussion[] = [
  {
    title: "Interne Verlinkung bei großen Ratgeberbereichen: Hub-Seiten oder Kontextlinks?",
    tags: ["Interne Verlinkung", "Content-Strategie"],
    category: "seo",
    content:
      "<p>Unser Ratgeber ist auf gut 800 Artikel gewachsen, und die Verlinkung ist historisch gewachsen – also eher zufällig. Wir überlegen, thematische Hub-Seiten einzuführen.</p><p><strong>Fragen an euch:</strong></p><ul><li>Setzt ihr auf Hub-Seiten mit vielen Links oder auf wenige Kontextlinks im Fließtext?</li><li>Wie viele interne Links pro Artikel haltet ihr für sinnvoll?</li><li>Mit welchem Tool behaltet ihr verwaiste Seiten im Blick?</li></ul>",
  },
  {
    title: "Search Console: Seit dem Relaunch doppelt so viele „Alternative Seite mit richtigem kanonischen Tag“",
    tags: ["Search Console", "Indexierung", "Technisches SEO"],
    category: "seo",
    content:
      "<p>Nach dem Relaunch unseres Shops meldet die Search Console plötzlich rund 12.000 URLs als „Alternative Seite mit richtigem kanonischen Tag“. Die Canonicals sind korrekt gesetzt, die Parameter-URLs kommen aus der neuen Filternavigation.</p><p>Ist das nur Kosmetik oder sollten wir die Filter-Links auf <strong>nofollow</strong> bzw. per JavaScript umstellen, um Crawl-Budget zu sparen?</p>",
  },
  {
    title: "Broad Match mit Smart Bidding: Eure Erfahrungen nach drei Monaten?",
    tags: ["Smart Bidding", "Google Ads"],
    category: "sea",
    content:
      "<p>Google empfiehlt uns seit Monaten, alle Keywords auf Broad Match umzustellen. Wir haben es in einer Kampagne getestet: mehr Klicks, aber die Suchbegriffe werden teils abenteuerlich.</p><ul><li>Wie pflegt ihr die ausschließenden Keywords?</li><li>Ab welchem Conversion-Volumen funktioniert das bei euch stabil?</li></ul>",
  },
  {
    title: "Google Ads Auto-Assets abschalten: Welche Einstellungen habt ihr deaktiviert?",
    tags: ["Google Ads"],
    category: "sea",
    content:
      "<p>Automatisch erstellte Assets haben bei einem Kunden Aussagen in die Anzeigen gebracht, die rechtlich heikel sind (Versandkosten, Garantien). Wir haben alles deaktiviert, was wir gefunden haben.</p><p>Gibt es eine vollständige Liste der Stellen, an denen Google Texte automatisch ergänzt? Auf Kontoebene ist das leider nicht an einem Ort gebündelt.</p>",
  },
  {
    title: "Zitiert werden in KI-Antworten: Welche Inhaltsformate funktionieren?",
    tags: ["KI-Suche", "GEO"],
    category: "ki-suche",
    content:
      "<p>Wir beobachten seit einigen Wochen, welche unserer Seiten in Perplexity und in den AI Overviews als Quelle auftauchen. Auffällig: Vergleichstabellen und klare Definitionen am Seitenanfang werden deutlich häufiger zitiert als lange Fließtexte.</p><p>Habt ihr ähnliche Muster gesehen? Uns interessieren vor allem <strong>messbare</strong> Beobachtungen, keine Vermutungen.</p>",
  },
  {
    title: "Referral-Traffic aus ChatGPT in GA4 sauber auswerten",
    tags: ["GA4", "KI-Suche"],
    category: "ki-suche",
    content:
      "<p>Ein Teil der Besuche aus KI-Assistenten kommt als Referral an, ein Teil landet als Direct. Wir haben in GA4 eine eigene Kanalgruppe „KI-Assistenten“ angelegt.</p><ul><li>Welche Referrer-Domains habt ihr in eurer Regel?</li><li>Nutzt ihr zusätzlich UTM-Parameter in llms.txt oder Feeds?</li></ul>",
  },
  {
    title: "Reporting für Kunden: Wie oft und in welcher Tiefe berichtet ihr?",
    tags: ["Reporting", "Agenturalltag"],
    category: "general",
    content:
      "<p>Wir stellen gerade unser Reporting um. Bisher gab es monatlich ein 20-seitiges PDF, das vermutlich niemand komplett liest. Künftig soll es ein Dashboard plus eine kurze Zusammenfassung mit drei Kernaussagen geben.</p><p>Wie macht ihr das – und wie reagieren eure Kunden darauf?</p>",
  },
  {
    title: "Weiterbildung im Team: Welche Kurse und Zertifikate lohnen sich wirklich?",
    tags: ["Karriere"],
    category: "general",
    content:
      "<p>Wir haben ein jährliches Weiterbildungsbudget pro Person und suchen Empfehlungen jenseits der üblichen Google-Zertifikate. Gerne auch Bücher, Newsletter oder Podcasts, die euch fachlich weitergebracht haben.</p>",
  },
  {
    title: "Logfile-Analyse ohne Enterprise-Budget: Welche Tools nutzt ihr?",
    tags: ["Crawling", "SEO-Tools"],
    category: "tools",
    content:
      "<p>Für einen mittelgroßen Shop (ca. 150.000 URLs) möchten wir regelmäßig die Server-Logs auswerten, um zu sehen, was der Googlebot wirklich crawlt. Enterprise-Lösungen sprengen das Budget.</p><ul><li>Screaming Frog Log File Analyser?</li><li>Eigene Auswertung mit BigQuery?</li><li>Etwas ganz anderes?</li></ul>",
  },
  {
    title: "Online-Meetup „SEO & KI-Suche“: Themenwünsche für das nächste Treffen",
    tags: ["Community", "KI-Suche"],
    category: "events",
    content:
      "<p>Das nächste Online-Meetup der Community findet im kommenden Monat statt. Wir planen zwei kurze Vorträge und eine offene Fragerunde.</p><p>Welche Themen wünscht ihr euch? Wer Lust hat, selbst <strong>15 Minuten</strong> zu einem Praxisfall zu sprechen, meldet sich gerne hier.</p>",
  },
];

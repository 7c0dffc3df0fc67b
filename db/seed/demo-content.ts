// Demo-Inhalte für das Community-Forum (Mitglieder, Diskussionen, Kommentare).
// Alle Personen, Firmen und E-Mail-Adressen sind frei erfunden.

import type { Category } from "../../app/lib/categories";

/** The categories are app/lib/categories.ts's: demo content may use any of them and no other. */
export type DemoCategory = Category;
export type DemoExpertise = "seo" | "sea" | "ki-suche" | "tools" | "general";
export type DemoExperience = "anfaenger" | "einsteiger" | "fortgeschritten" | "fortgeschrittener" | "experte" | "senior-experte";

export interface DemoMember {
  key: string;
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  expertise: DemoExpertise;
  experience: DemoExperience;
  bio: string;
  approvalStatus: "approved" | "pending" | "rejected";
  role: "member" | "moderator";
  joinedDaysAgo: number;
  newsletter: boolean;
}

export interface DemoComment {
  author: string;
  content: string;
  hoursAfterPrevious: number;
  replies?: DemoComment[];
  /** A reply's quote ("Zitieren"): these words of the comment it answers, linked to it, before its own text. */
  quotes?: string;
  /** A chart the member pasted under the text, drawn by the seed (bars of `values`, the ones from `breakAt` on in red). */
  image?: { name: string; alt: string; title: string; values: number[]; breakAt: number };
}

export interface DemoDiscussion {
  title: string;
  category: DemoCategory;
  author: string;
  daysAgo: number;
  pinned?: boolean;
  content: string;
  comments: DemoComment[];
  /** The asker accepted this member's first answer as the solution ("Gelöst"). */
  solvedBy?: string;
  /** 1–3 names of demoTags (decision 0053). */
  tags: string[];
}

export const demoMembers: DemoMember[] = [
  {
    key: "lena",
    firstName: "Lena",
    lastName: "Hoffmann",
    email: "lena.hoffmann@example.com",
    company: "Nordlicht Digital GmbH",
    expertise: "seo",
    experience: "experte",
    bio: "Ich leite das SEO-Team bei Nordlicht Digital in Hamburg und beschäftige mich seit über zehn Jahren mit technischem SEO. Hier im Forum moderiere ich die Bereiche SEO und Events.",
    approvalStatus: "approved",
    role: "moderator",
    joinedDaysAgo: 200,
    newsletter: true,
  },
  {
    key: "juergen",
    firstName: "Jürgen",
    lastName: "Müller",
    email: "juergen.mueller@example.com",
    company: "Müller Performance Marketing",
    expertise: "sea",
    experience: "senior-experte",
    bio: "Seit 2009 betreue ich Google-Ads-Konten, anfangs in einer Agentur, heute als selbstständiger Berater. Mein Schwerpunkt liegt auf E-Commerce, Shopping und Performance Max.",
    approvalStatus: "approved",
    role: "moderator",
    joinedDaysAgo: 198,
    newsletter: true,
  },
  {
    key: "soeren",
    firstName: "Sören",
    lastName: "Weiß",
    email: "soeren.weiss@example.com",
    company: "Weiß & Partner Online-Marketing",
    expertise: "ki-suche",
    experience: "fortgeschritten",
    bio: "Ich bin Mitgründer einer kleinen Agentur in Leipzig. Aktuell teste ich viel rund um KI-Suche und wie Marken in ChatGPT, Perplexity und den AI Overviews auftauchen.",
    approvalStatus: "approved",
    role: "member",
    joinedDaysAgo: 190,
    newsletter: true,
  },
  {
    key: "aylin",
    firstName: "Aylin",
    lastName: "Demir",
    email: "aylin.demir@example.com",
    company: "Grünzeug Gartenversand GmbH",
    expertise: "seo",
    experience: "fortgeschrittener",
    bio: "Inhouse-SEO bei einem Online-Shop für Gartenbedarf mit rund 12.000 Produkten. Ich liebe Logfile-Analysen und strukturierte Daten.",
    approvalStatus: "approved",
    role: "member",
    joinedDaysAgo: 185,
    newsletter: false,
  },
  {
    key: "markus",
    firstName: "Markus",
    lastName: "Becker",
    email: "markus.becker@example.com",
    company: "Pixelhafen Agentur für digitale Kommunikation",
    expertise: "tools",
    experience: "experte",
    bio: "Technischer Kopf bei Pixelhafen in Köln. Ich baue Crawling-Setups, Tracking und Dashboards und teste neue Tools gern, bevor sie im Kundenprojekt landen.",
    approvalStatus: "approved",
    role: "member",
    joinedDaysAgo: 180,
    newsletter: true,
  },
  {
    key: "katrin",
    firstName: "Katrin",
    lastName: "Schäfer",
    email: "katrin.schaefer@example.com",
    company: "Alpenblick Reisen GmbH",
    expertise: "sea",
    experience: "fortgeschritten",
    bio: "Ich verantworte das Performance-Marketing eines Reiseveranstalters in Rosenheim, mit Budgets in Google Ads und Microsoft Ads.",
    approvalStatus: "approved",
    role: "member",
    joinedDaysAgo: 172,
    newsletter: true,
  },
  {
    key: "sabine",
    firstName: "Sabine",
    lastName: "Köhler",
    email: "sabine.koehler@example.com",
    company: "Datenwerk Analytics GmbH",
    expertise: "tools",
    experience: "senior-experte",
    bio: "Web-Analystin aus Frankfurt, noch aus den Zeiten von Urchin. Heute vor allem GA4, server-seitiges Tagging, BigQuery und Looker Studio.",
    approvalStatus: "approved",
    role: "member",
    joinedDaysAgo: 170,
    newsletter: false,
  },
  {
    key: "jonas",
    firstName: "Jonas",
    lastName: "Schulz",
    email: "jonas.schulz@example.com",
    company: "Stadtkind Kommunikation",
    expertise: "general",
    experience: "fortgeschrittener",
    bio: "Ich leite eine kleine Agentur in Nürnberg für lokale Unternehmen – von der Website über SEO bis zu Google Ads.",
    approvalStatus: "approved",
    role: "member",
    joinedDaysAgo: 162,
    newsletter: true,
  },
  {
    key: "felix",
    firstName: "Felix",
    lastName: "Braun",
    email: "felix.braun@example.com",
    company: "Fahrradkontor Nord GmbH",
    expertise: "sea",
    experience: "einsteiger",
    bio: "Ich kümmere mich beim Fahrradkontor Nord um Google Ads, Tracking und alles, was sonst noch online anfällt. Marketing ist bei uns ein Zwei-Personen-Team.",
    approvalStatus: "approved",
    role: "member",
    joinedDaysAgo: 165,
    newsletter: true,
  },
  {
    key: "nina",
    firstName: "Nina",
    lastName: "Wagner",
    email: "nina.wagner@example.com",
    company: "Spreeufer Media",
    expertise: "ki-suche",
    experience: "experte",
    bio: "Content-Strategin aus Berlin mit Fokus auf KI-Suche und Markenwahrnehmung in LLMs. Vorher war ich viele Jahre Redaktionsleiterin bei einem Verlag.",
    approvalStatus: "approved",
    role: "member",
    joinedDaysAgo: 120,
    newsletter: true,
  },
  {
    key: "tobias",
    firstName: "Tobias",
    lastName: "Krüger",
    email: "tobias.krueger@example.com",
    company: "",
    expertise: "seo",
    experience: "einsteiger",
    bio: "Ich habe mich vor gut einem Jahr als SEO-Freelancer selbstständig gemacht und lerne hier gern von den alten Hasen.",
    approvalStatus: "approved",
    role: "member",
    joinedDaysAgo: 95,
    newsletter: false,
  },
  {
    key: "maximilian",
    firstName: "Maximilian",
    lastName: "Fuchs",
    email: "max.fuchs@example.com",
    company: "",
    expertise: "seo",
    experience: "anfaenger",
    bio: "",
    approvalStatus: "pending",
    role: "member",
    joinedDaysAgo: 6,
    newsletter: true,
  },
  {
    key: "greta",
    firstName: "Greta",
    lastName: "Lorenz",
    email: "greta.lorenz@example.com",
    company: "Wohnstil Möbelhaus GmbH",
    expertise: "sea",
    experience: "anfaenger",
    bio: "Ich habe gerade im Onlineshop eines Möbelhauses angefangen und soll mich dort um Google Ads kümmern. Ich freue mich auf Tipps für den Einstieg.",
    approvalStatus: "pending",
    role: "member",
    joinedDaysAgo: 9,
    newsletter: false,
  },
  {
    key: "emre",
    firstName: "Emre",
    lastName: "Aydın",
    email: "emre.aydin@example.com",
    company: "Vektorwerk Studios",
    expertise: "ki-suche",
    experience: "einsteiger",
    bio: "Ich arbeite als Werkstudent im Content-Team und interessiere mich besonders dafür, wie KI-Suche das Schreiben für das Web verändert.",
    approvalStatus: "pending",
    role: "member",
    joinedDaysAgo: 5,
    newsletter: true,
  },
  {
    key: "kevin",
    firstName: "Kevin",
    lastName: "Lange",
    email: "kevin.lange@example.com",
    company: "LinkPower24 Media",
    expertise: "general",
    experience: "experte",
    bio: "Wir bieten hochwertige Backlinks aus deutschen Magazinen zu fairen Preisen. Schreib mir gern eine Nachricht für ein individuelles Angebot!",
    approvalStatus: "rejected",
    role: "member",
    joinedDaysAgo: 14,
    newsletter: false,
  },
];

/**
 * Trust and safety: a member who joined two days ago, whose first comment had three links and waits in the
 * review queue ("Zurückgehalten", decision 0035), and a few open reports, so a moderator sees the queue at once.
 * The newcomer is not one of demoMembers: the "Hilfreich" marks are picked among those, and stay as they were.
 */
export const demoNewcomer: Omit<DemoMember, "approvalStatus" | "role" | "newsletter"> = {
  key: "dennis",
  firstName: "Dennis",
  lastName: "Vogt",
  email: "dennis.vogt@example.com",
  company: "Linkwerk24",
  expertise: "seo",
  experience: "einsteiger",
  bio: "Linkaufbau für kleine Shops.",
  joinedDaysAgo: 2,
};

export const demoHeldComment = {
  discussionTitle: "Backlinks kaufen 2026 – noch sinnvoll oder reines Risiko?",
  content:
    "Wir vermitteln seit Jahren Gastartikel mit starken Links, alles handverlesen: https://linkwerk24.example/gastartikel https://linkwerk24.example/preise https://blog-netzwerk.example/angebot",
  hoursAgo: 5,
};

/** Open reports: of a discussion's first comment or of the discussion itself (comment null), by approved members. */
export const demoReports: Array<{
  discussionTitle: string;
  comment: number | null;
  reporter: string;
  reason: "spam" | "offensive" | "off-topic" | "other";
  note?: string;
  hoursAgo: number;
}> = [
  {
    discussionTitle: "Backlink gekauft, jetzt manuelle Maßnahme in der Search Console – was tun?",
    comment: 0,
    reporter: "tobias",
    reason: "off-topic",
    hoursAgo: 20,
  },
  {
    discussionTitle: "Backlink gekauft, jetzt manuelle Maßnahme in der Search Console – was tun?",
    comment: 0,
    reporter: "nina",
    reason: "spam",
    hoursAgo: 9,
  },
  {
    discussionTitle: "E-E-A-T in YMYL-Nischen: Bringen Autorenboxen wirklich etwas?",
    comment: null,
    reporter: "felix",
    reason: "other",
    note: "Der Beitrag verlinkt ein eigenes Produkt, ohne das zu sagen.",
    hoursAgo: 30,
  },
];

export const demoDiscussions: DemoDiscussion[] = [
  // ---------------------------------------------------------------------------
  // SEO
  // ---------------------------------------------------------------------------
  {
    title: "Backlinks kaufen 2026 – noch sinnvoll oder reines Risiko?",
    tags: ["Linkbuilding", "Google-Richtlinien"],
    category: "seo",
    author: "tobias",
    daysAgo: 3.5,
    content: `<p>Hallo zusammen, ich habe einen neuen Kunden (Online-Shop für Arbeitsschuhe), der mich direkt im Erstgespräch gefragt hat, ob wir nicht einfach <strong>Backlinks kaufen</strong> könnten. Die Vorgängeragentur habe das angeblich auch gemacht, und die Rankings seien damals gut gewesen.</p>
<p>Ich bin da eher vorsichtig, weil die Google-Richtlinien zu Link-Spam ja eindeutig sind. Andererseits sehe ich bei fast allen Wettbewerbern in Ahrefs Gastartikel auf Magazinen, die ganz offensichtlich bezahlt sind.</p>
<p>Wie geht ihr damit um?</p>
<ul><li>Kauft ihr Links für Kunden oder lehnt ihr das grundsätzlich ab?</li><li>Wo zieht ihr die Grenze zwischen Sponsoring, Digital PR und Linkkauf?</li><li>Wie erklärt ihr dem Kunden das Risiko, ohne dass er zur nächsten Agentur geht?</li></ul>
<p>Zur Einordnung die <a href="https://developers.google.com/search/docs/essentials/spam-policies">Spam-Richtlinien von Google</a>.</p>`,
    comments: [
      {
        author: "lena",
        hoursAfterPrevious: 1.5,
        content: `<p>Wir kaufen für Kunden keine Links, Punkt. Nicht weil es nie funktioniert, sondern weil wir das Risiko nicht tragen wollen, wenn es schiefgeht. Bezahlte Kooperationen gibt es bei uns nur mit dem Attribut „sponsored“ und klarer Kennzeichnung.</p>`,
        replies: [
          {
            author: "tobias",
            hoursAfterPrevious: 2,
            content: `<p>Danke, so ähnlich hätte ich es auch formuliert. Was bietest du dem Kunden dann stattdessen an?</p>`,
          },
          {
            author: "lena",
            hoursAfterPrevious: 1.2,
            content: `<p>Digital PR mit eigenen Daten, kleine Studien aus dem Kundenumfeld und klassische Pressearbeit. Dauert länger, bleibt aber.</p>`,
          },
        ],
      },
      {
        author: "juergen",
        hoursAfterPrevious: 3,
        content: `<p>Ganz ehrlich: Ein Großteil der Branche kauft Links, es heißt dann nur „Content-Kooperation“. Entscheidend ist, ob ein Muster auffällt. Zehn Artikel auf Linkfarmen mit harten Money-Keywords sind etwas anderes als ein gut gemachter Gastbeitrag in einem echten Fachmagazin.</p>`,
        replies: [
          {
            author: "aylin",
            hoursAfterPrevious: 1,
            content: `<p>Mag sein, aber „fällt nicht auf“ ist halt keine Strategie. Wir hatten genau so einen Fall und haben ein halbes Jahr gebraucht, um uns davon zu erholen.</p>`,
          },
          {
            author: "juergen",
            hoursAfterPrevious: 2.5,
            content: `<p>Völlig richtig, ich sage ja nicht, dass ich es empfehle. Nur dass die Realität grauer ist, als die Richtlinien klingen.</p>`,
          },
        ],
      },
      {
        author: "aylin",
        hoursAfterPrevious: 4,
        content: `<p>Schau dir bei den Wettbewerbern mal genau an, welche dieser Links überhaupt Traffic bringen. In unserem Fall hatten 80 % der gekauften Magazin-Links laut Ahrefs null organische Besucher – das sind Seiten, die Google längst entwertet hat.</p>`,
      },
      {
        author: "markus",
        hoursAfterPrevious: 2,
        content: `<p>Technischer Hinweis: Viele der großen Linkmarktplätze sind so bekannt, dass ich davon ausgehe, dass Google deren Netzwerke ziemlich gut kennt. Wenn schon, dann sicher nicht über Plattformen, auf denen jeder mit Kreditkarte kaufen kann.</p>`,
      },
      {
        author: "soeren",
        hoursAfterPrevious: 5,
        content: `<p>Ein Aspekt, der mir hier fehlt: Erwähnungen auf relevanten Seiten helfen inzwischen auch bei der Sichtbarkeit in KI-Antworten. Da geht es weniger um den Link als um die Marke im richtigen Kontext. Das spricht eher für echte PR als für gekaufte Backlinks.</p>`,
        replies: [
          {
            author: "nina",
            hoursAfterPrevious: 1.5,
            content: `<p>Kann ich bestätigen. In unseren Prompt-Tests tauchen Marken, die in Fachmedien und Vergleichsartikeln erwähnt werden, deutlich häufiger auf als Marken mit vielen Blog-Links.</p>`,
          },
        ],
      },
      {
        author: "jonas",
        hoursAfterPrevious: 6,
        content: `<p>Bei lokalen Kunden stellt sich die Frage bei uns kaum. Branchenverzeichnisse, Vereine, Sponsoring von Stadtteilfesten, Lieferanten – das bringt einem Handwerksbetrieb mehr als jeder gekaufte Artikel.</p>`,
      },
      {
        author: "felix",
        hoursAfterPrevious: 3,
        content: `<p>Mal aus Kundensicht: Bei uns hat die frühere Agentur Links gekauft, ohne uns das transparent zu sagen. Das hat uns später eine manuelle Maßnahme eingebracht. Bitte sagt euren Kunden wenigstens ehrlich, was ihr macht.</p>`,
        replies: [
          {
            author: "tobias",
            hoursAfterPrevious: 1,
            content: `<p>Oh, genau dieses Szenario will ich vermeiden. Wie seid ihr da wieder rausgekommen?</p>`,
          },
          {
            author: "felix",
            hoursAfterPrevious: 2,
            content: `<p>Dazu habe ich vor ein paar Wochen einen eigenen Thread aufgemacht, da steht alles drin. Kurz: Links abbauen lassen, Disavow für den Rest, Antrag auf erneute Überprüfung.</p>`,
          },
        ],
      },
      {
        author: "sabine",
        hoursAfterPrevious: 7,
        content: `<p>Aus Analytics-Sicht: Wenn ein Kunde Links kauft, sollte er wenigstens messen, ob darüber Referral-Traffic kommt. Bei den meisten Paketen, die ich gesehen habe, lag der bei praktisch null.</p>`,
      },
      {
        author: "katrin",
        hoursAfterPrevious: 4,
        content: `<p>Im Reisebereich sind Kooperationen mit Reiseblogs ein Dauerthema. Wir kennzeichnen die inzwischen konsequent als Werbung und die Links als gesponsert. Die Buchungen über diese Artikel sind trotzdem gut, und das ist für uns der eigentliche Wert.</p>`,
      },
      {
        author: "lena",
        hoursAfterPrevious: 5,
        content: `<p>Tobias, für das Kundengespräch hilft es, das Risiko in Umsatz zu übersetzen: Was kostet es den Shop, wenn die wichtigsten Kategorien drei Monate lang nicht ranken? Diese Zahl überzeugt meistens mehr als jede Richtlinie.</p>`,
      },
      {
        author: "juergen",
        hoursAfterPrevious: 8,
        content: `<p>Und wenn der Kunde unbedingt Budget ausgeben will: Ein Teil davon ist in Google Shopping oft besser angelegt, bis die organische Sichtbarkeit aufgebaut ist. Kein Link-Risiko, sofort messbar.</p>`,
      },
      {
        author: "aylin",
        hoursAfterPrevious: 6,
        content: `<p>Noch ein Tipp: Linkable Assets funktionieren bei Arbeitsschuhen richtig gut, zum Beispiel ein Ratgeber zu den Sicherheitsklassen S1 bis S5 mit einer übersichtlichen Tabelle. So etwas verlinken Berufsschulen und Fachportale freiwillig.</p>`,
      },
      {
        author: "tobias",
        hoursAfterPrevious: 10,
        content: `<p>Kurzes Update: Ich habe dem Kunden ein Konzept mit Digital PR und einem Sicherheitsklassen-Ratgeber geschickt und explizit geschrieben, dass ich keine Backlinks kaufe. Er hat zugestimmt – mal sehen, ob er dabei bleibt. Danke euch allen!</p>`,
      },
      {
        author: "markus",
        hoursAfterPrevious: 3,
        content: `<p>Falls du ein Monitoring für neue Links brauchst: Ahrefs-Alerts plus ein monatlicher Export in eine Tabelle reichen am Anfang völlig.</p>`,
      },
    ],
  },
  {
    title: "INP unter 200 ms: Unsere Erfahrungen nach dem Umbau des Shop-Themes",
    tags: ["Core Web Vitals", "E-Commerce", "Technisches SEO"],
    category: "seo",
    author: "aylin",
    daysAgo: 12.3,
    content: `<p>Wir haben in den letzten acht Wochen unser Shop-Theme umgebaut, weil der <strong>Interaction to Next Paint</strong>, die jüngste der Core Web Vitals, auf Kategorieseiten mobil bei 410 ms lag. Inzwischen stehen wir im CrUX-Bericht bei 180 ms (75. Perzentil). Diese Maßnahmen haben am meisten gebracht:</p>
<ul><li>Filter-Logik der Facettennavigation in kleinere Tasks aufgeteilt und mit scheduler.yield entkoppelt</li><li>Drei Drittanbieter-Skripte (Chat, Heatmap, Bewertungs-Widget) erst nach der ersten Interaktion geladen</li><li>Event-Listener am Warenkorb-Button entschlackt – da hing ein Tracking-Callback synchron dran</li><li>Rendering der Produktkacheln mit content-visibility optimiert</li></ul>
<p>Beim Ranking sehe ich ehrlich gesagt keinen messbaren Effekt, aber die Conversion-Rate mobil ist um 6 % gestiegen. Das reicht mir als Argument.</p>
<p>Gute Einstiegslektüre ist übrigens der Artikel zu <a href="https://web.dev/articles/inp">INP auf web.dev</a>. Welche Hebel hattet ihr?</p>`,
    comments: [
      {
        author: "markus",
        hoursAfterPrevious: 3,
        content: `<p>Starke Zahlen! Bei uns war der größte Hebel fast immer der Consent-Banner. Viele CMPs blockieren beim Klick auf „Akzeptieren“ den Main Thread für 200 ms und mehr.</p>`,
        replies: [
          {
            author: "aylin",
            hoursAfterPrevious: 2,
            content: `<p>Guter Hinweis, das haben wir tatsächlich noch nicht isoliert gemessen. Schaue ich mir an.</p>`,
          },
          {
            author: "sabine",
            hoursAfterPrevious: 4,
            content: `<p>Kann ich bestätigen. Im Performance-Panel der Chrome DevTools sieht man das sofort, wenn man die Interaktion mit CPU-Drosselung aufzeichnet.</p>`,
          },
        ],
      },
      {
        author: "lena",
        hoursAfterPrevious: 6,
        content: `<p>Danke für die ehrliche Einordnung beim Ranking. Ich erlebe das genauso: Core Web Vitals sind eher ein Tie-Breaker. Die Conversion-Rate ist gegenüber dem Management das deutlich bessere Argument.</p>`,
      },
      {
        author: "tobias",
        hoursAfterPrevious: 10,
        content: `<p>Wie habt ihr die Verbesserung gemessen, bevor die CrUX-Daten nachgezogen sind? Mit eigenen RUM-Daten oder nur mit Lighthouse?</p>`,
        replies: [
          {
            author: "aylin",
            hoursAfterPrevious: 1.5,
            content: `<p>Mit der web-vitals-Library und einem eigenen Event in GA4. Lighthouse misst INP gar nicht, da bekommst du nur die Total Blocking Time als groben Anhaltspunkt.</p>`,
          },
        ],
      },
      {
        author: "nina",
        hoursAfterPrevious: 20,
        content: `<p>Kleiner Seitenaspekt: Habt ihr geprüft, ob die Bewertungen nach dem verzögerten Laden des Widgets noch im gerenderten HTML stehen? Sonst sehen Crawler sie eventuell nicht mehr.</p>`,
        replies: [
          {
            author: "aylin",
            hoursAfterPrevious: 3,
            content: `<p>Ja, die Sternebewertung steht zusätzlich serverseitig im HTML und im Product-Markup. Das Widget ist nur für die Detailansicht.</p>`,
          },
        ],
      },
    ],
  },
  {
    title: "Crawl-Budget bei 2 Mio. URLs: Facetten per robots.txt sperren oder noindex?",
    tags: ["Technisches SEO", "Crawling", "E-Commerce"],
    solvedBy: "aylin",
    category: "seo",
    author: "lena",
    daysAgo: 24.8,
    content: `<p>Wir haben einen neuen Kunden aus dem Möbelbereich übernommen: rund 2 Millionen URLs, davon geschätzt 90 % Filterkombinationen (Farbe, Material, Preis, Breite …). In der Search Console stehen über 1,4 Mio. URLs unter „Gecrawlt – zurzeit nicht indexiert“, und neue Produkte brauchen teilweise drei Wochen, bis sie im Index sind.</p>
<p>Im Team diskutieren wir gerade zwei Ansätze:</p>
<ul><li><strong>Variante A:</strong> Filterparameter per robots.txt sperren und nur ausgewählte Filterseiten als statische URLs freigeben</li><li><strong>Variante B:</strong> Alles crawlbar lassen, Filterseiten auf noindex, follow setzen und interne Links reduzieren</li></ul>
<p>Ich tendiere klar zu A, weil noindex das Crawling ja nicht verhindert. Die Kollegen befürchten aber, dass uns dann Linksignale verloren gehen. Wie seht ihr das, und habt ihr Logfile-Daten aus ähnlichen Projekten?</p>
<p>Hintergrund von Google: <a href="https://developers.google.com/search/docs/crawling-indexing/large-site-managing-crawl-budget">Crawling-Budget für große Websites verwalten</a>.</p>`,
    comments: [
      {
        author: "aylin",
        hoursAfterPrevious: 2,
        content: `<p>Klar Variante A. Wir haben das genau so umgesetzt und in den Logfiles gesehen, dass der Googlebot nach sechs Wochen rund 70 % seiner Requests auf Produkt- und Kategorieseiten verteilt hat statt auf Filter-URLs. Vorher war es umgekehrt.</p>`,
        replies: [
          {
            author: "lena",
            hoursAfterPrevious: 1,
            content: `<p>Genau solche Zahlen brauche ich für die interne Diskussion, danke! Habt ihr die Filter zusätzlich ohne echte Links ausgespielt?</p>`,
          },
          {
            author: "aylin",
            hoursAfterPrevious: 3,
            content: `<p>Ja, die Filter sind Buttons ohne href. Nur die freigegebenen Filterseiten sind echte Links.</p>`,
          },
        ],
      },
      {
        author: "markus",
        hoursAfterPrevious: 5,
        content: `<p>Die Angst vor verlorenen Linksignalen halte ich für überschätzt. Auf Filter-URLs verlinkt extern praktisch niemand. Prüft das kurz mit einem Export der verlinkten Seiten aus Ahrefs, dann ist die Diskussion schnell beendet.</p>`,
      },
      {
        author: "tobias",
        hoursAfterPrevious: 8,
        content: `<p>Verständnisfrage: Wenn ich URLs per robots.txt sperre, die schon im Index sind, bleiben die dann nicht als „Indexiert, obwohl durch robots.txt-Datei blockiert“ hängen?</p>`,
        replies: [
          {
            author: "lena",
            hoursAfterPrevious: 2,
            content: `<p>Richtig, das kann passieren. Deshalb setzen wir in solchen Fällen erst noindex, warten, bis die Seiten raus sind, und sperren dann. Bei 1,4 Mio. nicht indexierten URLs ist das hier zum Glück kaum ein Thema.</p>`,
          },
        ],
      },
      {
        author: "sabine",
        hoursAfterPrevious: 12,
        content: `<p>Falls ihr die Logfiles in BigQuery auswertet: Filtert unbedingt auf verifizierten Googlebot per Reverse DNS. Wir hatten bei einem Kunden 30 % gefälschte Googlebots in den Logs, das hat die ganze Analyse verzerrt.</p>`,
      },
      {
        author: "juergen",
        hoursAfterPrevious: 24,
        content: `<p>Kleiner Hinweis aus der SEA-Ecke: Prüft vorher, ob Filter-URLs als finale URLs in Shopping- oder Suchkampagnen genutzt werden. Der AdsBot ignoriert die allgemeinen Regeln für alle User-Agents zwar, aber eure Landingpage-Auswertung wird sonst schnell unübersichtlich.</p>`,
      },
    ],
  },
  {
    title: "hreflang für DE, AT und CH: Wohin zeigt bei euch das x-default?",
    tags: ["Internationales SEO", "Technisches SEO"],
    solvedBy: "lena",
    category: "seo",
    author: "jonas",
    daysAgo: 40,
    content: `<p>Ein Kunde von uns (Online-Shop für Tee und Zubehör) hat jetzt eigene Verzeichnisse für Österreich und die Schweiz: /de-de/, /de-at/ und /de-ch/. Die Inhalte sind zu 95 % identisch, nur Preise, Versandkosten und ein paar Begriffe unterscheiden sich.</p>
<p>Seit dem Launch rankt in Österreich teilweise die deutsche Version, und für /de-ch/ sehen wir in der Schweiz fast keine Impressionen. Die hreflang-Tags sind laut Screaming Frog korrekt und bidirektional.</p>
<p>Meine Fragen:</p>
<ul><li>Zeigt euer x-default auf die deutsche Version oder auf eine Länderauswahl?</li><li>Reicht es, die Preise in CHF anzuzeigen, oder braucht es mehr Unterschiede im Content?</li><li>Wie lange hat es bei euch gedauert, bis Google die Zuordnung übernommen hat?</li></ul>
<p>Die Doku kenne ich: <a href="https://developers.google.com/search/docs/specialty/international/localized-versions">Lokalisierte Versionen deiner Seite</a>.</p>`,
    comments: [
      {
        author: "lena",
        hoursAfterPrevious: 4,
        content: `<p>Bei fast identischen Inhalten clustert Google die Seiten oft und wählt eine kanonische Version aus – hreflang ist dann nur noch ein Hinweis für die Ausspielung. Prüf in der URL-Prüfung, welche Seite Google als kanonisch ansieht. Bei /de-ch/ ist es häufig die deutsche Version.</p>`,
        replies: [
          {
            author: "jonas",
            hoursAfterPrevious: 3,
            content: `<p>Volltreffer: Für zwei Drittel der CH-URLs hat Google die DE-Version als kanonisch gewählt. Dann müssen wir wohl wirklich stärker differenzieren.</p>`,
          },
        ],
      },
      {
        author: "katrin",
        hoursAfterPrevious: 6,
        content: `<p>Wir haben das x-default auf die deutsche Version gesetzt, eine Länderauswahl hat bei uns die Absprungrate hochgetrieben. Was in der Schweiz wirklich geholfen hat: Schweizer Rechtschreibung (ss statt ß), lokale Zahlungsarten und Versandinfos direkt im Content.</p>`,
      },
      {
        author: "aylin",
        hoursAfterPrevious: 30,
        content: `<p>Nach sauberer Differenzierung hat es bei uns ungefähr sechs bis acht Wochen gedauert. Und achtet darauf, dass die canonical-Tags nicht aus Versehen alle auf /de-de/ zeigen – das habe ich schon öfter gesehen, als mir lieb ist.</p>`,
      },
    ],
  },
  {
    title: "E-E-A-T in YMYL-Nischen: Bringen Autorenboxen wirklich etwas?",
    tags: ["E-E-A-T", "Content-Strategie"],
    category: "seo",
    author: "nina",
    daysAgo: 60,
    content: `<p>Wir betreuen ein Vergleichsportal für Baufinanzierungen, also klassisches YMYL. Seit dem letzten Core Update haben wir rund 25 % Sichtbarkeit verloren, während ein Wettbewerber mit sehr prominenten Expertenprofilen zugelegt hat.</p>
<p>Der Kunde will jetzt schnell „mehr E-E-A-T“: Autorenboxen, Fotos, Zertifikate, eine Seite „Über unsere Experten“. Ich bin skeptisch, ob das allein etwas bewegt. Meiner Erfahrung nach sind das eher <strong>Signale für Nutzer</strong> als direkte Rankingfaktoren, und am Ende zählt, ob die Inhalte wirklich aus erster Hand kommen.</p>
<p>Was habt ihr in YMYL-Projekten umgesetzt, und was hat messbar geholfen? Mich interessieren vor allem:</p>
<ul><li>Faktenprüfung durch externe Fachleute, mit Namen im Artikel</li><li>Eigene Datenerhebungen und Rechenbeispiele</li><li>Person-Markup mit sameAs-Verweisen</li></ul>
<p>Zum Nachlesen: <a href="https://developers.google.com/search/docs/fundamentals/creating-helpful-content">Hilfreiche, zuverlässige Inhalte erstellen, bei denen die Nutzer im Vordergrund stehen</a>.</p>`,
    comments: [
      {
        author: "lena",
        hoursAfterPrevious: 5,
        content: `<p>Autorenboxen allein haben bei uns nie etwas bewegt. Geholfen hat, Artikel radikal zu kürzen und dafür echte Erfahrung einzubauen, etwa Beispielrechnungen mit realen Zinssätzen und anonymisierte Fälle aus Beratungsgesprächen.</p>`,
        replies: [
          {
            author: "nina",
            hoursAfterPrevious: 2,
            content: `<p>Das deckt sich mit meinem Bauchgefühl. Habt ihr die gekürzten Artikel auf derselben URL gelassen?</p>`,
          },
          {
            author: "lena",
            hoursAfterPrevious: 3,
            content: `<p>Ja, immer dieselbe URL. Nur bei komplett neuen Suchintentionen haben wir neue Seiten angelegt.</p>`,
          },
        ],
      },
      {
        author: "soeren",
        hoursAfterPrevious: 8,
        content: `<p>Person-Markup mit sameAs auf LinkedIn, Xing und Fachpublikationen würde ich trotzdem umsetzen. Wir sehen, dass KI-Systeme Fachleute dadurch besser einer Marke zuordnen. Ob das für Google ein Rankingfaktor ist, weiß niemand, schaden wird es nicht.</p>`,
      },
      {
        author: "jonas",
        hoursAfterPrevious: 20,
        content: `<p>Ich habe einen Steuerberater als Kunden, der jeden Artikel selbst freigibt, mit Datum der letzten fachlichen Prüfung. Nach dem Update hat er zugelegt. Kausalität kann ich natürlich nicht beweisen.</p>`,
      },
      {
        author: "tobias",
        hoursAfterPrevious: 14,
        content: `<p>Weiß jemand, ob Google in den Suchergebnissen das Datum der „letzten Prüfung“ anzeigt oder nur das Veröffentlichungsdatum?</p>`,
        replies: [
          {
            author: "lena",
            hoursAfterPrevious: 6,
            content: `<p>Meistens wird dateModified aus dem Markup übernommen, sofern es zum sichtbaren Datum passt. Wichtig: nur aktualisieren, wenn sich inhaltlich wirklich etwas geändert hat.</p>`,
          },
        ],
      },
    ],
  },
  {
    title: "ProductGroup-Markup für Varianten: Hat das schon jemand produktiv im Einsatz?",
    tags: ["Strukturierte Daten", "E-Commerce"],
    category: "seo",
    author: "aylin",
    daysAgo: 0.6,
    content: `<p>Wir wollen unsere Produktvarianten (Größen und Farben bei Pflanzkübeln) endlich sauber auszeichnen und überlegen, auf <strong>ProductGroup</strong> mit hasVariant und variesBy umzustellen. Bisher hat jede Variante ein eigenes Product-Markup ohne Verbindung untereinander.</p>
<p>Was mich interessiert:</p>
<ul><li>Nutzt ihr eine URL pro Variante oder eine URL mit Parametern?</li><li>Gab es Probleme mit dem Merchant Center, wenn Markup und Feed unterschiedliche Varianten-IDs enthalten?</li><li>Habt ihr Veränderungen bei den Rich Results gesehen?</li></ul>
<p>So sieht unser Entwurf für einen Kübel in drei Farben aus (gekürzt):</p>
<pre><code class="language-json">{
  "@context": "https://schema.org",
  "@type": "ProductGroup",
  "name": "Pflanzkübel Terra",
  "productGroupID": "terra-kuebel",
  "variesBy": ["https://schema.org/color", "https://schema.org/size"],
  "hasVariant": [
    { "@type": "Product", "sku": "terra-40-anthrazit", "color": "Anthrazit", "size": "40 cm" },
    { "@type": "Product", "sku": "terra-40-sand", "color": "Sand", "size": "40 cm" }
  ]
}</code></pre>
<p>Die Doku von Google dazu ist recht ausführlich, aber Praxiserfahrungen wären mir lieber. Die Typen selbst sind auf <a href="https://schema.org/ProductGroup">schema.org</a> beschrieben.</p>`,
    comments: [
      {
        author: "markus",
        hoursAfterPrevious: 1.5,
        content: `<p>Haben wir bei einem Modeshop im Einsatz: eine URL pro Variante plus item_group_id im Feed. Wichtig war, dass die IDs im Markup exakt zum Feed passen, sonst meckert das Merchant Center über widersprüchliche Daten. Jede Variante verweist bei uns so auf ihre Gruppe:</p>
<pre><code class="language-json">{
  "@type": "Product",
  "sku": "terra-40-anthrazit",
  "inProductGroupWithID": "terra-kuebel",
  "url": "https://www.example.com/pflanzkuebel-terra?farbe=anthrazit"
}</code></pre>`,
        replies: [
          {
            author: "aylin",
            hoursAfterPrevious: 0.8,
            quotes:
              "Wichtig war, dass die IDs im Markup exakt zum Feed passen, sonst meckert das Merchant Center über widersprüchliche Daten.",
            content: `<p>Danke! Habt ihr die Varianten-URLs kanonisch auf sich selbst gesetzt oder auf die Hauptvariante?</p>`,
          },
          {
            author: "markus",
            hoursAfterPrevious: 1.2,
            content: `<p>Auf sich selbst, weil jede Farbe eigene Suchanfragen hat. Bei reinen Größenvarianten würde ich eher auf die Hauptvariante kanonisieren.</p>`,
          },
        ],
      },
      {
        author: "lena",
        hoursAfterPrevious: 3,
        content: `<p>Bei den Rich Results hat sich bei uns kaum etwas verändert, aber die Varianten werden seitdem in den Shopping-Ergebnissen sauberer gruppiert. Teste vorher unbedingt mit dem Test für Rich-Suchergebnisse, der zeigt die Varianten inzwischen ordentlich an.</p>`,
      },
    ],
  },
  {
    title: "Backlink gekauft, jetzt manuelle Maßnahme in der Search Console – was tun?",
    tags: ["Linkbuilding", "Google-Richtlinien", "Search Console"],
    solvedBy: "lena",
    category: "seo",
    author: "felix",
    daysAgo: 18,
    content: `<p>Ich brauche mal euren Rat. Wir haben heute in der Search Console eine <strong>manuelle Maßnahme wegen unnatürlicher Links zu eurer Website</strong> entdeckt. Hintergrund: Unsere frühere Agentur hat offenbar Pakete mit Gastartikeln gekauft, ohne das mit uns abzusprechen. Ich habe die Rechnungen gefunden – da steht wörtlich „Backlink-Paket Premium, 15 Artikel“.</p>
<p>Der organische Traffic auf unsere E-Bike-Kategorien ist um etwa 45 % eingebrochen. Was ich bisher gemacht habe:</p>
<ul><li>Alle Links aus Search Console und Ahrefs exportiert (rund 2.300 verweisende Domains)</li><li>Die Artikel aus den Rechnungen identifiziert</li><li>Die alte Agentur angeschrieben (bisher keine Antwort)</li></ul>
<p>Wie gehe ich jetzt am besten vor? Reicht eine Disavow-Datei, oder muss ich versuchen, die Links wirklich entfernen zu lassen? Und wie ausführlich sollte der Antrag auf erneute Überprüfung sein?</p>`,
    comments: [
      {
        author: "lena",
        hoursAfterPrevious: 2,
        content: `<p>Erst mal: Das ist lösbar. Google will sehen, dass ihr ernsthaft aufgeräumt habt. Schreib die Seitenbetreiber an und dokumentiere jeden Versuch in einer Tabelle. Was sich nicht entfernen lässt, kommt auf Domain-Ebene in die Disavow-Datei.</p>`,
        replies: [
          {
            author: "felix",
            hoursAfterPrevious: 3,
            content: `<p>Danke, das klingt machbar. Muss ich wirklich alle 2.300 Domains durchgehen?</p>`,
          },
          {
            author: "lena",
            hoursAfterPrevious: 1.5,
            content: `<p>Nein, konzentrier dich auf die gekauften Artikel und alles, was offensichtlich nach Linknetzwerk aussieht. Normale Erwähnungen und Verzeichnisse kannst du ignorieren.</p>`,
          },
        ],
      },
      {
        author: "aylin",
        hoursAfterPrevious: 6,
        content: `<p>Schreib im Antrag ehrlich, was passiert ist, wer es verursacht hat und was ihr geändert habt. Die Dokumentation verlinkst du am besten als freigegebene Tabelle. Kurze, sachliche Anträge kamen bei uns besser an als Romane.</p>`,
      },
      {
        author: "jonas",
        hoursAfterPrevious: 10,
        content: `<p>Schau auch in euren Vertrag mit der alten Agentur. Wenn die ohne Absprache Links gekauft hat, könnte das eine Pflichtverletzung sein. Mindestens sollte sie dir die vollständige Liste der Artikel liefern.</p>`,
      },
      {
        author: "tobias",
        hoursAfterPrevious: 20,
        content: `<p>Wie lange dauert so eine Überprüfung normalerweise? Ich frage für einen möglichen Kunden mit einem ähnlichen Problem.</p>`,
        replies: [
          {
            author: "lena",
            hoursAfterPrevious: 4,
            content: `<p>Meist zwischen einigen Tagen und ein paar Wochen. Die Erholung der Rankings dauert danach oft länger, weil die gekauften Links vorher ja auch gewirkt haben.</p>`,
          },
        ],
      },
      {
        author: "felix",
        hoursAfterPrevious: 72,
        content: `<p>Zwischenstand: 9 von 15 Artikeln sind entfernt, der Rest steht in der Disavow-Datei, und der Antrag ist raus. Ich melde mich, sobald es Neuigkeiten gibt.</p>`,
      },
      {
        author: "juergen",
        hoursAfterPrevious: 48,
        content: `<p>Drück dir die Daumen. Falls euch bis dahin organischer Umsatz fehlt: Eine zeitlich begrenzte Shopping-Kampagne auf die E-Bike-Kategorien kann die Lücke etwas abfedern.</p>`,
      },
      {
        author: "felix",
        hoursAfterPrevious: 72,
        content: `<p>Update für alle, die später hier landen: Die manuelle Maßnahme wurde heute aufgehoben, schneller als erwartet nach nur fünf Tagen. Der Traffic liegt noch bei etwa 65 % des alten Niveaus, aber die Tendenz stimmt.</p>`,
      },
    ],
  },
  {
    title: "Subdomain, Unterverzeichnis oder ccTLD für den Markteintritt in Frankreich?",
    tags: ["Internationales SEO"],
    category: "seo",
    author: "katrin",
    daysAgo: 95,
    content: `<p>Wir planen den Markteintritt in Frankreich, zunächst mit etwa 150 Reisen. Die IT möchte am liebsten eine Subdomain, weil das technisch am einfachsten sei. Die Geschäftsführung findet eine .fr-Domain „vertrauenswürdiger“.</p>
<p>Ich komme eigentlich aus dem SEA und habe gelernt, dass ein <strong>Unterverzeichnis</strong> die Stärke der Hauptdomain am besten nutzt. Stimmt das so pauschal noch? Und gibt es Erfahrungen, ob französische Nutzer eine .fr-Domain tatsächlich bevorzugen?</p>
<p>Budget für Linkaufbau in Frankreich gibt es übrigens kaum, das spricht für mich eher gegen eine neue Domain.</p>`,
    comments: [
      {
        author: "lena",
        hoursAfterPrevious: 6,
        content: `<p>Bei wenig Budget für Linkaufbau klar Unterverzeichnis. Eine neue ccTLD fängt bei null an, und Subdomains werden zwar nicht grundsätzlich schlechter behandelt, profitieren in der Praxis aber oft weniger. Das Vertrauensargument würde ich über französischen Kundenservice, lokale Kontaktdaten und Bewertungen lösen.</p>`,
      },
      {
        author: "juergen",
        hoursAfterPrevious: 20,
        content: `<p>Für eure Ads ist das zweitrangig, aber denk an eigene Conversion-Aktionen pro Markt und an Vergleiche in GA4 nach Verzeichnis. Sonst vermischen sich die Daten schneller, als dir lieb ist.</p>`,
      },
    ],
  },
  {
    title: "„Gecrawlt – zurzeit nicht indexiert“ bei 40 % unserer Kategorieseiten",
    tags: ["Indexierung", "Search Console", "E-Commerce"],
    solvedBy: "aylin",
    category: "seo",
    author: "tobias",
    daysAgo: 8,
    content: `<p>Ich betreue seit drei Monaten einen kleinen Shop für Kaffeemaschinen-Zubehör (ca. 800 URLs). In der Search Console stehen 40 % der Kategorieseiten dauerhaft unter <strong>„Gecrawlt – zurzeit nicht indexiert“</strong>. Technisch sehe ich keine Probleme: kein noindex, canonical auf sich selbst, in der Sitemap, intern verlinkt.</p>
<p>Die betroffenen Seiten haben allerdings oft nur drei bis fünf Produkte und einen kurzen Einleitungstext, der teilweise aus dem Herstellerkatalog stammt.</p>
<p>Liegt das wirklich an der Qualität, oder übersehe ich etwas? Würdet ihr die dünnen Kategorien zusammenlegen oder lieber Content ergänzen?</p>`,
    comments: [
      {
        author: "aylin",
        hoursAfterPrevious: 2,
        content: `<p>Bei drei bis fünf Produkten und Herstellertext ist das fast immer ein Qualitätsthema. Ich würde zusammenlegen, wo die Suchintention ähnlich ist, und die alten URLs per 301 weiterleiten.</p>`,
        replies: [
          {
            author: "tobias",
            hoursAfterPrevious: 1,
            content: `<p>Und wenn es für die kleine Kategorie durchaus Suchvolumen gibt, zum Beispiel „Entkalker für Siebträger“?</p>`,
          },
          {
            author: "aylin",
            hoursAfterPrevious: 2,
            content: `<p>Dann lieber ausbauen: eigener Text mit echter Beratung, passende Produkte aus anderen Kategorien einbinden, FAQ zu Dosierung und Intervallen. Hauptsache, die Seite hat einen Grund zu existieren.</p>`,
          },
        ],
      },
      {
        author: "lena",
        hoursAfterPrevious: 5,
        content: `<p>Schau dir auch die interne Verlinkung an. Wenn die Seiten nur über das Menü erreichbar sind und nirgends im Content, wertet Google sie oft als unwichtig. Ein paar kontextuelle Links aus Ratgeberartikeln wirken manchmal Wunder.</p>`,
      },
      {
        author: "markus",
        hoursAfterPrevious: 9,
        content: `<p>Schneller Check mit Screaming Frog: Vergleich Wortanzahl und Anteil an Near-Duplicates zwischen indexierten und nicht indexierten Seiten. Da ergibt sich fast immer ein klares Muster.</p>`,
      },
      {
        author: "tobias",
        hoursAfterPrevious: 60,
        content: `<p>Kurzes Zwischenfazit nach drei Tagen: 14 Kategorien zusammengelegt, 6 ausgebaut und per URL-Prüfung neu eingereicht. 4 der ausgebauten Seiten sind schon indexiert. Danke euch!</p>`,
      },
    ],
  },
  {
    title: "Alte Blogartikel zusammenlegen: Lohnt sich das nach den Core Updates?",
    tags: ["Content-Strategie", "Core Updates"],
    category: "seo",
    author: "jonas",
    daysAgo: 140,
    content: `<p>Wir haben für einen Kunden aus der Versicherungsbranche rund 600 Blogartikel aus den letzten acht Jahren. Viele davon behandeln fast dieselben Themen, es gibt zum Beispiel fünf Artikel zu „Hausratversicherung kündigen“. Nur etwa 80 Artikel bringen überhaupt noch organischen Traffic.</p>
<p>Mein Plan wäre ein großes <strong>Content-Pruning</strong>: thematisch zusammenlegen, per 301 weiterleiten und wirklich überflüssige Artikel mit 410 entfernen. Der Kunde hat Angst, dass dadurch „Sichtbarkeit verloren geht“.</p>
<p>Hat jemand belastbare Vorher-nachher-Zahlen aus ähnlichen Projekten?</p>`,
    comments: [
      {
        author: "lena",
        hoursAfterPrevious: 10,
        content: `<p>Wir haben bei einem Verlag 1.100 von 1.700 Artikeln konsolidiert. Nach drei Monaten lagen die Klicks bei plus 22 %, die Zahl der rankenden Keywords ist leicht gesunken – aber nur jenseits von Seite 5. Zeig dem Kunden genau diese Unterscheidung.</p>`,
      },
      {
        author: "aylin",
        hoursAfterPrevious: 26,
        content: `<p>Wichtig: Vorher die Backlinks auf die alten Artikel prüfen. Artikel mit guten externen Links immer weiterleiten, auch wenn sie inhaltlich nicht perfekt zum Ziel passen.</p>`,
      },
    ],
  },

  {
    title: "SEO nach dem Relaunch: Die Ladezeit der Startseite hat sich verdoppelt",
    tags: ["Core Web Vitals", "Technisches SEO"],
    category: "seo",
    author: "felix",
    daysAgo: 33,
    solvedBy: "sabine",
    content: `<p>Seit dem Relaunch unseres Shops (Fahrräder und Zubehör, rund 4.000 Produkte) braucht die Startseite mobil 5,1 s bis zum Largest Contentful Paint, vorher waren es 2,4 s. In der Search Console rutschen die URLs gerade von „Gut“ nach „Verbesserung erforderlich“.</p>
<p>Auf der Startseite liegen jetzt ein Hero-Slider mit fünf Bildern, ein eingebettetes Instagram-Modul und drei Webfonts. Womit würdet ihr anfangen, um die Ladezeit wieder in den Griff zu bekommen?</p>`,
    comments: [
      {
        author: "sabine",
        hoursAfterPrevious: 5,
        content: `<p>Mit dem LCP-Element selbst: Das erste Slider-Bild wird bei euch vermutlich per JavaScript nachgeladen. Gib ihm ein normales <code>img</code> mit <code>fetchpriority="high"</code>, lade die übrigen vier Bilder erst nach der ersten Interaktion und bind das Instagram-Modul als statisches Vorschaubild mit Link ein. Bei einem ähnlichen Shop hat das allein 2 s gebracht.</p>`,
      },
      {
        author: "jonas",
        hoursAfterPrevious: 9,
        content: `<p>Und die Webfonts: zwei Schnitte reichen meistens, per <code>preload</code> und <code>font-display: swap</code>. Vorher im Performance-Panel nachsehen, ob der Slider das Hauptbild überhaupt als LCP meldet.</p>`,
      },
    ],
  },

  // ---------------------------------------------------------------------------
  // SEA
  // ---------------------------------------------------------------------------
  {
    title: "Performance Max kannibalisiert unsere Brand-Kampagne – wie trennt ihr das?",
    tags: ["Performance Max", "Google Ads"],
    solvedBy: "juergen",
    category: "sea",
    author: "katrin",
    daysAgo: 6,
    content: `<p>Seit wir zwei <strong>Performance-Max-Kampagnen</strong> gestartet haben, sind die Impressionen unserer Brand-Suchkampagne um 40 % eingebrochen. Die PMax-Kampagnen melden dafür traumhafte ROAS-Werte von über 1.200 %. Ich vermute stark, dass PMax einfach unseren Markentraffic einsammelt und sich die Conversions gutschreibt.</p>
<p>Was ich schon geprüft habe:</p>
<ul><li>In den Suchbegriff-Insights tauchen jede Menge Brand-Suchanfragen auf</li><li>Die Brand-Kampagne läuft mit Ziel-Impressionsanteil, die PMax mit tROAS</li><li>Die Gesamtzahl der Buchungen ist seit dem Start praktisch unverändert</li></ul>
<p>Wie trennt ihr Brand und PMax sauber? Markenausschlüsse auf Kampagnenebene, negative Keywords auf Kontoebene oder etwas ganz anderes? Und wie überzeugt ihr die Geschäftsführung, dass der schöne ROAS nur verschobene Conversions sind?</p>
<p>Zum Nachlesen: <a href="https://support.google.com/google-ads">Google-Ads-Hilfe</a>.</p>`,
    comments: [
      {
        author: "juergen",
        hoursAfterPrevious: 1,
        content: `<p>Klassiker. Markenausschlüsse in der PMax sind Pflicht, sobald es eine eigene Brand-Kampagne gibt. Leg eine Markenliste an und schließ sie in beiden PMax-Kampagnen aus. Danach siehst du innerhalb von zwei Wochen, was PMax wirklich leistet.</p>`,
        replies: [
          { author: "katrin", hoursAfterPrevious: 2, content: `<p>Deckt die Markenliste auch Tippfehler wie „Alpenblik“ ab?</p>` },
          {
            author: "juergen",
            hoursAfterPrevious: 1.5,
            content: `<p>Google ordnet ähnliche Schreibweisen meistens zu, aber ich würde mich nicht darauf verlassen. Zusätzlich negative Keywords auf Kontoebene für die häufigsten Varianten, dann bist du auf der sicheren Seite.</p>`,
          },
        ],
      },
      {
        author: "felix",
        hoursAfterPrevious: 4,
        content: `<p>Hatten wir exakt genauso. Nach dem Ausschluss ist der ROAS der PMax von 900 % auf 310 % gefallen. Das war intern erst mal ein Schock, aber die Zahlen waren vorher schlicht geschönt.</p>`,
      },
      {
        author: "sabine",
        hoursAfterPrevious: 3,
        content: `<p>Für die Geschäftsführung würde ich einen Vorher-nachher-Test machen: zwei Wochen mit Ausschluss, dann Gesamtbuchungen und Gesamtkosten vergleichen. Inkrementalität schlägt jeden ROAS in der Oberfläche.</p>`,
        replies: [
          {
            author: "katrin",
            hoursAfterPrevious: 5,
            content: `<p>Guter Punkt. Die Gesamtbuchungen als Hauptkennzahl sind für unsere GF auch viel greifbarer.</p>`,
          },
        ],
      },
      {
        author: "jonas",
        hoursAfterPrevious: 6,
        content: `<p>Ich spiele mal Advocatus Diaboli: Brand-Traffic ist nicht immer nur „geklaut“. PMax erreicht teilweise Leute auf YouTube oder in Discover, die danach nach der Marke suchen. Ein Teil des Effekts ist also echt.</p>`,
        replies: [
          {
            author: "juergen",
            hoursAfterPrevious: 2,
            content: `<p>Ein Teil, ja. Aber bei 1.200 % ROAS und gleichbleibenden Gesamtbuchungen ist der Anteil überschaubar. Wer Upper Funnel will, sollte das separat mit Demand Gen und eigenem Budget testen.</p>`,
          },
          { author: "jonas", hoursAfterPrevious: 3, content: `<p>Fair, bei gleichbleibenden Gesamtbuchungen hast du recht.</p>` },
        ],
      },
      {
        author: "markus",
        hoursAfterPrevious: 10,
        content: `<p>Technischer Tipp: Schau dir den Kanal-Bericht der PMax an. Wenn der Großteil der Conversions aus der Suche kommt, ist das ein starkes Indiz für Brand-Kannibalisierung.</p>`,
      },
      {
        author: "aylin",
        hoursAfterPrevious: 8,
        content: `<p>Aus SEO-Sicht: Habt ihr auch geschaut, ob die organischen Brand-Klicks gesunken sind? Bei uns hat die Brand-Kampagne einen Teil der organischen Klicks übernommen, da lohnt sich ein Blick in die Search Console.</p>`,
      },
      {
        author: "katrin",
        hoursAfterPrevious: 12,
        content: `<p>Zwischenstand nach zwei Tagen: Der Markenausschluss ist aktiv, die Brand-Kampagne hat wieder 92 % Impressionsanteil, die PMax liegt jetzt bei 380 % ROAS. Die Gesamtbuchungen sind bisher stabil.</p>`,
        replies: [
          {
            author: "juergen",
            hoursAfterPrevious: 1,
            content: `<p>Sieht gut aus. Lass es jetzt mindestens zwei Wochen laufen, bevor du an den tROAS-Zielen drehst. Die Lernphase braucht Ruhe.</p>`,
          },
        ],
      },
      {
        author: "soeren",
        hoursAfterPrevious: 6,
        content: `<p>Achte als Nächstes darauf, ob PMax jetzt stärker auf generische Suchanfragen geht und dort eure normalen Suchkampagnen verdrängt. Das war bei uns der zweite Effekt nach dem Markenausschluss.</p>`,
      },
      {
        author: "felix",
        hoursAfterPrevious: 5,
        content: `<p>Bei uns hat die PMax nach dem Ausschluss übrigens angefangen, viel Budget ins Display-Netzwerk zu schieben. Wir haben dann einen Feed-only-Ansatz ohne Bild- und Video-Assets getestet.</p>`,
        replies: [
          {
            author: "juergen",
            hoursAfterPrevious: 2,
            content: `<p>Feed-only ist für Shops oft die bessere Wahl. Für Reisen ohne Produktfeed funktioniert das bei Katrin aber leider nicht.</p>`,
          },
        ],
      },
      {
        author: "tobias",
        hoursAfterPrevious: 10,
        content: `<p>Als SEA-Laie gefragt: Ist das nicht ein Argument, PMax ganz wegzulassen und nur mit klassischen Such- und Shopping-Kampagnen zu arbeiten?</p>`,
        replies: [
          {
            author: "katrin",
            hoursAfterPrevious: 3,
            content: `<p>Für uns nicht, die PMax bringt über YouTube und Gmail durchaus neue Kunden. Sie soll nur nicht die Lorbeeren der Brand-Kampagne einsammeln.</p>`,
          },
          {
            author: "juergen",
            hoursAfterPrevious: 2,
            content: `<p>Hängt stark vom Konto ab. Bei kleinen Budgets starte ich tatsächlich oft mit Standard-Shopping und Suche, weil man dort mehr Kontrolle und Daten hat.</p>`,
          },
        ],
      },
      {
        author: "sabine",
        hoursAfterPrevious: 14,
        content: `<p>Noch zum Reporting: Legt euch in Looker Studio eine Sicht „Brand vs. Non-Brand über alle Kampagnen“ an. Sonst schaut die GF in drei Monaten wieder nur auf den PMax-ROAS.</p>`,
      },
      {
        author: "katrin",
        hoursAfterPrevious: 20,
        content: `<p>Danke euch allen! Meine Zusammenfassung: Markenausschluss, negative Keywords auf Kontoebene, Vergleich der Gesamtbuchungen und ein Brand/Non-Brand-Dashboard. In zwei Wochen gibt es ein Update.</p>`,
      },
    ],
  },
  {
    title: "Consent Mode v2: Seit der Umstellung fehlen uns 30 % der Conversions",
    tags: ["Consent Mode", "Tracking", "Google Ads"],
    solvedBy: "sabine",
    category: "sea",
    author: "felix",
    daysAgo: 30,
    content: `<p>Wir haben auf <strong>Consent Mode v2</strong> im erweiterten Modus umgestellt, mit einer zertifizierten CMP. Seitdem meldet Google Ads rund 30 % weniger Conversions als vorher, während die Bestellungen im Shop-Backend gleich geblieben sind.</p>
<p>Die Conversion-Modellierung ist laut Diagnose aktiv, aber die Smart-Bidding-Kampagnen bieten spürbar vorsichtiger. Unsere Zustimmungsrate liegt bei etwa 55 %.</p>
<p>Fragen an euch:</p>
<ul><li>Welche Zustimmungsraten erreicht ihr, und mit welchem Banner-Design?</li><li>Nutzt ihr zusätzlich Enhanced Conversions?</li><li>Hilft server-seitiges Tagging hier, oder löst das das Problem gar nicht?</li></ul>`,
    comments: [
      {
        author: "sabine",
        hoursAfterPrevious: 3,
        content: `<p>Erst mal prüfen: Wird der Default-Consent wirklich vor dem ersten Tag gesetzt? In gefühlt jedem zweiten Setup, das ich auditiere, feuert der Google-Tag vor dem Default. Dann fehlen die Pings für die Modellierung.</p>`,
        replies: [
          {
            author: "felix",
            hoursAfterPrevious: 4,
            content: `<p>Gerade im Tag Assistant nachgeschaut – tatsächlich, der Default kommt zu spät. Das erklärt einiges.</p>`,
          },
          {
            author: "sabine",
            hoursAfterPrevious: 2,
            content: `<p>Dann den Default-Consent im GTM auf den Trigger „Consent-Initialisierung – Alle Seiten“ legen. Danach ein paar Wochen warten, bis die Modellierung wieder greift.</p>`,
          },
        ],
      },
      {
        author: "juergen",
        hoursAfterPrevious: 6,
        content: `<p>Enhanced Conversions würde ich in jedem Fall aktivieren. Bei unseren Shop-Kunden bringt das 5 bis 10 % mehr zugeordnete Conversions, bei 55 % Zustimmung ein spürbarer Unterschied.</p>`,
      },
      {
        author: "markus",
        hoursAfterPrevious: 12,
        content: `<p>Zur Zustimmungsrate: Mit einem gleichwertigen „Ablehnen“-Button, wie ihn die Datenschutzbehörden erwarten, liegen wir bei den meisten Kunden zwischen 50 und 65 %. Alles deutlich darüber würde ich rechtlich prüfen lassen.</p>`,
      },
      {
        author: "katrin",
        hoursAfterPrevious: 24,
        content: `<p>Bei uns hat es nach der Umstellung rund sechs Wochen gedauert, bis die Zahlen in Google Ads wieder nah am Backend lagen. In der Zeit haben wir die tROAS-Ziele etwas gelockert, damit die Kampagnen nicht verhungern.</p>`,
      },
      {
        author: "felix",
        hoursAfterPrevious: 72,
        content: `<p>Update: Consent-Default korrigiert und Enhanced Conversions aktiviert. Die Lücke zum Backend ist von 30 % auf 12 % geschrumpft. Danke für die schnellen Hinweise!</p>`,
      },
    ],
  },
  {
    title: "tROAS bei nur 20 Conversions im Monat – zu früh für Smart Bidding?",
    tags: ["Smart Bidding", "Google Ads"],
    category: "sea",
    author: "jonas",
    daysAgo: 27,
    content: `<p>Ein Kunde von uns (kleiner Online-Shop für Imkereibedarf) hat aktuell rund <strong>20 Conversions im Monat</strong> über Google Ads, bei etwa 1.800 € Budget. Die Kampagnen laufen mit „Conversions maximieren“, die Kosten pro Conversion schwanken stark.</p>
<p>Der Kunde hat gelesen, dass Smart Bidding mit Ziel-ROAS „viel besser“ sei, und möchte umstellen. Meine Sorge: Das Datenvolumen reicht dafür nicht, und die Kampagne liefert dann entweder kaum noch aus oder schwankt wild.</p>
<p>Ab welcher Conversion-Menge stellt ihr auf tROAS um? Und würdet ihr Micro-Conversions wie „In den Warenkorb“ als zusätzliche Ziele nutzen?</p>`,
    comments: [
      {
        author: "juergen",
        hoursAfterPrevious: 2,
        content: `<p>Faustregel: Unter 30 bis 50 Conversions in 30 Tagen pro Kampagne wird tROAS zäh. Bei 20 Conversions würde ich Kampagnen zusammenlegen, um Daten zu bündeln, und mit „Conversion-Wert maximieren“ ohne Ziel starten.</p>`,
      },
      {
        author: "katrin",
        hoursAfterPrevious: 5,
        content: `<p>Micro-Conversions würde ich nicht als primäre Ziele nehmen, sonst optimiert der Algorithmus auf Warenkorb-Klicker. Als sekundäre Ziele zum Beobachten aber gern.</p>`,
      },
      {
        author: "felix",
        hoursAfterPrevious: 10,
        content: `<p>Wir haben bei ähnlichem Volumen auf tROAS umgestellt und das Ziel bewusst 20 % unter dem Ist-ROAS angesetzt. Die ersten drei Wochen waren holprig, danach lief es stabiler als vorher. Kann also klappen.</p>`,
        replies: [
          {
            author: "juergen",
            hoursAfterPrevious: 4,
            content: `<p>Das Ziel unter dem Ist-Wert anzusetzen ist der wichtigste Trick. Wer direkt zu hoch einsteigt, würgt die Auslieferung ab.</p>`,
          },
        ],
      },
      {
        author: "sabine",
        hoursAfterPrevious: 30,
        content: `<p>Achtet darauf, dass die Conversion-Werte sauber sind: netto, ohne Versand und idealerweise mit Marge. Sonst optimiert tROAS auf Umsatz, der gar keinen Gewinn bringt.</p>`,
      },
    ],
  },
  {
    title: "Microsoft Ads 2026: Lohnt sich der Google-Import ohne Nacharbeit noch?",
    tags: ["Microsoft Ads", "Google Ads"],
    category: "sea",
    author: "juergen",
    daysAgo: 45,
    content: `<p>Ich habe in den letzten Monaten bei fünf Kunden die <strong>Microsoft Ads</strong> auditiert, die alle per automatischem Import aus Google Ads laufen. Kurzes Fazit: Der Import funktioniert technisch gut, verschenkt aber Potenzial.</p>
<p>Die häufigsten Probleme:</p>
<ul><li>Gebotsstrategien werden übernommen, obwohl das Conversion-Volumen viel kleiner ist</li><li>Das Targeting nach LinkedIn-Profildaten wird gar nicht genutzt</li><li>Negative Keywords auf Kontoebene fehlen</li><li>UET-Conversion-Ziele zählen doppelt, weil alte Tags nie aufgeräumt wurden</li></ul>
<p>Nach manueller Nacharbeit lagen die CPAs im Schnitt 28 % niedriger als im reinen Import-Setup. Gerade im B2B ist das LinkedIn-Targeting ein echter Vorteil. Wie viel Zeit investiert ihr in Microsoft Ads?</p>`,
    comments: [
      {
        author: "katrin",
        hoursAfterPrevious: 5,
        content: `<p>Bei uns macht Microsoft Ads etwa 12 % der SEA-Buchungen aus, mit deutlich älterer Zielgruppe. Wir importieren einmal pro Woche, pflegen Gebote und Zielgruppen aber separat.</p>`,
      },
      {
        author: "felix",
        hoursAfterPrevious: 9,
        content: `<p>Ab welchem Budget lohnt sich der Aufwand ungefähr? Bei uns sind es gerade 300 € im Monat.</p>`,
        replies: [
          {
            author: "juergen",
            hoursAfterPrevious: 3,
            content: `<p>Bei 300 € reicht ein sauberer Import plus eine monatliche Kontrolle von Suchbegriffen und Conversions. Intensive Pflege lohnt sich ab ein paar Tausend Euro im Monat.</p>`,
          },
        ],
      },
      {
        author: "markus",
        hoursAfterPrevious: 30,
        content: `<p>Danke für den Hinweis mit den doppelten UET-Zielen – haben wir bei zwei Kunden direkt gefunden.</p>`,
      },
    ],
  },
  {
    title: "Google-Ads-Skripte: Welche nutzt ihr für Budget- und Fehlerüberwachung?",
    tags: ["Google Ads", "Automatisierung"],
    category: "sea",
    author: "katrin",
    daysAgo: 75,
    content: `<p>Bei uns ist es jetzt zweimal passiert, dass eine Kampagne nach einer Website-Änderung tagelang auf 404-Seiten geleitet hat, bevor es jemand bemerkt hat. Deshalb möchte ich ein paar <strong>Google-Ads-Skripte</strong> als Frühwarnsystem einrichten.</p>
<p>Auf meiner Liste stehen bisher:</p>
<ul><li>Link-Checker für alle finalen URLs (täglich)</li><li>Budget-Alarm bei mehr als 120 % der geplanten Tageskosten</li><li>Benachrichtigung bei abgelehnten Anzeigen</li><li>Warnung, wenn die Conversions eines Tages auf null fallen</li></ul>
<p>Welche Skripte nutzt ihr, und schreibt ihr die selbst oder nehmt ihr fertige Vorlagen?</p>`,
    comments: [
      {
        author: "juergen",
        hoursAfterPrevious: 4,
        content: `<p>Der Null-Conversions-Alarm hat uns schon mehrfach gerettet, meistens nach Tracking-Änderungen. Bau ihn aber mit einem Vergleich zum gleichen Wochentag der Vorwoche, sonst gibt es am Wochenende Fehlalarme.</p>`,
      },
      {
        author: "sabine",
        hoursAfterPrevious: 20,
        content: `<p>Wir schreiben die Skripte meist selbst und loggen in ein Google Sheet. Zusätzlich überwachen wir die Conversions in BigQuery – das fängt auch Probleme ab, die gar nicht aus Google Ads kommen.</p>`,
      },
    ],
  },
  {
    title: "1.500 € Monatsbudget für einen lokalen Handwerksbetrieb – realistisch?",
    tags: ["Local SEO", "Google Ads"],
    category: "sea",
    author: "jonas",
    daysAgo: 0.2,
    content: `<p>Ein neuer Kunde von uns, ein Sanitär- und Heizungsbetrieb mit acht Mitarbeitenden im Großraum Nürnberg, möchte mit Google Ads starten. Ziel sind vor allem Anfragen für Wärmepumpen und Badsanierungen. Vorstellung des Kunden: <strong>1.500 € im Monat</strong> inklusive unserer Betreuung.</p>
<p>Meine erste Keyword-Recherche zeigt Klickpreise zwischen 3 und 9 € für „Wärmepumpe + Stadt“. Nach Abzug der Betreuung blieben vielleicht 1.000 € Mediabudget, also grob 150 Klicks im Monat.</p>
<p>Würdet ihr das machen, oder erst mal nur das Unternehmensprofil optimieren? Wie setzt ihr bei solchen Kunden die Erwartungen?</p>`,
    comments: [
      {
        author: "juergen",
        hoursAfterPrevious: 0.6,
        content: `<p>Machbar, wenn ihr euch auf ein Thema konzentriert. Bei 150 Klicks würde ich nur Badsanierung oder nur Wärmepumpe bewerben, mit engem Radius und Anrufen als Conversion. Verzettelt euch nicht mit fünf Leistungen.</p>`,
        replies: [
          {
            author: "jonas",
            hoursAfterPrevious: 0.5,
            content: `<p>Danke, deckt sich mit meinem Gefühl. Badsanierung hat beim Kunden die bessere Marge, dann starten wir damit.</p>`,
          },
        ],
      },
      {
        author: "katrin",
        hoursAfterPrevious: 1.1,
        content: `<p>Und unbedingt Anruf-Tracking über eine Weiterleitungsnummer einrichten. Bei Handwerkern kommen die meisten Anfragen telefonisch – ohne Tracking fliegt ihr bei der Optimierung blind.</p>`,
      },
    ],
  },
  {
    title: "Demand Gen statt Discovery: Hat jemand belastbare Zahlen für E-Commerce?",
    tags: ["Demand Gen", "E-Commerce", "Google Ads"],
    category: "sea",
    author: "felix",
    daysAgo: 110,
    content: `<p>Wir überlegen, einen Teil unseres Budgets aus den Suchkampagnen in <strong>Demand-Gen-Kampagnen</strong> zu verschieben, vor allem für YouTube Shorts und Discover. Unsere Zielgruppe für E-Bikes ist über Videos recht gut erreichbar.</p>
<p>In den Case Studies von Google sehen die Zahlen natürlich immer toll aus. Mich würden echte Erfahrungen interessieren:</p>
<ul><li>Mit welchem Budget habt ihr getestet?</li><li>Wie messt ihr den Effekt, wenn kaum direkte Conversions kommen?</li><li>Bringen Lookalike-Segmente wirklich etwas?</li></ul>`,
    comments: [],
  },
  {
    title: "Produkttitel im Merchant Center: Welche Struktur funktioniert bei euch?",
    tags: ["Merchant Center", "E-Commerce"],
    category: "sea",
    author: "aylin",
    daysAgo: 22,
    content: `<p>Bei uns wandert der Shopping-Feed gerade in meine Verantwortung (bisher lag er bei einer externen Agentur). Die Produkttitel sind aktuell einfach die Shop-Titel, also zum Beispiel „Pflanzkübel Lugano“.</p>
<p>Ich möchte eine einheitliche Struktur einführen, etwa:</p>
<ul><li>Marke + Produkttyp + Material + Größe + Farbe</li><li>Bei Pflanzen: deutscher Name + botanischer Name + Topfgröße + Wuchshöhe</li></ul>
<p>Habt ihr A/B-Tests mit Feed-Titeln gemacht? Und pflegt ihr die Titel direkt im Shop, über Feed-Regeln im Merchant Center oder mit einem Feed-Tool?</p>`,
    comments: [
      {
        author: "juergen",
        hoursAfterPrevious: 3,
        content: `<p>Titeltests bringen oft mehr als jede Gebotsanpassung. Bei einem Gartenshop hatten wir mit „Produkttyp + Material + Größe“ vorn 23 % mehr Klicks als mit der Marke am Anfang. Marke vorn lohnt sich nur bei starken Marken.</p>`,
      },
      {
        author: "felix",
        hoursAfterPrevious: 6,
        content: `<p>Wir nutzen ein Feed-Tool, weil die Regeln im Merchant Center bei 4.000 Produkten und vielen Ausnahmen unübersichtlich wurden. Vorteil: Die Shop-Titel bleiben SEO-freundlich, der Feed bekommt eigene Titel.</p>`,
      },
      {
        author: "markus",
        hoursAfterPrevious: 10,
        content: `<p>Achte darauf, dass Farbe und Größe auch als eigene Attribute im Feed stehen und nicht nur im Titel. Das hilft bei der Zuordnung zu Suchanfragen und bei Varianten.</p>`,
      },
      {
        author: "katrin",
        hoursAfterPrevious: 28,
        content: `<p>Für uns ohne klassischen Feed nicht relevant, aber ich lese gespannt mit. Wie messt ihr Titeltests sauber, wenn gleichzeitig Gebote und Saisonalität schwanken?</p>`,
        replies: [
          {
            author: "juergen",
            hoursAfterPrevious: 5,
            content: `<p>Am saubersten mit einem Split auf Produktebene: Die Hälfte der Produkte bekommt neue Titel, die andere Hälfte bleibt. Dann vergleichst du die Klickrate im selben Zeitraum.</p>`,
          },
        ],
      },
    ],
  },
  {
    title: "Customer Match und DSGVO: Wie holt ihr die Einwilligung rechtssicher ein?",
    tags: ["Datenschutz", "Google Ads"],
    category: "sea",
    author: "felix",
    daysAgo: 160,
    content: `<p>Wir würden gern unsere Newsletter-Liste (rund 18.000 Kontakte) per <strong>Kundenabgleich</strong> in Google Ads nutzen, vor allem um Bestandskunden aus den Neukunden-Kampagnen auszuschließen. Unser Datenschutzbeauftragter ist skeptisch.</p>
<p>Wie formuliert ihr die Einwilligung im Anmeldeformular? Reicht ein Hinweis in der Datenschutzerklärung, oder braucht es eine separate Checkbox? Und nutzt ihr die Listen überhaupt noch, seit die Abgleichraten so schwanken?</p>`,
    comments: [
      {
        author: "jonas",
        hoursAfterPrevious: 8,
        content: `<p>Wir sind bei unseren Kunden auf eine separate, nicht vorausgewählte Checkbox umgestiegen. Ich bin kein Anwalt, aber alles andere war unserem Datenschutzberater zu heikel. Die Opt-in-Rate liegt bei etwa 35 %.</p>`,
      },
      {
        author: "juergen",
        hoursAfterPrevious: 30,
        content: `<p>Die Abgleichraten liegen bei B2C-Listen meist zwischen 40 und 60 %. Für den Ausschluss von Bestandskunden reicht das trotzdem, um spürbar Budget zu sparen. Die Einwilligung aber bitte vorher sauber klären, das ist keine Formsache.</p>`,
      },
    ],
  },

  // ---------------------------------------------------------------------------
  // KI-Suche
  // ---------------------------------------------------------------------------
  {
    title: "AI Overviews fressen unsere Klicks: CTR-Einbruch von 38 % bei Ratgebern",
    tags: ["AI Overviews", "KI-Suche"],
    category: "ki-suche",
    author: "soeren",
    daysAgo: 10,
    content: `<p>Ich möchte mal Zahlen aus einem Kundenprojekt teilen (Ratgeberportal rund um Haus und Garten, ca. 1.400 Artikel). Wir haben die Search-Console-Daten der letzten drei Monate mit dem Vorjahreszeitraum verglichen – nur Keywords, bei denen die Position stabil geblieben ist (±0,5).</p>
<ul><li>Informationale Keywords mit AI Overview: <strong>CTR von 4,9 % auf 3,0 % gefallen</strong> (−38 %)</li><li>Informationale Keywords ohne AI Overview: CTR nahezu unverändert (−3 %)</li><li>Transaktionale Keywords: kaum betroffen, teils sogar leicht gestiegen</li><li>Impressionen insgesamt: +14 %, Klicks: −19 %</li></ul>
<p>Interessant: Bei Artikeln, die im AI Overview als Quelle verlinkt werden, ist die CTR „nur“ um etwa 20 % gesunken. Die Quellenplatzierung scheint also einen Teil abzufedern.</p>
<p>Wie sieht es bei euch aus? Und vor allem: Wie erklärt ihr das euren Kunden oder eurer Geschäftsführung? „Die Rankings sind stabil, aber der Traffic sinkt“ ist gerade ein schwieriges Gespräch.</p>`,
    comments: [
      {
        author: "nina",
        hoursAfterPrevious: 1,
        content: `<p>Danke fürs Teilen, das deckt sich fast exakt mit unseren Zahlen. Bei einem Gesundheitsportal liegen wir bei −41 % CTR auf Keywords mit AI Overview. Besonders hart trifft es Definitionen und „Was ist …“-Fragen. So sieht die CTR dort Woche für Woche aus:</p>`,
        image: {
          name: "ctr-gesundheitsportal.png",
          alt: "Balkendiagramm der wöchentlichen CTR auf Keywords mit AI Overview: rund 5 % in den ersten fünf Wochen, danach ein Abfall auf etwa 3 %",
          title: "CTR pro Woche in Prozent (Keywords mit AI Overview)",
          values: [5.1, 5.0, 4.9, 5.0, 4.8, 3.9, 3.2, 3.0, 3.1, 2.9, 3.0, 2.9],
          breakAt: 5,
        },
        replies: [
          {
            author: "soeren",
            hoursAfterPrevious: 1,
            content: `<p>„Was ist …“-Artikel sind bei uns auch die großen Verlierer. Schritt-für-Schritt-Anleitungen mit Bildern halten sich deutlich besser.</p>`,
          },
        ],
      },
      {
        author: "lena",
        hoursAfterPrevious: 3,
        content: `<p>Wichtige Einordnung: Die Impressionen steigen auch deshalb, weil Seiten im AI Overview als Quelle mitgezählt werden. Die CTR-Verschlechterung ist also teilweise ein Messeffekt und nicht nur echter Verlust.</p>`,
        replies: [
          {
            author: "soeren",
            hoursAfterPrevious: 2,
            content: `<p>Stimmt, deshalb habe ich zusätzlich die absoluten Klicks angeschaut. Die −19 % sind leider real.</p>`,
          },
          {
            author: "sabine",
            hoursAfterPrevious: 3,
            content: `<p>Und genau das ist das Problem: Die Search Console weist AI Overviews nicht separat aus. Man kann nur über externe Rank-Tracker abgleichen, welche Keywords ein Overview auslösen.</p>`,
          },
        ],
      },
      {
        author: "jonas",
        hoursAfterPrevious: 4,
        content: `<p>Ich halte gegen die Panik ein bisschen dagegen: Bei unseren lokalen Kunden sehen wir kaum Effekte. Wer nach „Notdienst Heizung Nürnberg“ sucht, klickt immer noch auf das Unternehmensprofil oder die Website.</p>`,
      },
      {
        author: "aylin",
        hoursAfterPrevious: 5,
        content: `<p>Für Shops kann ich das bestätigen: Unsere Ratgeber zur Pflanzenpflege verlieren, die Kategorieseiten nicht. Wir überlegen deshalb, wie viel Aufwand wir in reinen Informations-Content überhaupt noch stecken.</p>`,
      },
      {
        author: "tobias",
        hoursAfterPrevious: 6,
        content: `<p>Wie habt ihr herausgefunden, welche Keywords ein AI Overview auslösen? Manuell prüfen ist bei 1.400 Artikeln ja kaum möglich.</p>`,
        replies: [
          {
            author: "soeren",
            hoursAfterPrevious: 1.5,
            content: `<p>Über einen Rank-Tracker, der die SERP-Features mitspeichert. Die großen Tools haben inzwischen fast alle einen Filter für AI Overviews, auch Sistrix und Ahrefs.</p>`,
          },
        ],
      },
      {
        author: "markus",
        hoursAfterPrevious: 8,
        content: `<p>Ich sehe das grundsätzlicher: Wer jetzt noch Traffic als Haupt-KPI nutzt, hat verloren. Wir stellen Kundenreports auf Nennungen in Overviews, Markensuchen und Conversions um. Klicks sind nur noch ein Teil des Bildes.</p>`,
        replies: [
          {
            author: "jonas",
            hoursAfterPrevious: 3,
            content: `<p>In der Theorie richtig, aber erklär mal einem Mittelständler, dass er weniger Besucher hat und das trotzdem gut ist. Am Ende zählen Anfragen und Umsatz.</p>`,
          },
          {
            author: "markus",
            hoursAfterPrevious: 2,
            content: `<p>Genau deshalb Conversions und Markensuchen. Die sind für den Mittelständler greifbarer als jede Traffic-Kurve.</p>`,
          },
        ],
      },
      {
        author: "juergen",
        hoursAfterPrevious: 10,
        content: `<p>Aus SEA-Sicht noch ein Effekt: Seit Anzeigen auch rund um die AI Overviews ausgespielt werden, sehen wir bei informationalen Suchanfragen steigende Klickpreise. Der Platz für Klicks wird einfach knapper.</p>`,
      },
      {
        author: "katrin",
        hoursAfterPrevious: 12,
        content: `<p>Im Reisebereich ist es gemischt. Inspirationsthemen wie „beste Reisezeit Dolomiten“ haben massiv verloren, konkrete Angebotssuchen nicht. Wir setzen jetzt stärker auf Inhalte, die zitiert werden, etwa mit eigenen Wetterdaten und Erfahrungsberichten.</p>`,
      },
      {
        author: "nina",
        hoursAfterPrevious: 8,
        content: `<p>Zur Quellenplatzierung: Wir haben 60 Artikel so umgebaut, dass die Kernaussage in den ersten zwei Sätzen steht, mit klaren Zahlen und Quelle. Nach sechs Wochen wurden 22 davon häufiger als Quelle im AI Overview verlinkt als vorher.</p>`,
        replies: [
          {
            author: "soeren",
            hoursAfterPrevious: 2,
            content: `<p>Spannend! Hat sich die CTR bei diesen 22 Artikeln auch messbar verbessert?</p>`,
          },
          {
            author: "nina",
            hoursAfterPrevious: 4,
            content: `<p>Leicht, im Schnitt um etwa 0,4 Prozentpunkte. Kein Durchbruch, aber eine Richtung.</p>`,
          },
        ],
      },
      {
        author: "felix",
        hoursAfterPrevious: 10,
        content: `<p>Mal eine naive Frage: Kann man die eigene Seite aus den AI Overviews herausnehmen, und wäre das überhaupt sinnvoll?</p>`,
        replies: [
          {
            author: "lena",
            hoursAfterPrevious: 2,
            content: `<p>Mit nosnippet bzw. data-nosnippet kannst du steuern, welche Inhalte genutzt werden. Das wirkt sich aber auch auf die normalen Snippets aus. In fast allen Fällen schadest du dir damit mehr, als du gewinnst.</p>`,
          },
        ],
      },
      {
        author: "sabine",
        hoursAfterPrevious: 14,
        content: `<p>Für das Reporting an die GF nutzen wir einen einfachen Dreiklang: Klicks, Impressionen und „Anteil der Keywords mit AI Overview“. Dann wird der Zusammenhang sichtbar, ohne dass es nach Ausrede klingt.</p>`,
      },
      {
        author: "soeren",
        hoursAfterPrevious: 16,
        content: `<p>Danke für die vielen Rückmeldungen! Ich habe für den Kunden jetzt eine Segmentierung nach Suchintention gebaut und zeige den Traffic getrennt nach „AI Overview ja/nein“. Das Gespräch lief deutlich entspannter als befürchtet.</p>`,
        replies: [
          {
            author: "tobias",
            hoursAfterPrevious: 5,
            content: `<p>Magst du die Segmentierung als Vorlage teilen? Das wäre für kleinere Projekte super hilfreich.</p>`,
          },
          {
            author: "soeren",
            hoursAfterPrevious: 3,
            content: `<p>Mache ich, ich baue eine anonymisierte Version und poste sie im Tools-Bereich.</p>`,
          },
        ],
      },
      {
        author: "nina",
        hoursAfterPrevious: 24,
        content: `<p>Noch ein Gedanke: Wir sollten AI Overviews nicht nur als Bedrohung sehen. Für Marken, die dort regelmäßig genannt werden, steigt die Zahl der Markensuchen. Schwer zu messen, aber bei zwei Kunden sehen wir es deutlich.</p>`,
      },
      {
        author: "lena",
        hoursAfterPrevious: 18,
        content: `<p>Toller Thread, den merke ich mir als Referenz. Auf der SMX gibt es bestimmt eine Session dazu – wer vor Ort ist, kann sich danach gern mit uns zusammensetzen.</p>`,
      },
    ],
  },
  {
    title: "llms.txt: Hat jemand messbare Effekte gesehen oder ist das Placebo?",
    tags: ["llms.txt", "KI-Crawler"],
    category: "ki-suche",
    author: "markus",
    daysAgo: 15.4,
    content: `<p>Bei fast jedem zweiten Kunden kommt gerade die Frage, ob wir eine <strong>llms.txt</strong> anlegen sollten. Technisch ist das schnell erledigt: eine Markdown-Datei im Root-Verzeichnis mit einer kurzen Beschreibung und Links auf die wichtigsten Inhalte. Der Vorschlag ist auf <a href="https://llmstxt.org">llmstxt.org</a> beschrieben.</p>
<p>Ich habe die Datei testweise bei drei Projekten eingerichtet und die Server-Logs acht Wochen lang beobachtet. Ergebnis: <strong>kein einziger Abruf</strong> durch die bekannten KI-Crawler. Nur ein paar SEO-Tools und neugierige Kollegen haben die Datei aufgerufen.</p>
<p>Google hat mehrfach gesagt, dass sie die Datei nicht nutzen. Trotzdem wird sie in Webinaren als „Pflicht für GEO“ verkauft. Wie seht ihr das?</p>
<ul><li>Habt ihr Abrufe durch GPTBot, ClaudeBot oder PerplexityBot gesehen?</li><li>Macht ihr das trotzdem, weil es wenig kostet?</li><li>Oder ist das Zeitverschwendung?</li></ul>`,
    comments: [
      {
        author: "soeren",
        hoursAfterPrevious: 2,
        content: `<p>Ich sehe das entspannter: Die Datei kostet eine halbe Stunde, und bei Dokumentationsseiten nutzen einige Coding-Assistenten sie tatsächlich. Für einen normalen Shop bringt sie aktuell aber nichts Messbares, da gebe ich dir recht.</p>`,
        replies: [
          {
            author: "markus",
            hoursAfterPrevious: 1.5,
            content: `<p>Für Entwickler-Dokus sehe ich den Nutzen auch. Mich stört nur, dass es Kunden als Ranking-Hebel für ChatGPT verkauft wird.</p>`,
          },
        ],
      },
      {
        author: "nina",
        hoursAfterPrevious: 4,
        content: `<p>Für die Sichtbarkeit in KI-Antworten ist das ganz klar Placebo. Die Modelle lernen aus dem, was im Web über eine Marke steht, und die Suchfunktionen greifen auf normale Suchindizes zurück. Eine Datei, die niemand abruft, ändert daran nichts.</p>`,
        replies: [
          {
            author: "soeren",
            hoursAfterPrevious: 2,
            content: `<p>„Niemand“ ist mir zu absolut. Dass sie heute kaum abgerufen wird, heißt nicht, dass das so bleibt. Der Aufwand ist minimal, warum also nicht vorbereitet sein?</p>`,
          },
          {
            author: "nina",
            hoursAfterPrevious: 3,
            content: `<p>Vorbereitet sein ist okay, solange man dem Kunden ehrlich sagt, dass es eine Wette ist. Das Problem sind Agenturen, die dafür vierstellige Pakete verkaufen.</p>`,
          },
        ],
      },
      {
        author: "sabine",
        hoursAfterPrevious: 6,
        content: `<p>Wir haben bei einem SaaS-Kunden tatsächlich Abrufe der llms.txt gesehen, allerdings von KI-Assistenten in Entwicklungsumgebungen, nicht von den großen Crawlern. Insgesamt 14 Abrufe in zwei Monaten.</p>`,
      },
      {
        author: "lena",
        hoursAfterPrevious: 10,
        content: `<p>Wir empfehlen es nicht aktiv, setzen es aber um, wenn der Kunde es möchte. Viel wichtiger: Die Seiten müssen serverseitig gerendert sein, damit die Inhalte ohne JavaScript erreichbar sind. Viele KI-Crawler rendern kein JavaScript.</p>`,
        replies: [
          {
            author: "markus",
            hoursAfterPrevious: 2,
            content: `<p>Das ist für mich der eigentliche Punkt. Bei einem Kunden mit reinem Client-Side-Rendering haben die KI-Crawler nur eine leere Seite gesehen. Das löst keine llms.txt.</p>`,
          },
        ],
      },
      {
        author: "tobias",
        hoursAfterPrevious: 12,
        content: `<p>Danke, dann lasse ich das bei meinen Kunden erst mal weg bzw. erwähne es nur als optionales Extra.</p>`,
      },
      {
        author: "jonas",
        hoursAfterPrevious: 20,
        content: `<p>Gibt es eigentlich eine verbindliche Aussage eines großen KI-Anbieters, dass die Datei für die Suche ausgewertet wird? Ich habe nichts gefunden.</p>`,
        replies: [
          {
            author: "nina",
            hoursAfterPrevious: 5,
            content: `<p>Mir ist keine bekannt. Solange das so ist, bleibt es für mich ein Experiment und kein Standard.</p>`,
          },
        ],
      },
    ],
  },
  {
    title: "Sichtbarkeit in ChatGPT und Perplexity messen – welche Tools nutzt ihr?",
    tags: ["KI-Suche", "Monitoring"],
    category: "ki-suche",
    author: "lena",
    daysAgo: 4,
    content: `<p>Immer mehr Kunden fragen nach einem Reporting zur <strong>Sichtbarkeit in KI-Assistenten</strong>: Wird die Marke in ChatGPT, Perplexity, Gemini oder im AI Mode genannt, und in welchem Kontext? Wir experimentieren gerade mit verschiedenen Ansätzen:</p>
<ul><li>Manuelle Prompt-Sets, die wir monatlich abfragen und auswerten</li><li>Spezialisierte Tools, die Prompts automatisiert abfragen</li><li>Die neuen KI-Module in den bekannten SEO-Suiten</li></ul>
<p>Das Problem: Die Antworten variieren stark von Abfrage zu Abfrage, und niemand weiß, welche Prompts echte Nutzer eingeben. Wie geht ihr damit um, und welche Tools habt ihr im Einsatz? Lohnen sich die Kosten schon?</p>`,
    comments: [
      {
        author: "nina",
        hoursAfterPrevious: 2,
        content: `<p>Wir arbeiten mit festen Prompt-Sets von 100 bis 300 Fragen pro Kunde, jede fünfmal abgefragt. Erst über mehrere Durchläufe ergibt sich ein stabiles Bild. Einzelne Screenshots sind wertlos, auch wenn Kunden sie lieben.</p>`,
        replies: [
          {
            author: "lena",
            hoursAfterPrevious: 1,
            content: `<p>Fünf Durchläufe pro Prompt ist ein guter Richtwert. Wie leitet ihr die Prompts her?</p>`,
          },
          {
            author: "nina",
            hoursAfterPrevious: 2,
            content: `<p>Aus Search-Console-Fragen, Sales-Gesprächen und Support-Tickets. Echte Kundenfragen sind viel spezifischer als alles, was man sich am Schreibtisch ausdenkt.</p>`,
          },
        ],
      },
      {
        author: "soeren",
        hoursAfterPrevious: 5,
        content: `<p>Wir haben drei spezialisierte Tools getestet. Die Ergebnisse weichen untereinander um bis zu 30 Prozentpunkte ab, je nach Prompt-Formulierung und Standort. Ich würde keines davon als Wahrheit verkaufen, eher als Trendindikator.</p>`,
      },
      {
        author: "markus",
        hoursAfterPrevious: 8,
        content: `<p>Günstige Ergänzung: Referral-Traffic von chatgpt.com, perplexity.ai und Co. in GA4 als eigene Kanalgruppe anlegen. Das zeigt zwar keine Nennungen, aber immerhin, ob daraus echte Besuche entstehen.</p>`,
        replies: [
          {
            author: "sabine",
            hoursAfterPrevious: 3,
            content: `<p>Unbedingt machen. Bei einem B2B-Kunden kommen inzwischen 4 % des Traffics aus KI-Assistenten, mit fast doppelt so hoher Conversion-Rate wie der organische Traffic.</p>`,
          },
        ],
      },
      {
        author: "jonas",
        hoursAfterPrevious: 20,
        content: `<p>Für kleine Kunden ist mir das alles noch zu teuer. Wir fragen einmal im Monat zehn Kernfragen manuell ab und dokumentieren das in einer Tabelle. Reicht für ein Gefühl.</p>`,
      },
      {
        author: "aylin",
        hoursAfterPrevious: 24,
        content: `<p>Simpler Trick aus unserem Shop: Im Bestellprozess fragen wir „Wie bist du auf uns aufmerksam geworden?“, mit der Antwortoption „KI-Assistent (z. B. ChatGPT)“. Nicht perfekt, liefert aber überraschend viele Nennungen.</p>`,
      },
    ],
  },
  {
    title: "GEO vs. SEO: Was ist an Generative Engine Optimisation wirklich neu?",
    tags: ["GEO", "KI-Suche"],
    category: "ki-suche",
    author: "jonas",
    daysAgo: 50,
    content: `<p>Ich lese gerade überall von <strong>Generative Engine Optimisation</strong> (GEO) und von neuen Agenturen, die sich komplett darauf spezialisieren. Wenn ich mir die empfohlenen Maßnahmen ansehe, erkenne ich aber vor allem klassisches SEO wieder: gute Struktur, klare Antworten, Autorität, Erwähnungen auf relevanten Seiten, technische Sauberkeit.</p>
<p>Provokante These: GEO ist zu 80 % SEO mit neuem Etikett, damit man es Kunden ein zweites Mal verkaufen kann.</p>
<p>Überzeugt mich vom Gegenteil. Was macht ihr für die KI-Suche, was ihr für Google nicht ohnehin gemacht hättet?</p>`,
    comments: [
      {
        author: "nina",
        hoursAfterPrevious: 3,
        content: `<p>Ich widerspreche teilweise. Der Unterschied liegt weniger in den Maßnahmen als im Ziel: Bei SEO will ich den Klick, bei GEO will ich, dass die Marke in der Antwort korrekt und positiv vorkommt. Das verschiebt die Prioritäten Richtung PR, Vergleichsartikel und Bewertungen.</p>`,
        replies: [
          {
            author: "jonas",
            hoursAfterPrevious: 2,
            content: `<p>Aber genau das machen gute SEOs doch seit Jahren unter dem Stichwort Brand Building, oder?</p>`,
          },
          {
            author: "nina",
            hoursAfterPrevious: 3,
            content: `<p>Gute SEOs ja. Die Mehrheit hat sich aber eher auf Keywords und Links konzentriert. GEO ist vielleicht kein neues Handwerk, aber eine neue Gewichtung.</p>`,
          },
        ],
      },
      {
        author: "lena",
        hoursAfterPrevious: 5,
        content: `<p>Ich bin ziemlich bei Jonas. Neu dazugekommen ist bei uns das Monitoring der KI-Antworten und das Korrigieren falscher Informationen über die Marke, etwa veralteter Preise aus alten Forenbeiträgen. Der Rest ist solides SEO.</p>`,
      },
      {
        author: "soeren",
        hoursAfterPrevious: 6,
        content: `<p>Ein echter Unterschied: Bei KI-Antworten zählen Inhalte auf Seiten, die du nicht kontrollierst, viel stärker – Reddit-Threads, YouTube-Transkripte, Vergleichsportale. Für die Google-Rankings deiner eigenen Seite ist das eher zweitrangig.</p>`,
        replies: [
          {
            author: "markus",
            hoursAfterPrevious: 4,
            content: `<p>Und das ist der Teil, bei dem ich Bauchschmerzen bekomme. Ich sehe schon die ersten Angebote für „Reddit-Platzierungen“. Das ist Linkkauf 2.0.</p>`,
          },
        ],
      },
      {
        author: "juergen",
        hoursAfterPrevious: 12,
        content: `<p>Aus Budgetsicht ganz pragmatisch: Wer bezahlt das? Bei unseren Kunden gibt es kein eigenes GEO-Budget, das kommt aus dem SEO- oder PR-Topf. Für mich ist es eher eine Erweiterung als eine neue Disziplin.</p>`,
      },
      {
        author: "tobias",
        hoursAfterPrevious: 20,
        content: `<p>Als Einsteiger finde ich die Diskussion super hilfreich. Ich nehme mit: gute SEO-Basis, dazu mehr PR und Monitoring – und skeptisch bleiben bei Wunderversprechen.</p>`,
      },
    ],
  },
  {
    title: "KI-Crawler in der robots.txt: GPTBot, ClaudeBot und Co. blockieren oder nicht?",
    tags: ["KI-Crawler", "robots.txt"],
    solvedBy: "soeren",
    category: "ki-suche",
    author: "aylin",
    daysAgo: 33,
    content: `<p>Unsere Rechtsabteilung möchte, dass wir alle <strong>KI-Crawler</strong> in der robots.txt sperren, weil unsere Ratgebertexte nicht „für das Training verschenkt“ werden sollen. Das Marketing möchte dagegen in ChatGPT und Perplexity sichtbar sein.</p>
<p>Soweit ich es verstehe, unterscheiden einige Anbieter inzwischen zwischen Crawlern fürs Training und Crawlern für die Suche, zum Beispiel <code>GPTBot</code> und <code>OAI-SearchBot</code>. Und bei Google gibt es <code>Google-Extended</code>, das aber nicht die AI Overviews betrifft. In der Doku von OpenAI steht dazu:</p>
<blockquote><p>OAI-SearchBot is for search. GPTBot is used to make our generative AI foundation models more useful and safe.</p></blockquote>
<p>Unser aktueller Entwurf sähe so aus:</p>
<pre><code class="language-text">User-agent: GPTBot
Disallow: /

User-agent: Google-Extended
Disallow: /

User-agent: OAI-SearchBot
Allow: /</code></pre>
<p>Wie habt ihr das gelöst? Sperrt ihr nur die Trainings-Crawler und lasst die Such-Crawler zu? Und hat jemand Auswirkungen auf die Nennungen in KI-Antworten beobachtet?</p>`,
    comments: [
      {
        author: "soeren",
        hoursAfterPrevious: 3,
        content: `<p>Genau so machen wir es bei den meisten Kunden: Trainings-Crawler sperren, Such-Crawler zulassen. Damit bleibt ihr in den Live-Suchen von ChatGPT und Perplexity zitierfähig. Prüft die User-Agents aber regelmäßig, da kommen ständig neue dazu.</p>`,
        replies: [
          {
            author: "aylin",
            hoursAfterPrevious: 2,
            content: `<p>Pflegt ihr dafür eine eigene Liste, oder schaut ihr direkt in die Dokus der Anbieter?</p>`,
          },
          {
            author: "soeren",
            hoursAfterPrevious: 3,
            content: `<p>Direkt in die Dokus der Anbieter, plus ein monatlicher Blick in die Logs, welche unbekannten Bots auftauchen.</p>`,
          },
        ],
      },
      {
        author: "lena",
        hoursAfterPrevious: 6,
        content: `<p>Wichtig für die Rechtsabteilung: Die robots.txt ist eine Bitte, kein Schutz. Nicht alle Crawler halten sich daran. Wer wirklich blockieren will, braucht zusätzlich Regeln in der Firewall oder im CDN.</p>`,
      },
      {
        author: "nina",
        hoursAfterPrevious: 10,
        content: `<p>Zu den Auswirkungen: Ein Verlagskunde hat alle KI-Bots gesperrt, inklusive der Such-Crawler. Nach drei Monaten wurde er in Perplexity-Antworten kaum noch als Quelle verlinkt, die Konkurrenz dafür umso öfter.</p>`,
      },
      {
        author: "markus",
        hoursAfterPrevious: 24,
        content: `<p>Zu Google-Extended: Das steuert nur die Nutzung für Gemini-Modelle und Grounding, nicht die Darstellung in der Google-Suche inklusive AI Overviews. Wer dort raus will, muss mit nosnippet arbeiten – und verliert dann auch normale Snippets.</p>`,
      },
    ],
  },
  {
    title: "Google AI Mode in Deutschland: Erste Beobachtungen in der Search Console",
    tags: ["AI Overviews", "Search Console", "KI-Suche"],
    category: "ki-suche",
    author: "nina",
    daysAgo: 1.5,
    content: `<p>Seit der <strong>AI Mode</strong> bei uns für mehr Nutzer verfügbar ist, schaue ich mir täglich die Search-Console-Daten von vier Kunden an. Erste Beobachtungen, ohne Anspruch auf Vollständigkeit:</p>
<ul><li>Die Daten aus dem AI Mode fließen in den normalen Leistungsbericht ein, ein eigener Filter fehlt weiterhin</li><li>Bei einem Kunden sehen wir auffällig lange Suchanfragen mit 12 bis 20 Wörtern, die vorher praktisch nicht vorkamen</li><li>Die Klicks aus diesen Anfragen sind gering, haben aber eine sehr hohe Conversion-Rate</li></ul>
<p>Seht ihr ähnliche Muster? Und hat jemand eine gute Methode gefunden, AI-Mode-Traffic in GA4 sauber abzugrenzen?</p>`,
    comments: [
      {
        author: "soeren",
        hoursAfterPrevious: 2,
        content: `<p>Die langen Suchanfragen sehen wir auch, bei einem B2B-Kunden teilweise als komplette Sätze mit Kontext („für ein Unternehmen mit 50 Mitarbeitenden in Bayern“). Für die Keyword-Recherche ist das Gold wert.</p>`,
        replies: [
          {
            author: "nina",
            hoursAfterPrevious: 1.5,
            content: `<p>Stimmt, wir nutzen die gerade als Input für FAQ-Abschnitte. Die Fragen sind viel konkreter als alles, was Keyword-Tools ausspucken.</p>`,
          },
        ],
      },
      {
        author: "sabine",
        hoursAfterPrevious: 5,
        content: `<p>Eine saubere Abgrenzung in GA4 ist mir nicht bekannt. Der Traffic kommt als normaler organischer Google-Traffic an. Man kann höchstens über Landingpages und Suchanfragen Muster erkennen, aber das bleibt Kaffeesatzleserei.</p>`,
      },
      {
        author: "lena",
        hoursAfterPrevious: 9,
        content: `<p>Ich würde die langen Suchanfragen in der Search Console per Regex filtern und als eigenes Segment in Looker Studio darstellen. Dann sieht man zumindest die Entwicklung über die Zeit.</p>`,
        replies: [
          {
            author: "tobias",
            hoursAfterPrevious: 3,
            content: `<p>Hast du eine Beispiel-Regex? Ich tue mich mit RE2 in der Search Console immer schwer.</p>`,
          },
          {
            author: "lena",
            hoursAfterPrevious: 2,
            content: `<p>Probier mal ^(\\S+\\s+){9,}\\S+$ – das trifft Anfragen mit mindestens zehn Wörtern. Einfach im Filter „Benutzerdefiniert (Regex)“ einfügen.</p>`,
          },
        ],
      },
    ],
  },
  {
    title: "Werden große Marken in KI-Antworten bevorzugt? Auswertung von 500 Prompts",
    tags: ["KI-Suche", "GEO"],
    category: "ki-suche",
    author: "nina",
    daysAgo: 70,
    content: `<p>Wir haben für eine interne Studie <strong>500 Prompts</strong> aus fünf Branchen (Versicherungen, Reisen, Gartenbedarf, Software, Möbel) jeweils dreimal in ChatGPT, Perplexity und Gemini abgefragt und die genannten Marken ausgewertet.</p>
<ul><li>Die fünf größten Marken einer Branche machten im Schnitt 61 % aller Nennungen aus</li><li>Kleinere Marken tauchten vor allem bei sehr spezifischen Prompts auf, etwa mit Region oder Nischenmerkmal</li><li>Marken mit vielen Erwähnungen in Vergleichsartikeln wurden deutlich häufiger genannt als Marken mit starker eigener Website, aber wenig Presse</li><li>Perplexity verlinkte am häufigsten kleinere Fachseiten als Quelle</li></ul>
<p>Für mich heißt das: Für kleine Marken liegt die Chance in der Nische und in Erwähnungen auf Drittseiten. Was beobachtet ihr bei euren Kunden?</p>`,
    comments: [
      {
        author: "soeren",
        hoursAfterPrevious: 6,
        content: `<p>Sehr spannende Zahlen, danke! Habt ihr auch geprüft, ob die Ergebnisse mit eingeloggtem Account und aktiviertem Gedächtnis anders aussehen? Bei unseren Tests hat Personalisierung einen großen Einfluss.</p>`,
      },
      {
        author: "aylin",
        hoursAfterPrevious: 12,
        content: `<p>Das bestätigt, was wir sehen: Bei „Pflanzkübel groß frostfest“ werden wir in ChatGPT genannt, bei „Gartenshop online“ nie. Die Nische ist für uns die einzige realistische Chance.</p>`,
      },
      {
        author: "katrin",
        hoursAfterPrevious: 30,
        content: `<p>Spannend wäre noch, wie oft die genannten Informationen falsch sind. Bei uns hat ChatGPT wochenlang Preise aus einem alten Katalog genannt.</p>`,
        replies: [
          {
            author: "nina",
            hoursAfterPrevious: 4,
            content: `<p>Bei etwa 15 % der Nennungen waren Details veraltet oder falsch, meistens Preise und Produktnamen. Das ist ein Thema für sich.</p>`,
          },
        ],
      },
    ],
  },
  {
    title: "KI-generierte Produkttexte im Shop: Wie viel Redaktion braucht es wirklich?",
    tags: ["KI-Content", "E-Commerce", "Content-Strategie"],
    category: "ki-suche",
    author: "tobias",
    daysAgo: 0.03,
    content: `<p>Ein Kunde von mir will die Texte für rund 3.000 Produkte mit KI erstellen lassen. Die ersten Entwürfe sind ehrlich gesagt gar nicht schlecht, aber sehr generisch: Jeder zweite Text beginnt mit „Entdecke …“ und endet mit „ideal für jeden Anlass“.</p>
<p>Ich würde gern einen Prozess aufsetzen, der <strong>skalierbar</strong> ist und trotzdem echten Mehrwert bietet. Meine Idee:</p>
<ul><li>Strukturierte Produktdaten und echte Kundenfragen als Input statt nur des Produktnamens</li><li>Feste Vorgaben zu Tonalität und verbotenen Floskeln</li><li>Stichproben-Redaktion von 10 % der Texte durch eine Fachperson</li></ul>
<p>Wie macht ihr das? Und habt ihr erlebt, dass solche Texte nach den letzten Updates Probleme beim Ranking hatten?</p>`,
    comments: [],
  },

  // ---------------------------------------------------------------------------
  // Allgemein
  // ---------------------------------------------------------------------------
  {
    title: "Willkommen im Forum: Bitte kurz vorstellen und die Regeln lesen",
    tags: ["Community"],
    category: "general",
    author: "lena",
    daysAgo: 168,
    pinned: true,
    content: `<p>Hallo und herzlich willkommen in unserer Community für SEO, SEA, KI-Suche und alles, was dazugehört! Schön, dass du da bist.</p>
<p>Damit der Austausch für alle wertvoll bleibt, ein paar <strong>Grundregeln</strong>:</p>
<ul><li>Wir duzen uns und bleiben auch bei Meinungsverschiedenheiten respektvoll</li><li>Keine Werbung für eigene Dienstleistungen und keine Angebote, Backlinks zu kaufen oder zu verkaufen – solche Beiträge löschen wir kommentarlos</li><li>Kundendaten bitte anonymisieren, keine Zugangsdaten und keine Screenshots mit personenbezogenen Daten</li><li>Vor einem neuen Thema kurz suchen, ob es schon eine Diskussion dazu gibt</li></ul>
<p>Stell dich gern hier im Thread vor: Wer bist du, woran arbeitest du gerade, und welches Thema beschäftigt dich aktuell am meisten?</p>
<p>Bei Fragen zur Community melde dich jederzeit bei Jürgen oder mir.</p>`,
    comments: [
      {
        author: "juergen",
        hoursAfterPrevious: 1,
        content: `<p>Dann fange ich mal an: Jürgen, seit über 15 Jahren im SEA unterwegs, heute selbstständig mit Fokus auf E-Commerce. Ich moderiere hier zusammen mit Lena und freue mich auf viele gute Diskussionen.</p>`,
      },
      {
        author: "soeren",
        hoursAfterPrevious: 20,
        content: `<p>Hallo zusammen, ich bin Sören aus Leipzig. Wir sind eine kleine Agentur mit sechs Leuten, und ich beschäftige mich gerade fast nur mit der Frage, wie Marken in KI-Antworten vorkommen.</p>`,
      },
      {
        author: "aylin",
        hoursAfterPrevious: 48,
        content: `<p>Hi, ich bin Aylin und kümmere mich inhouse um das SEO eines Gartenshops. Aktuell beschäftigen mich Core Web Vitals und strukturierte Daten für Produktvarianten. Freue mich auf den Austausch!</p>`,
      },
      {
        author: "markus",
        hoursAfterPrevious: 60,
        content: `<p>Moin aus Köln! Markus, zuständig für Technik und Tools bei einer Agentur. Wenn es um Crawling, Tracking oder Dashboards geht, helfe ich gern.</p>`,
      },
      {
        author: "katrin",
        hoursAfterPrevious: 72,
        content: `<p>Hallo, ich bin Katrin aus Rosenheim und verantworte das Performance-Marketing bei einem Reiseveranstalter. Mein Dauerthema: Performance Max und wie man ihr auf die Finger schaut.</p>`,
        replies: [
          {
            author: "juergen",
            hoursAfterPrevious: 5,
            content: `<p>Willkommen, Katrin! Zu PMax werden wir hier garantiert einiges zu besprechen haben.</p>`,
          },
        ],
      },
      {
        author: "sabine",
        hoursAfterPrevious: 70,
        content: `<p>Hallo in die Runde, Sabine hier, Web-Analystin aus Frankfurt. GA4, Consent Mode und server-seitiges Tagging sind meine Themen. Wenn Zahlen nicht zusammenpassen, bin ich gern dabei.</p>`,
      },
    ],
  },
  {
    title: "Freelancer-Stundensatz 2026: Was nehmt ihr für SEO-Beratung?",
    tags: ["Freelancing", "Karriere"],
    category: "general",
    author: "tobias",
    daysAgo: 9,
    content: `<p>Ich bin jetzt gut ein Jahr selbstständig und merke, dass ich mit <strong>75 € pro Stunde</strong> zu günstig unterwegs bin. Nach Abzug von Tools (Sistrix, Screaming Frog, Ahrefs), Versicherungen, Krankenkasse und Rücklagen bleibt weniger übrig als in meinem alten Angestelltenjob.</p>
<p>Mich würde interessieren:</p>
<ul><li>Welche Stunden- bzw. Tagessätze nehmt ihr als Freelancer oder Agentur für SEO-Beratung?</li><li>Arbeitet ihr lieber mit Retainern oder projektbasiert?</li><li>Wie habt ihr Preiserhöhungen bei Bestandskunden kommuniziert?</li></ul>
<p>Mir ist klar, dass das stark von Region und Erfahrung abhängt – aber ein paar Richtwerte würden mir sehr helfen.</p>`,
    comments: [
      {
        author: "juergen",
        hoursAfterPrevious: 2,
        content: `<p>Ich liege als Senior-Berater bei 140 € pro Stunde bzw. 1.050 € pro Tag. Mit einem Jahr Erfahrung sind 90 bis 110 € absolut vertretbar. 75 € sind eindeutig zu wenig, wenn du Tools und Akquise mitrechnest.</p>`,
        replies: [{ author: "tobias", hoursAfterPrevious: 3, content: `<p>Danke, das gibt mir Rückenwind. 95 € traue ich mir zu.</p>` }],
      },
      {
        author: "jonas",
        hoursAfterPrevious: 5,
        content: `<p>Bei uns in der Agentur liegen die Stundensätze für SEO zwischen 110 und 150 €, je nach Seniorität. Wir verkaufen aber fast nur Pakete mit festem Leistungsumfang, Stunden rechnen wir nur für Zusatzaufwände ab.</p>`,
      },
      {
        author: "lena",
        hoursAfterPrevious: 8,
        content: `<p>Mein Tipp: Erhöh nicht einfach den Stundensatz, sondern verpacke deine Leistungen neu, etwa als monatliches Paket „Technisches Monitoring plus Quartals-Audit“. Pakete vergleichen Kunden viel seltener als Stundensätze.</p>`,
        replies: [
          {
            author: "tobias",
            hoursAfterPrevious: 2,
            content: `<p>Spannender Ansatz. Wie viele Stunden steckt ihr ungefähr in so ein Paket?</p>`,
          },
          {
            author: "lena",
            hoursAfterPrevious: 4,
            content: `<p>Wir kalkulieren mit 8 bis 12 Stunden im Monat plus Puffer. Wichtig ist vor allem, klar festzuhalten, was nicht drin ist.</p>`,
          },
        ],
      },
      {
        author: "markus",
        hoursAfterPrevious: 12,
        content: `<p>Preiserhöhungen kündige ich immer drei Monate vorher schriftlich an und begründe sie kurz mit gestiegenen Tool- und Personalkosten. In fünf Jahren hat mich das genau einen Kunden gekostet, und der war sowieso schwierig.</p>`,
      },
      {
        author: "soeren",
        hoursAfterPrevious: 20,
        content: `<p>Gute Erfahrungen machen wir mit einem kleinen, bezahlten Audit als Einstieg. Der Kunde lernt die Arbeitsweise kennen, und du kannst den Folgeauftrag realistisch kalkulieren.</p>`,
      },
      {
        author: "aylin",
        hoursAfterPrevious: 30,
        content: `<p>Mal die Inhouse-Perspektive: Wir zahlen externen Freelancern für technisches SEO zwischen 100 und 130 €. Wer unter 80 € anbietet, wirkt auf uns eher unerfahren, auch wenn das unfair ist.</p>`,
      },
    ],
  },
  {
    title: "Agentur oder Inhouse: Wer hat gewechselt und wie ist eure Bilanz?",
    tags: ["Karriere", "Agenturalltag"],
    category: "general",
    author: "katrin",
    daysAgo: 55,
    content: `<p>Ich bin vor zwei Jahren aus einer Agentur ins Inhouse-Marketing gewechselt und werde gerade wieder von Agenturen angesprochen. Das bringt mich ins Grübeln.</p>
<p>Meine Bilanz bisher:</p>
<ul><li><strong>Plus:</strong> ein Konto richtig tief verstehen, kurze Wege zum Vertrieb, keine Stundenzettel</li><li><strong>Minus:</strong> weniger Abwechslung, weniger Austausch mit Kolleginnen und Kollegen, Budgetentscheidungen dauern länger</li></ul>
<p>Wie sieht es bei euch aus? Wer hat den Wechsel in die eine oder andere Richtung gemacht und bereut es – oder eben nicht?</p>`,
    comments: [
      {
        author: "aylin",
        hoursAfterPrevious: 4,
        content: `<p>Ich bin auch von der Agentur nach Inhouse gewechselt und würde es wieder tun. Endlich sehe ich, was aus meinen Empfehlungen wird. In der Agentur sind viele Audits einfach in einer Schublade gelandet.</p>`,
      },
      {
        author: "lena",
        hoursAfterPrevious: 10,
        content: `<p>Ich habe den umgekehrten Weg gemacht und bin nach vier Jahren Inhouse zurück in die Agentur. Mir hat der Vergleich zwischen vielen Projekten gefehlt. Muster erkennt man viel schneller, wenn man 20 Websites gleichzeitig sieht.</p>`,
        replies: [
          {
            author: "katrin",
            hoursAfterPrevious: 3,
            content: `<p>Genau das vermisse ich am meisten. Dafür ist der Austausch hier im Forum ein guter Ersatz.</p>`,
          },
        ],
      },
      {
        author: "felix",
        hoursAfterPrevious: 20,
        content: `<p>Kleiner Einwurf aus einem Zwei-Personen-Team: Inhouse in einem kleinen Unternehmen heißt auch, dass du alles machst – SEA, Newsletter, Social Media, manchmal sogar den Drucker reparieren. Das ist nicht für jeden etwas.</p>`,
      },
      {
        author: "juergen",
        hoursAfterPrevious: 30,
        content: `<p>Dritte Option: Selbstständigkeit. Ich habe von beiden Seiten das Beste mitgenommen, nur die Buchhaltung nervt. Entspannt ist das allerdings nur mit einem gewissen Netzwerk.</p>`,
      },
    ],
  },
  {
    title: "Wie erklärt ihr Kunden sinkenden Traffic bei gleichzeitig steigendem Umsatz?",
    tags: ["Reporting", "Agenturalltag"],
    category: "general",
    author: "jonas",
    daysAgo: 2.5,
    content: `<p>Wir haben gerade ein Quartalsgespräch mit einem Kunden (Online-Shop für Outdoor-Bekleidung) hinter uns, das etwas skurril war: Der organische Traffic ist um 17 % gesunken, der organische Umsatz aber um 9 % gestiegen. Der Geschäftsführer war trotzdem unzufrieden, weil „die Kurve nach unten zeigt“.</p>
<p>Die Gründe kennen wir: weniger Klicks auf Ratgeberartikel durch AI Overviews, dafür bessere Rankings bei Kategorie- und Produktseiten. Trotzdem tun wir uns schwer, das überzeugend darzustellen.</p>
<p>Wie baut ihr eure Reports auf, damit nicht nur die Traffic-Kurve im Kopf bleibt? Welche <strong>KPIs</strong> stellt ihr nach vorn?</p>`,
    comments: [
      {
        author: "sabine",
        hoursAfterPrevious: 2,
        content: `<p>Traffic nicht mehr als Gesamtzahl zeigen, sondern nach Seitentyp getrennt: Ratgeber, Kategorien, Produkte. Dann sieht der Kunde sofort, dass die wertvollen Seiten wachsen. Umsatz pro Sitzung als Zusatzkennzahl macht den Rest klar.</p>`,
        replies: [
          {
            author: "jonas",
            hoursAfterPrevious: 1,
            content: `<p>Die Seitentypen haben wir im Report, aber weit hinten. Ich ziehe das auf Seite 1, gute Idee.</p>`,
          },
        ],
      },
      {
        author: "lena",
        hoursAfterPrevious: 4,
        content: `<p>Wir fangen jeden Report mit Umsatz und Conversions an, Traffic kommt erst auf Seite drei. Und wir erklären einmal proaktiv, warum Ratgeber-Traffic sinkt – bevor der Kunde fragt.</p>`,
      },
      {
        author: "markus",
        hoursAfterPrevious: 8,
        content: `<p>Ich finde es ehrlich gesagt gesund, wenn Kunden lernen, dass Traffic keine Währung ist. Das muss man aber aktiv begleiten, sonst sucht sich der Kunde eine Agentur mit schöneren Kurven.</p>`,
      },
      {
        author: "nina",
        hoursAfterPrevious: 12,
        content: `<p>Ein Satz, der bei uns immer funktioniert: „Wir verlieren Besucher, die ohnehin nicht gekauft hätten, und gewinnen Besucher, die kaufen.“ Dazu ein Diagramm mit beiden Linien, fertig.</p>`,
      },
    ],
  },
  {
    title: "Retainer mit Mindestlaufzeit: Wie regelt ihr Leistungsumfang und Kündigung?",
    tags: ["Agenturalltag", "Freelancing"],
    category: "general",
    author: "markus",
    daysAgo: 120,
    content: `<p>Wir stellen gerade unsere Verträge für die laufende SEO-Betreuung um. Bisher hatten wir monatlich kündbare Retainer, was uns zuletzt zwei Kunden gekostet hat – jeweils direkt nach der aufwendigen Einarbeitung.</p>
<p>Künftig wollen wir mit <strong>sechs Monaten Mindestlaufzeit</strong> arbeiten, danach monatlich kündbar. Offen ist noch:</p>
<ul><li>Wie genau beschreibt ihr den Leistungsumfang, ohne euch in Stundenlisten zu verlieren?</li><li>Wie geht ihr mit nicht genutzten Stunden um – verfallen sie oder werden sie übertragen?</li><li>Gibt es ein Sonderkündigungsrecht, zum Beispiel bei einem kompletten Relaunch der Website?</li></ul>
<p>Eine Rechtsberatung ersetzt das natürlich nicht, aber mich interessiert, was sich bei euch in der Praxis bewährt hat.</p>`,
    comments: [],
  },

  // ---------------------------------------------------------------------------
  // Tools
  // ---------------------------------------------------------------------------
  {
    title: "Sistrix, Ahrefs oder Semrush: Was ist 2026 euer Haupttool und warum?",
    tags: ["SEO-Tools", "Monitoring"],
    category: "tools",
    author: "felix",
    daysAgo: 19.6,
    content: `<p>Wir haben im Marketing-Budget Platz für <strong>genau ein SEO-Tool</strong> und müssen uns bis Ende des Monats entscheiden. Aktuell nutzen wir nur kostenlose Varianten und die Search Console.</p>
<p>Unsere Anforderungen:</p>
<ul><li>Sichtbarkeit und Rankings für den deutschen Markt, inklusive Wettbewerbsvergleich</li><li>Backlink-Analyse, auch um Altlasten im Blick zu behalten</li><li>Keyword-Recherche für unsere Kategorien</li><li>Möglichst auch Daten zu AI Overviews</li></ul>
<p>Ich höre immer wieder „Für Deutschland ist Sistrix unschlagbar“ und „Ahrefs hat den besten Linkindex“. Was nutzt ihr als Haupttool, und würdet ihr euch heute noch mal so entscheiden?</p>`,
    comments: [
      {
        author: "lena",
        hoursAfterPrevious: 2,
        content: `<p>Für den deutschen Markt ist der Sistrix-Sichtbarkeitsindex nach wie vor die Währung, gerade im Gespräch mit Geschäftsführungen. Wir nutzen Sistrix als Haupttool und Ahrefs zusätzlich für Backlinks.</p>`,
      },
      {
        author: "markus",
        hoursAfterPrevious: 4,
        content: `<p>Bei uns ist es umgekehrt: Ahrefs als Haupttool, weil wir viele internationale Projekte haben. Die Keyword-Daten für Deutschland sind ordentlich, aber bei Nischen-Keywords liegt Sistrix öfter näher an den echten Zahlen aus der Search Console.</p>`,
      },
      {
        author: "tobias",
        hoursAfterPrevious: 5,
        content: `<p>Als Freelancer mit kleinem Budget: Sistrix plus Search Console reicht für 90 % meiner Aufgaben. Für Backlinks buche ich bei Bedarf einen Monat Ahrefs dazu.</p>`,
      },
      {
        author: "aylin",
        hoursAfterPrevious: 6,
        content: `<p>Semrush wird hier zu Unrecht unterschätzt, finde ich. Für die Kombination aus SEO und Wettbewerbsanalyse im SEA ist es stark, und das Site-Audit ist solide. Für einen Shop mit SEA-Budget wie euren wäre es eine ernsthafte Option.</p>`,
        replies: [
          {
            author: "juergen",
            hoursAfterPrevious: 3,
            content: `<p>Kann ich bestätigen, die Anzeigenhistorie der Wettbewerber ist bei Semrush wirklich hilfreich.</p>`,
          },
          {
            author: "lena",
            hoursAfterPrevious: 4,
            content: `<p>Die Keyword-Daten für Deutschland fand ich bei Semrush zuletzt allerdings schwächer. Unbedingt vorher mit eigenen Search-Console-Zahlen abgleichen.</p>`,
          },
        ],
      },
      {
        author: "soeren",
        hoursAfterPrevious: 10,
        content: `<p>Zum Punkt AI Overviews: Alle drei haben inzwischen entsprechende Filter, aber die Abdeckung unterscheidet sich je nach Keyword-Set. Ich würde das in den Testphasen mit 50 eigenen Keywords vergleichen.</p>`,
      },
      {
        author: "felix",
        hoursAfterPrevious: 48,
        content: `<p>Danke für die vielen Meinungen! Wir haben uns für Sistrix entschieden und holen uns bei Bedarf einzelne Ahrefs-Monate für Backlink-Analysen dazu.</p>`,
      },
    ],
  },
  {
    title: "Screaming Frog mit JavaScript-Rendering bei 500.000 URLs – eure Settings?",
    tags: ["SEO-Tools", "Crawling", "Technisches SEO"],
    category: "tools",
    author: "markus",
    daysAgo: 28,
    content: `<p>Ich muss für einen Kunden einen Shop mit rund 500.000 URLs crawlen, der komplett auf einem JavaScript-Framework läuft. Mit aktiviertem <strong>JavaScript-Rendering</strong> kommt mein Rechner (32 GB RAM) nach etwa 120.000 URLs an seine Grenzen.</p>
<p>Was ich bisher probiert habe:</p>
<ul><li>Datenbank-Speichermodus statt RAM</li><li>Speicherzuweisung auf 24 GB erhöht</li><li>Bilder und externe Ressourcen ausgeschlossen, die fürs Rendering nicht nötig sind</li></ul>
<p>Lasst ihr solche Crawls auf einer Cloud-Maschine laufen? Und crawlt ihr wirklich alles gerendert, oder nur eine Stichprobe pro Seitentyp? Die Doku zum <a href="https://www.screamingfrog.co.uk/seo-spider/">SEO Spider</a> hilft mir da nur begrenzt weiter.</p>`,
    comments: [
      {
        author: "sabine",
        hoursAfterPrevious: 5,
        content: `<p>Wir lassen große Crawls auf einer Cloud-VM mit 64 GB RAM laufen, gesteuert über die Kommandozeile mit gespeicherter Konfiguration. Kostet pro Crawl ein paar Euro und blockiert nicht den Arbeitsrechner.</p>`,
        replies: [
          {
            author: "markus",
            hoursAfterPrevious: 2,
            content: `<p>Headless über die Kommandozeile ist eine gute Idee. Nutzt ihr dafür eine fertige Vorlage?</p>`,
          },
          {
            author: "sabine",
            hoursAfterPrevious: 4,
            content: `<p>Ein einfaches Shell-Skript, das die Konfiguration lädt, den Crawl startet und die Exporte in einen Cloud-Speicher schiebt. Nichts Kompliziertes.</p>`,
          },
        ],
      },
      {
        author: "lena",
        hoursAfterPrevious: 10,
        content: `<p>Wir crawlen zuerst komplett ohne Rendering und dann eine Stichprobe von etwa 5.000 URLs pro Seitentyp gerendert. Der Vergleich zeigt schnell, wo Inhalte oder Links nur per JavaScript ausgeliefert werden.</p>`,
      },
      {
        author: "aylin",
        hoursAfterPrevious: 24,
        content: `<p>Stimm die Crawl-Geschwindigkeit unbedingt mit der IT ab. Wir haben einmal den Shop eines Kunden mit zu vielen Threads ausgebremst – das gab ein unangenehmes Telefonat.</p>`,
      },
    ],
  },
  {
    title: "Looker-Studio-Vorlage für GA4 und Search Console – Feedback erwünscht",
    tags: ["GA4", "Reporting", "Search Console"],
    category: "tools",
    author: "sabine",
    daysAgo: 14,
    content: `<p>Ich habe eine <strong>Looker-Studio-Vorlage</strong> gebaut, die GA4 und Search Console für mittelgroße Kunden zusammenführt. Aufbau:</p>
<ul><li>Seite 1: Überblick mit Umsatz, Conversions und organischen Klicks im Vorjahresvergleich</li><li>Seite 2: Search Console nach Seitentyp (per Regex auf die URL-Struktur)</li><li>Seite 3: Brand- vs. Non-Brand-Anfragen</li><li>Seite 4: Traffic aus KI-Assistenten als eigene Kanalgruppe</li></ul>
<p>Die Datenquellen laufen über BigQuery-Exporte, weil die direkte GA4-Verbindung bei größeren Zeiträumen ständig an Kontingentgrenzen stößt. Bei Interesse teile ich gern eine Kopie mit Beispieldaten – vorher freue ich mich über Feedback, was euch im Reporting fehlt.</p>
<p>Für alle, die Looker Studio noch nicht kennen: <a href="https://lookerstudio.google.com">lookerstudio.google.com</a>.</p>`,
    comments: [
      {
        author: "soeren",
        hoursAfterPrevious: 3,
        content: `<p>Sieht super durchdacht aus! Was mir in fast allen Reports fehlt: eine Sicht auf Keywords mit und ohne AI Overview. Lässt sich das über eine importierte Keyword-Liste lösen?</p>`,
        replies: [
          {
            author: "sabine",
            hoursAfterPrevious: 4,
            content: `<p>Gute Idee. Das geht über eine Google-Tabelle als zusätzliche Datenquelle und eine Verknüpfung auf die Suchanfrage. Baue ich ein.</p>`,
          },
        ],
      },
      {
        author: "felix",
        hoursAfterPrevious: 6,
        content: `<p>Würde ich sehr gern nutzen! Geht das auch ohne BigQuery? Das haben wir nie eingerichtet.</p>`,
        replies: [
          {
            author: "sabine",
            hoursAfterPrevious: 2,
            content: `<p>Mit der direkten Verbindung geht es auch, nur bei großen Zeiträumen wird es langsam. Für einen Shop eurer Größe sollte das passen.</p>`,
          },
        ],
      },
      {
        author: "markus",
        hoursAfterPrevious: 20,
        content: `<p>Ein Punkt aus der Praxis: Bau auf Seite 1 einen Textblock mit einer kurzen Interpretation ein, den ihr jeden Monat aktualisiert. Geschäftsführer lesen Texte, keine Diagramme.</p>`,
      },
    ],
  },
  {
    title: "Server-side Tagging mit dem Google Tag Manager: Kosten und Erfahrungen?",
    tags: ["Tracking", "Google Tag Manager", "GA4"],
    category: "tools",
    author: "katrin",
    daysAgo: 5,
    content: `<p>Unsere IT hat grünes Licht für <strong>server-seitiges Tagging</strong> gegeben, und ich soll jetzt ein Setup mit dem Google Tag Manager planen. Ziele: stabilere Conversion-Daten für Google Ads und Microsoft Ads, First-Party-Cookies mit längerer Laufzeit und weniger JavaScript im Browser.</p>
<p>Offene Fragen:</p>
<ul><li>Hostet ihr selbst in der Google Cloud oder nutzt ihr einen Managed-Anbieter?</li><li>Mit welchen monatlichen Kosten muss man bei etwa 2 Mio. Requests rechnen?</li><li>Wie viel Pflegeaufwand entsteht im laufenden Betrieb?</li></ul>
<p>Die offizielle Anleitung zum <a href="https://developers.google.com/tag-platform/tag-manager/server-side">server-seitigen Tagging</a> habe ich gelesen, mir fehlen aber Praxiswerte.</p>`,
    comments: [
      {
        author: "sabine",
        hoursAfterPrevious: 2,
        content: `<p>Bei 2 Mio. Requests im Monat bist du mit einem Managed-Anbieter meist bei 50 bis 150 € im Monat. Selbst gehostet in Cloud Run kann es günstiger sein, dann brauchst du aber jemanden, der Updates, Logging und Skalierung im Blick behält.</p>`,
        replies: [
          {
            author: "katrin",
            hoursAfterPrevious: 3,
            content: `<p>Klingt überschaubar. Der Pflegeaufwand ist bei uns der eigentliche Knackpunkt, weil wir keine eigene Entwicklung haben.</p>`,
          },
          { author: "sabine", hoursAfterPrevious: 2, content: `<p>Dann klar Managed. Das erspart euch eine Menge Ärger.</p>` },
        ],
      },
      {
        author: "markus",
        hoursAfterPrevious: 6,
        content: `<p>Wichtig: Server-side Tagging ist kein Freifahrtschein beim Consent. Die Einwilligung muss genauso berücksichtigt werden wie vorher, nur an anderer Stelle. Das wird in Verkaufsgesprächen gern unter den Teppich gekehrt.</p>`,
      },
      {
        author: "juergen",
        hoursAfterPrevious: 12,
        content: `<p>Bei unseren Shop-Kunden haben wir nach der Umstellung 8 bis 15 % mehr erfasste Conversions in Google Ads gesehen, vor allem bei Safari-Nutzern. Der Effekt auf die Gebotsstrategien war spürbar positiv.</p>`,
      },
      {
        author: "felix",
        hoursAfterPrevious: 30,
        content: `<p>Wir stehen vor derselben Entscheidung. Katrin, magst du in ein paar Wochen berichten, wofür ihr euch entschieden habt? Ein Erfahrungsbericht wäre super.</p>`,
      },
    ],
  },
  {
    title: "GA4 weicht stark vom Shop-Backend ab – wo sucht ihr zuerst?",
    tags: ["GA4", "Tracking", "E-Commerce"],
    category: "tools",
    author: "felix",
    daysAgo: 85,
    content: `<p>In GA4 sehen wir für den letzten Monat 1.140 Käufe, im Shop-Backend sind es 1.620. Es fehlen also rund 30 %. Der Umsatz weicht sogar noch stärker ab, weil GA4 teils Brutto- und teils Nettowerte erfasst.</p>
<p>Mir ist klar, dass <strong>GA4</strong> nie exakt mit dem Backend übereinstimmt. Aber 30 % kommen mir zu viel vor. Wo würdet ihr zuerst suchen? Consent, doppelte Events, Zahlungsanbieter mit Weiterleitung? Mir fehlt gerade ein systematischer Ansatz.</p>`,
    comments: [
      {
        author: "sabine",
        hoursAfterPrevious: 3,
        content: `<p>Meine Reihenfolge:</p>
<ul><li>Zahlungsanbieter mit Weiterleitung: Kommen die Nutzer überhaupt auf die Bestellbestätigung zurück?</li><li>Consent-Rate und Consent-Timing</li><li>Wird das purchase-Event ausgelöst, bevor der Consent-Status feststeht?</li></ul>
<p>Die Brutto/Netto-Frage würde ich parallel im Datenlayer klären.</p>`,
        replies: [
          {
            author: "felix",
            hoursAfterPrevious: 5,
            content: `<p>Tatsächlich: Bei Vorkasse landet der Kunde gar nicht auf der Danke-Seite, sondern bekommt nur eine Mail. Das allein sind schon gut 150 Bestellungen.</p>`,
          },
          {
            author: "sabine",
            hoursAfterPrevious: 2,
            content: `<p>Klassiker. Solche Bestellungen würde ich serverseitig über das Measurement Protocol nachreichen.</p>`,
          },
        ],
      },
      {
        author: "markus",
        hoursAfterPrevious: 10,
        content: `<p>Prüf auch, ob die Zahlungsanbieter in GA4 als unerwünschte Verweise eingetragen sind. Das ändert zwar nicht die Anzahl, aber sonst wird die Conversion dem Zahlungsanbieter zugeordnet und deine Kanalberichte sind verfälscht.</p>`,
      },
      {
        author: "juergen",
        hoursAfterPrevious: 30,
        content: `<p>Für Google Ads ist die Abweichung noch wichtiger als für GA4. Wenn ihr die Conversions aus GA4 importiert, fehlen euren Gebotsstrategien genau diese 30 %. Ich würde das Google-Ads-Conversion-Tag direkt nutzen und Enhanced Conversions aktivieren.</p>`,
      },
    ],
  },

  // ---------------------------------------------------------------------------
  // Events
  // ---------------------------------------------------------------------------
  {
    title: "SMX München: Wer ist dabei und welche Sessions lohnen sich?",
    tags: ["Konferenzen"],
    category: "events",
    author: "lena",
    daysAgo: 7,
    pinned: true,
    content: `<p>Die <strong>SMX München</strong> steht wieder an, und aus unserer Community werden einige vor Ort sein. Lasst uns hier sammeln, wer kommt und welche Sessions ihr euch vorgemerkt habt.</p>
<p>Auf meiner Liste stehen bisher:</p>
<ul><li>Alles rund um AI Overviews und AI Mode – mich interessieren vor allem echte Daten statt Prognosen</li><li>Technisches SEO für große Shops, speziell Crawling und JavaScript</li><li>Die SEA-Sessions zu Performance Max und Inkrementalitätsmessung</li></ul>
<p>Außerdem würde ich gern ein kleines <strong>Community-Treffen</strong> am Abend des ersten Konferenztages organisieren, ganz informell in einem Biergarten oder einer Bar in der Nähe. Wer hat Lust? Kommentiert kurz hier, dann reserviere ich einen Tisch.</p>`,
    comments: [
      {
        author: "juergen",
        hoursAfterPrevious: 1,
        content: `<p>Bin dabei, wie jedes Jahr! Für das Treffen am Abend bin ich sofort zu haben. Außerdem empfehle ich die Sessions zu Shopping und Feeds, die waren beim letzten Mal die besten des ganzen Programms.</p>`,
      },
      {
        author: "soeren",
        hoursAfterPrevious: 3,
        content: `<p>Ich komme auch, diesmal mit zwei Kolleginnen. Das Treffen am Abend klingt super, wir wären zu dritt.</p>`,
      },
      {
        author: "aylin",
        hoursAfterPrevious: 8,
        content: `<p>Leider habe ich kein Budget für das Ticket bekommen. Wäre toll, wenn danach jemand hier kurz die wichtigsten Erkenntnisse zusammenfasst!</p>`,
        replies: [
          {
            author: "lena",
            hoursAfterPrevious: 2,
            content: `<p>Machen wir, ich lege nach der Konferenz einen Thread mit Zusammenfassungen an.</p>`,
          },
          {
            author: "nina",
            hoursAfterPrevious: 3,
            content: `<p>Ich bin auch nicht vor Ort und würde mich vor allem über Notizen zu den KI-Suche-Sessions freuen.</p>`,
          },
        ],
      },
      {
        author: "markus",
        hoursAfterPrevious: 20,
        content: `<p>Ich komme nur am zweiten Tag, schaffe es aber vielleicht abends noch dazu. Gebt Bescheid, wo ihr sitzt!</p>`,
      },
    ],
  },
  {
    title: "OMR Festival in Hamburg: Lohnt sich das Ticket für SEO- und SEA-Leute?",
    tags: ["Konferenzen"],
    category: "events",
    author: "felix",
    daysAgo: 35,
    content: `<p>Unser Geschäftsführer hat gefragt, ob wir dieses Jahr zum <strong>OMR Festival</strong> nach Hamburg fahren wollen. Ich war noch nie dort und bin unsicher, ob sich das für jemanden lohnt, der hauptsächlich mit Google Ads und ein bisschen SEO arbeitet.</p>
<p>Mein Eindruck aus Social Media: viel Bühne, viele Promis, viele Partys. Gibt es dort auch fachlich tiefe Inhalte, etwa in den Masterclasses? Oder ist man mit einer spezialisierten Konferenz wie der SMX besser bedient?</p>`,
    comments: [
      {
        author: "juergen",
        hoursAfterPrevious: 3,
        content: `<p>Beides hat seine Berechtigung. Die SMX ist fachlich tiefer, das OMR Festival eher Netzwerken und Inspiration. Die Masterclasses sind teilweise richtig gut, aber schnell ausgebucht – also früh anmelden.</p>`,
      },
      {
        author: "jonas",
        hoursAfterPrevious: 8,
        content: `<p>Für uns als Agentur lohnt es sich vor allem wegen der Kontakte zu potenziellen Kunden und Partnern. Fachlich nehme ich von der SMX oder kleineren Meetups mehr mit.</p>`,
        replies: [
          {
            author: "felix",
            hoursAfterPrevious: 4,
            content: `<p>Danke! Dann schlage ich vor: SMX für mich, OMR vielleicht nächstes Jahr zusammen mit dem Chef.</p>`,
          },
        ],
      },
      {
        author: "nina",
        hoursAfterPrevious: 20,
        content: `<p>Falls ihr doch hinfahrt: Plant die Side Events am Abend ein. Dort finden oft die besseren Gespräche statt als in den großen Hallen.</p>`,
      },
    ],
  },
  {
    title: "SEO-Stammtisch Berlin: Nächstes Treffen in Kreuzberg – wer kommt mit?",
    tags: ["Community", "Konferenzen"],
    category: "events",
    author: "nina",
    daysAgo: 0.9,
    content: `<p>Unser kleiner <strong>SEO- und SEA-Stammtisch</strong> in Berlin geht in die nächste Runde! Wir treffen uns wie immer ganz entspannt, diesmal in einer Kneipe in Kreuzberg, nicht weit vom Görlitzer Park.</p>
<ul><li>Wann: Donnerstag in drei Wochen, ab 19 Uhr</li><li>Programm: kurzer Impulsvortrag zu KI-Suche und Markenwahrnehmung (ca. 15 Minuten), danach freier Austausch</li><li>Kosten: keine, jeder zahlt seine Getränke selbst</li></ul>
<p>Alle Erfahrungsstufen sind willkommen, auch wenn du gerade erst anfängst. Schreib kurz hier in den Thread, ob du kommst, damit wir ungefähr wissen, wie groß der Tisch sein muss. Die genaue Adresse schicke ich eine Woche vorher per Nachricht.</p>`,
    comments: [],
  },
];

/**
 * The demo's tags (decision 0053), each with the description staff write for its page. Every demo discussion names
 * 1–3 of them (`tags`); the seed checks that each name is here.
 */
export const demoTags: Array<{ name: string; description: string }> = [
  { name: "GA4", description: "Google Analytics 4: Ereignisse, Berichte, Abweichungen zum Shop-Backend und der Export nach BigQuery." },
  { name: "Core Web Vitals", description: "LCP, INP und CLS: Messen, Verbessern und was die Werte für Rankings und Umsatz bedeuten." },
  { name: "Performance Max", description: "Googles kanalübergreifender Kampagnentyp: Asset-Gruppen, Brand-Ausschlüsse und Auswertung." },
  { name: "Local SEO", description: "Sichtbarkeit vor Ort: Google-Unternehmensprofil, Bewertungen, lokale Landingpages und Budgets." },
  { name: "llms.txt", description: "Die Datei für Sprachmodelle im Wurzelverzeichnis: Aufbau, Verbreitung und ob sie etwas bewirkt." },
  { name: "Linkbuilding", description: "Links gewinnen, kaufen oder meiden: Methoden, Risiken und Erfahrungen." },
  { name: "Google-Richtlinien", description: "Spam-Richtlinien, manuelle Maßnahmen und was Google erlaubt." },
  { name: "E-Commerce", description: "SEO und SEA für Onlineshops: Kategorien, Produktseiten, Feeds und Tracking." },
  { name: "Technisches SEO", description: "Crawling, Rendering, Indexierung, Weiterleitungen und Seitenarchitektur." },
  { name: "Crawling", description: "Crawl-Budget, Logfiles, Facetten und wie Suchmaschinen große Websites erfassen." },
  { name: "Internationales SEO", description: "hreflang, Domainstrategie und Märkte im Ausland." },
  { name: "E-E-A-T", description: "Erfahrung, Expertise, Autorität und Vertrauen: Signale für Qualität, besonders in YMYL-Themen." },
  { name: "Content-Strategie", description: "Planen, Zusammenlegen und Pflegen von Inhalten, die Nutzern und Suchmaschinen dienen." },
  { name: "Strukturierte Daten", description: "Schema.org-Markup, Rich Results und ihre Tests." },
  { name: "Search Console", description: "Berichte, Indexierungsstatus und Fehlersuche mit der Google Search Console." },
  { name: "Indexierung", description: "Warum Seiten (nicht) im Index landen und wie man es ändert." },
  { name: "Core Updates", description: "Googles große Algorithmus-Updates: Beobachtungen, Verluste und Erholung." },
  { name: "Google Ads", description: "Kampagnen, Gebote, Budgets und Auswertung im Google-Ads-Konto." },
  { name: "Consent Mode", description: "Einwilligung und Messung: Consent Mode v2, Modellierung und fehlende Conversions." },
  { name: "Tracking", description: "Messung von Nutzerverhalten und Conversions: Tags, Server-side und Datenqualität." },
  { name: "Smart Bidding", description: "Automatische Gebotsstrategien wie tROAS und tCPA: Voraussetzungen und Erfahrungen." },
  { name: "Microsoft Ads", description: "Werbung in Bing und im Microsoft-Netzwerk, Import aus Google Ads." },
  { name: "Automatisierung", description: "Skripte, Regeln und Werkzeuge, die Routinearbeit in Konten übernehmen." },
  { name: "Demand Gen", description: "Googles Kampagnentyp für YouTube, Discover und Gmail." },
  { name: "Merchant Center", description: "Produktdaten, Feeds und Titel im Google Merchant Center." },
  { name: "Datenschutz", description: "DSGVO, Einwilligungen und was rechtlich beim Marketing zu beachten ist." },
  { name: "AI Overviews", description: "Googles KI-Antworten und der AI Mode: Klicks, Quellen und Sichtbarkeit." },
  { name: "KI-Suche", description: "Sichtbarkeit in ChatGPT, Perplexity, Gemini und anderen KI-Antworten." },
  { name: "KI-Crawler", description: "GPTBot, ClaudeBot und Co.: zulassen, sperren und beobachten." },
  { name: "Monitoring", description: "Sichtbarkeit, Rankings und Erwähnungen laufend beobachten." },
  { name: "GEO", description: "Generative Engine Optimisation: Inhalte so anlegen, dass KI-Systeme sie zitieren." },
  { name: "robots.txt", description: "Regeln für Crawler: Syntax, Fallstricke und Wirkung." },
  { name: "KI-Content", description: "Texte mit KI erstellen: Qualität, Redaktion und Richtlinien." },
  { name: "Community", description: "Rund um dieses Forum: Vorstellungen, Regeln und Treffen." },
  { name: "Freelancing", description: "Selbstständig im Online-Marketing: Preise, Verträge und Akquise." },
  { name: "Karriere", description: "Wege im Online-Marketing: Agentur, Inhouse, Gehälter und Weiterbildung." },
  { name: "Agenturalltag", description: "Zusammenarbeit mit Kunden: Verträge, Erwartungen und Kommunikation." },
  { name: "Reporting", description: "Berichte und Dashboards, die Kunden und Chefs verstehen." },
  { name: "SEO-Tools", description: "Sistrix, Ahrefs, Semrush, Screaming Frog und andere Werkzeuge im Vergleich." },
  { name: "Google Tag Manager", description: "Tags, Trigger und Server-Container im Google Tag Manager." },
  { name: "Konferenzen", description: "SMX, OMR, Stammtische und andere Treffen der Branche." },
];

// Demo-Nachrichten zwischen Demo-Mitgliedern (Entscheidung 0062). Alle Personen sind frei erfunden.

import type { DemoComment } from "./demo-content";

/** A conversation of the demo: who takes part (the first started it), an optional subject, its messages in order. */
export interface DemoConversation {
  members: string[];
  subject: string | null;
  /** `image`: a chart the member pasted under the text, drawn by the seed as a comment's (DemoComment's `image`). */
  messages: Array<{ author: string; content: string; hoursAgo: number; image?: NonNullable<DemoComment["image"]> }>;
  /** Members who have read it to the end; everyone else has the messages after their own last one unread. */
  readBy: string[];
}

/**
 * Aylin, whose address the README names for trying the forum as a member, finds Markus's last message unread, after
 * her own answer with a chart (an image only the two of them are served); the group's fourth message is reported (by
 * Nina), so the review queue shows a message with its neighbours.
 */
export const demoConversations: DemoConversation[] = [
  {
    members: ["markus", "aylin"],
    subject: null,
    readBy: ["markus"],
    messages: [
      {
        author: "markus",
        content:
          "Hallo Aylin, dein Beitrag zu den Autorenboxen hat mir sehr geholfen. Darf ich dich kurz fragen, wie ihr die Autorenseiten intern pflegt? Wir überlegen gerade, das für einen Versicherungskunden aufzusetzen.",
        hoursAgo: 30,
      },
      {
        author: "aylin",
        content:
          "Hallo Markus, gern! Wir pflegen die Autorenseiten im CMS als eigenen Inhaltstyp, mit Qualifikationen, Veröffentlichungen und einem Foto. Wichtig ist, dass die Redaktion sie aktuell hält, sonst wirkt es schnell verwaist. So haben sich bei uns die Klicks auf die Ratgeber entwickelt, seit die Autorenboxen online sind (ab Woche 5):",
        hoursAgo: 26,
        image: {
          name: "klicks-autorenboxen.png",
          alt: "Balkendiagramm der wöchentlichen Klicks auf Ratgeberseiten: rund 800 in den ersten vier Wochen, danach ein Anstieg auf etwa 1.100",
          title: "Klicks pro Woche (Ratgeber mit Autorenbox)",
          values: [790, 810, 800, 805, 860, 930, 990, 1040, 1070, 1090, 1100, 1110],
          breakAt: 12,
        },
      },
      {
        author: "markus",
        content:
          "Danke, das hilft. Hättest du nächste Woche 20 Minuten für einen kurzen Call? Ich würde dir unser Konzept zeigen und bin gespannt auf deine Meinung.",
        hoursAgo: 2,
      },
    ],
  },
  {
    members: ["katrin", "jonas", "nina", "greta"],
    subject: "Panel beim SEO-Stammtisch Berlin",
    readBy: ["katrin", "jonas", "nina", "greta"],
    messages: [
      {
        author: "katrin",
        content:
          "Hallo zusammen, für den Stammtisch im nächsten Monat suchen wir drei Leute für ein Panel zu KI-Suche und Sichtbarkeit. Hättet ihr Lust?",
        hoursAgo: 50,
      },
      { author: "nina", content: "Sehr gern! Ich könnte etwas zu AI Overviews im E-Commerce erzählen.", hoursAgo: 48 },
      { author: "greta", content: "Bin dabei. Passt der Donnerstag?", hoursAgo: 47 },
      {
        author: "jonas",
        content:
          "Statt Panel: Kauft einfach unser Sichtbarkeits-Tool, 40 % Rabatt nur diese Woche mit dem Code STAMMTISCH. Wer nicht bucht, verpasst den Anschluss.",
        hoursAgo: 46,
      },
      { author: "katrin", content: "Jonas, bitte keine Werbung hier. Donnerstag passt, ich reserviere den Raum.", hoursAgo: 45 },
      { author: "nina", content: "Donnerstag ist gut. Ich schicke meine Folien bis Montag.", hoursAgo: 44 },
      { author: "greta", content: "Super, dann bis Donnerstag!", hoursAgo: 20 },
    ],
  },
];

/** The reported message: the group's fourth, reported by Nina as spam. */
export const demoMessageReport = { conversation: 1, message: 3, reporter: "nina", reason: "spam" as const, hoursAgo: 40 };

/**
 * Operator and site details. The imprint, the footer and the metadata read
 * them from here, so a change of address is a one-line change.
 */
export const site = {
  name: "Marketing Community",
  tagline: "Das Forum für SEO, SEA und KI-Suche",
  description:
    "Die deutschsprachige Community für Online-Marketing-Expertinnen und -Experten: Diskussionen zu SEO, SEA, KI-Suche und Tools.",
  operator: {
    company: "Nordstern Werbeagentur GmbH",
    representedBy: "Katharina Berger, Daniel Wolff",
    register: "Amtsgericht Berlin-Charlottenburg, HRB 214587 B",
    vatId: "DE 318 452 907",
    email: "kontakt@nordstern-werbeagentur.example",
    phone: "+49 30 1234567-0",
    offices: [
      { city: "Berlin", label: "Hauptsitz Berlin", street: "Torstraße 118", postalCode: "10119" },
      { city: "München", label: "Büro München", street: "Sendlinger Straße 42", postalCode: "80331" },
    ],
    contentResponsible: "Katharina Berger, Torstraße 118, 10119 Berlin",
  },
} as const;

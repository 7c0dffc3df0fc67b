import { describe, expect, it } from "vitest";
import { schemaOrgErrors } from "../support/schemaorg";

/** The check the structured-data tests rely on finds what the schema.org validator would. */
describe("schemaOrgErrors", () => {
  const answer = { "@type": "Answer", text: "Ja.", upvoteCount: 3, dateCreated: "2026-11-26T10:00:00.000Z", url: "https://example.org/a" };

  it("passes a valid QAPage with references, schema.org URLs and dates with a time zone", () => {
    expect(
      schemaOrgErrors({
        "@context": "https://schema.org",
        "@type": "QAPage",
        mainEntity: {
          "@type": "Question",
          name: "Wie?",
          answerCount: 2,
          acceptedAnswer: answer,
          suggestedAnswer: [{ ...answer, parentItem: { "@id": "https://example.org/a" } }],
          interactionStatistic: {
            "@type": "InteractionCounter",
            interactionType: "https://schema.org/LikeAction",
            userInteractionCount: 1,
          },
        },
      }),
    ).toEqual([]);
  });

  it("names unknown types and properties, values of the wrong type and dates without a time zone", () => {
    expect(schemaOrgErrors({ "@type": "Frage" })).toEqual(["$: schema.org has no type Frage"]);
    expect(schemaOrgErrors({ "@type": "Person", upvoteCount: 1 })).toEqual(["$: Person has no property upvoteCount"]);
    expect(schemaOrgErrors({ "@type": "Question", answerCount: 1.5 })).toEqual(["$.answerCount: the number 1.5 where Integer is expected"]);
    expect(schemaOrgErrors({ "@type": "Question", acceptedAnswer: { "@type": "Person", name: "X" } })).toEqual([
      "$.acceptedAnswer: Person is none of Answer, ItemList",
    ]);
    expect(schemaOrgErrors({ "@type": "Answer", dateCreated: "2026-11-26T10:00:00" })[0]).toMatch(/no date and time with a time zone/);
    expect(
      schemaOrgErrors({ "@type": "InteractionCounter", interactionType: "https://schema.org/Person", userInteractionCount: 1 }),
    ).toEqual(["$.interactionType: Person is none of Action"]);
    // A URL is a reference where a node may stand: a breadcrumb's item.
    expect(schemaOrgErrors({ "@type": "ListItem", position: 1, item: "https://example.org/" })).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { signUpSchema } from "~/lib/schemas/auth";

const valid = {
  firstName: "Mara",
  lastName: "Neumann",
  email: "Mara@Example.com ",
  password: "geheim1",
  confirmPassword: "geheim1",
  terms: "on",
};

function errors(input: Record<string, unknown>) {
  const result = signUpSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("sign-up validation (spec section 5)", () => {
  it("accepts a complete form and normalises the address", () => {
    const result = signUpSchema.parse(valid);
    expect(result.email).toBe("mara@example.com");
    expect(result.newsletter).toBe(false);
  });
  it("requires matching passwords", () => {
    expect(errors({ ...valid, confirmPassword: "anders" })).toEqual({ confirmPassword: "Passwörter stimmen nicht überein" });
  });
  it("reports a mismatch together with missing terms", () => {
    expect(errors({ ...valid, confirmPassword: "anders", terms: undefined })).toEqual({
      confirmPassword: "Passwörter stimmen nicht überein",
      terms: "Bitte akzeptieren Sie die Nutzungsbedingungen",
    });
  });
  it("requires the terms", () => {
    expect(errors({ ...valid, terms: undefined })).toEqual({ terms: "Bitte akzeptieren Sie die Nutzungsbedingungen" });
  });
  it("requires names and at least 6 password characters", () => {
    const result = errors({ ...valid, firstName: " ", password: "12345", confirmPassword: "12345" });
    expect(result.firstName).toBe("Bitte geben Sie Ihren Vornamen ein.");
    expect(result.password).toBe("Das Passwort muss mindestens 6 Zeichen lang sein.");
  });
});

describe("redirect targets", () => {
  it("keeps local paths and drops everything else", () => {
    expect(safeRedirectTarget("/admin")).toBe("/admin");
    expect(safeRedirectTarget("//evil.example")).toBe("/");
    expect(safeRedirectTarget("https://evil.example")).toBe("/");
    expect(safeRedirectTarget("/\\evil.example")).toBe("/");
    expect(safeRedirectTarget(null)).toBe("/");
  });
});

/**
 * Browsers leave unchecked checkboxes out of the submitted form data, and
 * Conform shows errors only for fields that were submitted. Adding the
 * missing boxes as empty values lets "Bitte akzeptieren Sie die
 * Nutzungsbedingungen" appear like every other field error.
 */
export function withUncheckedBoxes(formData: FormData, names: readonly string[]): FormData {
  for (const name of names) {
    if (!formData.has(name)) formData.set(name, "");
  }
  return formData;
}

export const signUpCheckboxes = ["newsletter", "terms"] as const;

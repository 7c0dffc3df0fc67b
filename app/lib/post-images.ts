/**
 * Images in posts (decision 0033), as the editor and the server both need
 * them: where an image is served, which widths exist, and what an alt text
 * must be.
 */

/** The upload route (POST, multipart, field "image"). */
export const IMAGE_UPLOAD_PATH = "/images";
/** At most this much comes in; a larger file is refused before it is decoded. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The long side of the largest stored version. */
export const IMAGE_MAX_SIDE = 2000;
/** The widths of the srcset; an image narrower than one is stored in its own width instead. */
export const IMAGE_WIDTHS = [480, 960, 2000] as const;
/** The post column is at most 48rem wide (768 px); on phones the image fills the screen's width. */
export const IMAGE_SIZES = "(min-width: 52rem) 48rem, 100vw";
/** Images in one post. */
export const IMAGES_PER_POST = 10;
export const ALT_MIN_LENGTH = 3;
export const ALT_MAX_LENGTH = 300;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** `/images/{id}/{width}.webp`, the only image address a post may use. */
export const IMAGE_URL = new RegExp(`^/images/(${UUID})/([1-9][0-9]{0,3})\\.webp$`);

export function imageUrl(id: string, width: number): string {
  return `/images/${id}/${width}.webp`;
}

export function imageSrcset(id: string, widths: readonly number[]): string {
  return widths.map((width) => `${imageUrl(id, width)} ${width}w`).join(", ");
}

/** The widths stored for an image whose largest version is `width` wide: the srcset's widths below it, and it. */
export function storedWidths(width: number): number[] {
  return [...IMAGE_WIDTHS.filter((candidate) => candidate < width), width];
}

/** The width the post's `src` names (browsers without srcset): the middle one, sharp enough for the column. */
export function defaultWidth(widths: readonly number[]): number {
  return widths.find((width) => width >= 960) ?? widths[widths.length - 1]!;
}

export const imageTexts = {
  notSignedIn: "Bitte melden Sie sich an, um Bilder hochzuladen.",
  forbidden: "Sie dürfen derzeit keine Bilder hochladen.",
  tooLarge: "Das Bild ist zu groß. Erlaubt sind höchstens 10 MB.",
  tooManyPixels: "Das Bild hat zu viele Bildpunkte. Erlaubt sind höchstens 60 Megapixel.",
  notAnImage: "Diese Datei ist kein unterstütztes Bild. Erlaubt sind JPEG, PNG, GIF, WebP und AVIF.",
  missingFile: "Bitte wählen Sie ein Bild aus.",
  rateLimited: "Sie haben in kurzer Zeit sehr viele Bilder hochgeladen. Bitte versuchen Sie es später erneut.",
  quota: "Ihr Speicherplatz für Bilder (200 MB) ist aufgebraucht. Bitte entfernen Sie Bilder aus älteren Beiträgen.",
  altMissing: "Bitte geben Sie für jedes Bild eine Bildbeschreibung (Alternativtext) an.",
  altTooShort: `Die Bildbeschreibung ist zu kurz. Bitte beschreiben Sie in mindestens ${ALT_MIN_LENGTH} Zeichen, was zu sehen ist.`,
  altTooLong: `Die Bildbeschreibung darf höchstens ${ALT_MAX_LENGTH} Zeichen lang sein.`,
  altIsFileName: "Der Dateiname ist keine Bildbeschreibung. Bitte beschreiben Sie, was auf dem Bild zu sehen ist.",
  tooManyImages: `Ein Beitrag oder eine Nachricht darf höchstens ${IMAGES_PER_POST} Bilder enthalten.`,
  uploadFailed: "Das Bild konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.",
  /** An image where a text is read without it: "[Bild: its description]". */
  inText: "Bild",
} as const;

/** A file's name without folders and extension, as the alt check compares it. */
export function fileStem(name: string): string {
  return (name.split(/[\\/]/).pop() ?? "").replace(/\.[a-z0-9]{1,5}$/i, "").trim();
}

const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[\s_.-]+/g, " ")
    .trim();

/** Why an alt text does not describe the image, or null when it does. */
export function altTextProblem(alt: string, sourceName: string): string | null {
  const text = alt.trim();
  if (text === "") return imageTexts.altMissing;
  if (text.length < ALT_MIN_LENGTH) return imageTexts.altTooShort;
  if (text.length > ALT_MAX_LENGTH) return imageTexts.altTooLong;
  // The file's own name, or a name like a file's ("IMG_2041.jpg", "screenshot.png"), says nothing about the picture.
  if (sourceName !== "" && comparable(text) === comparable(fileStem(sourceName))) return imageTexts.altIsFileName;
  if (/\.(jpe?g|png|gif|webp|avif|heic|tiff?|bmp)$/i.test(text) || /^(img|dsc|pxl|image|bild|screenshot)[\s_-]?\d*$/i.test(text)) {
    return imageTexts.altIsFileName;
  }
  return null;
}

/**
 * Web push (decision 0060): what the server sends, what the service worker shows, and the card's words. Shared by
 * the server, the profile's card and the service worker, so the three agree on the message's shape.
 */

/** A push message's payload, as JSON, encrypted for one browser (RFC 8291). Never more than the bell shows. */
export interface PushMessage {
  title: string;
  body: string;
  /** Absolute URL on the forum's own origin: where a click on the notification leads. */
  url: string;
  /** The notification row: a group that counts up replaces its earlier notification on the device. */
  tag: string;
  icon: string;
}

/** A member's device with push on, as the card lists it. */
export interface PushDevice {
  id: string;
  label: string;
  createdAt: Date | string;
  /** The browser's endpoint, so the card can tell which entry is the browser it runs in. */
  endpoint: string;
}

/** Devices a member may have at once: a phone, a tablet, a few computers and browsers. */
export const MAX_PUSH_DEVICES = 10;

export const pushTexts = {
  heading: "Push-Benachrichtigungen",
  explanation:
    "Mit Push-Benachrichtigungen erfahren Sie auf diesem Gerät von Antworten, Erwähnungen und Lösungen, auch wenn das Forum nicht geöffnet ist. Ihr Browser stellt sie über seinen eigenen Push-Dienst zu; welche Arten kommen, wählen Sie oben in der Spalte „Push“.",
  activate: "Push-Benachrichtigungen auf diesem Gerät aktivieren",
  activating: "Wird aktiviert …",
  activeHere: "Auf diesem Gerät sind Push-Benachrichtigungen aktiv.",
  needsScript: "Push-Benachrichtigungen brauchen JavaScript im Browser.",
  unsupported:
    "Dieser Browser unterstützt keine Push-Benachrichtigungen. Auf iPhone und iPad gehen sie, wenn Sie das Forum zum Home-Bildschirm hinzugefügt haben und von dort öffnen.",
  denied:
    "Sie haben Benachrichtigungen für diese Website im Browser blockiert. Erlauben Sie sie in den Website-Einstellungen Ihres Browsers, dann können Sie Push hier aktivieren.",
  dismissed: "Sie haben die Frage des Browsers geschlossen, ohne Benachrichtigungen zu erlauben. Versuchen Sie es gern noch einmal.",
  failed: "Push-Benachrichtigungen konnten auf diesem Gerät nicht aktiviert werden. Bitte versuchen Sie es später noch einmal.",
  devicesHeading: "Geräte mit Push-Benachrichtigungen",
  noDevices: "Noch auf keinem Gerät aktiviert.",
  thisDevice: "dieses Gerät",
  added: "Push-Benachrichtigungen auf diesem Gerät aktiviert",
  removed: "Gerät entfernt",
  invalidSubscription: "Der Browser hat keine gültige Push-Anmeldung geliefert.",
  invalidEndpoint: "Dieser Push-Dienst wird nicht unterstützt.",
  tooMany: `Push ist schon auf ${MAX_PUSH_DEVICES} Geräten aktiv. Bitte entfernen Sie zuerst ein Gerät.`,
  deviceNotFound: "Dieses Gerät ist nicht mehr eingetragen.",
} as const;

const browsers: ReadonlyArray<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const systems: ReadonlyArray<[RegExp, string]> = [
  [/Android/, "Android"],
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Macintosh|Mac OS X/, "macOS"],
  [/Linux/, "Linux"],
];

/**
 * "Chrome auf Android": what a member needs to tell their devices apart, read from the user agent when they turn
 * push on. Only this label is kept, not the user agent itself.
 */
export function deviceLabel(userAgent: string | null | undefined): string {
  const agent = userAgent ?? "";
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1] ?? "Browser";
  const system = systems.find(([pattern]) => pattern.test(agent))?.[1];
  return system ? `${browser} auf ${system}` : browser;
}

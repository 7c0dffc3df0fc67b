/**
 * The one script of a guest's reading page (decision record 0036): what the
 * React components do in the full app, done here with plain DOM code on the
 * server-rendered HTML, which marks the parts with data attributes and carries
 * the markup that only appears on demand in <template data-template="…">.
 * Everything here is an addition: without this script the page still works
 * (links, GET forms, the theme form's POST, the footer as navigation).
 * Budget: 10 KB brotli (e2e/guest-pages.spec.ts).
 */
import { getConsentStatus, readPreferences, resetConsent, savePreferences } from "~/components/cookie-consent/consent-store";
import { sidebarCookie } from "~/lib/sidebar";
import { focusFirstNewComment, newRepliesText, parseThreadState, shownComments, threadStreamUrl } from "~/lib/live-thread";

const root = document.documentElement;
const MOBILE_QUERY = "(max-width: 767px)";
/** Where a live filter notes its field for the page it loads. */
const FOCUS_KEY = "enhance:focus";

function find<T extends Element = HTMLElement>(selector: string, scope: ParentNode = document): T | null {
  return scope.querySelector<T>(selector);
}

function fromTemplate(name: string): DocumentFragment | null {
  const template = find<HTMLTemplateElement>(`template[data-template="${name}"]`);
  return template ? (template.content.cloneNode(true) as DocumentFragment) : null;
}

// ---------------------------------------------------------------- dialogs

interface OpenDialog {
  close: () => void;
}
let openDialog: OpenDialog | null = null;

/**
 * Shows the nodes (an overlay and a role="dialog" element) over the page: the
 * rest of the page is inert while it is open (no focus, no clicks, not read
 * out), Escape and the overlay close it, and focus returns to where it was.
 */
function showDialog(fragment: DocumentFragment, onClose?: () => void): HTMLElement {
  openDialog?.close();
  const nodes = [...fragment.children] as HTMLElement[];
  const dialog = nodes.find((node) => node.getAttribute("role") === "dialog")!;
  const before = document.activeElement as HTMLElement | null;
  const inerted = [...document.body.children].filter((child) => !child.hasAttribute("inert")) as HTMLElement[];
  for (const child of inerted) child.inert = true;
  document.body.append(...nodes);
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") close();
  };
  const close = () => {
    if (openDialog !== handle) return;
    openDialog = null;
    for (const node of nodes) node.remove();
    for (const child of inerted) child.inert = false;
    document.removeEventListener("keydown", onKey);
    onClose?.();
    before?.focus();
  };
  const handle = { close };
  openDialog = handle;
  document.addEventListener("keydown", onKey);
  for (const node of nodes) {
    node.addEventListener("click", (event) => {
      const target = event.target as HTMLElement;
      if (target === node && node !== dialog) close();
      if (target.closest("[data-action='dialog-close'], a[href]")) close();
    });
  }
  find<HTMLElement>("button:not([disabled]), a[href], input", dialog)?.focus();
  return dialog;
}

// ---------------------------------------------------------------- cookie consent (decision record 0004)

function renderConsent() {
  const status = getConsentStatus();
  root.dataset.cookieConsent = status;
  const banner = find("[data-testid='cookie-banner']");
  if (status === "given") banner?.remove();
  else if (!banner) {
    const fragment = fromTemplate("cookie-banner");
    if (fragment) document.body.append(fragment);
  }
}

function openCookieSettings() {
  const fragment = fromTemplate("cookie-settings");
  if (!fragment) return;
  const dialog = showDialog(fragment);
  const stored = readPreferences();
  const switches = [...dialog.querySelectorAll<HTMLButtonElement>("[role='switch'][data-preference]")];
  const setChecked = (button: HTMLButtonElement, checked: boolean) => {
    button.setAttribute("aria-checked", String(checked));
    for (const element of [button, ...button.children]) element.setAttribute("data-state", checked ? "checked" : "unchecked");
  };
  for (const button of switches) {
    setChecked(button, stored[button.dataset.preference as "analytics" | "marketing"]);
    button.addEventListener("click", () => setChecked(button, button.getAttribute("aria-checked") !== "true"));
  }
  const chosen = (preference: string) =>
    switches.find((button) => button.dataset.preference === preference)?.getAttribute("aria-checked") === "true";
  dialog.addEventListener("click", (event) => {
    const action = (event.target as HTMLElement).closest<HTMLElement>("[data-action]")?.dataset.action;
    if (action === "cookie-save") save({ analytics: chosen("analytics"), marketing: chosen("marketing") });
    else if (action === "cookie-reset") {
      resetConsent();
      openDialog?.close();
      renderConsent();
    }
  });
}

function save(preferences: { analytics: boolean; marketing: boolean }) {
  savePreferences(preferences);
  openDialog?.close();
  renderConsent();
}

// ---------------------------------------------------------------- sidebar

const sidebar = find("[data-sidebar]");

function toggleSidebar() {
  if (matchMedia(MOBILE_QUERY).matches) {
    if (openDialog) openDialog.close();
    else openSheet();
    return;
  }
  const alternate = find<HTMLTemplateElement>("template[data-template='sidebar-alternate']");
  if (!sidebar || !alternate) return;
  // The other state's markup was rendered beside the sidebar: the two swap places.
  const shown = [...sidebar.childNodes];
  sidebar.append(alternate.content);
  alternate.content.append(...shown);
  const open = sidebar.dataset.state !== "expanded";
  sidebar.dataset.state = open ? "expanded" : "collapsed";
  sidebar.classList.toggle("w-64", open);
  sidebar.classList.toggle("w-12", !open);
  document.cookie = sidebarCookie(open);
}

/** The phone's navigation: the expanded sidebar (shown or waiting in its template) in a sheet, with ids of its own. */
function openSheet() {
  const fragment = fromTemplate("sidebar-sheet");
  const alternate = find<HTMLTemplateElement>("template[data-template='sidebar-alternate']");
  const expanded = sidebar?.dataset.state === "expanded" ? sidebar : alternate?.content;
  if (!fragment || !expanded) return;
  const body = document.createElement("div");
  body.className = "flex min-h-0 flex-1 flex-col";
  body.append(...[...expanded.childNodes].map((node) => node.cloneNode(true)));
  for (const element of body.querySelectorAll("[id], [aria-labelledby], [aria-controls], [for]")) {
    for (const name of ["id", "aria-labelledby", "aria-controls", "for"]) {
      const value = element.getAttribute(name);
      if (value) element.setAttribute(name, `${value}-sheet`);
    }
  }
  find("[data-sheet-body]", fragment)?.replaceWith(body);
  showDialog(fragment);
}

function enhanceSidebarToggle() {
  // Without scripts the top bar's button is a link to the footer's navigation; now it opens the sidebar.
  const link = find("a[data-sidebar-toggle]");
  if (!link) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = link.className;
  button.innerHTML = link.innerHTML;
  button.dataset.testid = "sidebar-toggle";
  button.setAttribute("aria-label", "Seitenleiste umschalten");
  button.title = "Seitenleiste umschalten (Strg+B)";
  button.addEventListener("click", toggleSidebar);
  link.replaceWith(button);
}

function onShortcut(event: KeyboardEvent) {
  if (event.key.toLowerCase() !== "b" || !(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return;
  const target = event.target as HTMLElement;
  if (target.isContentEditable || target.closest?.("input, textarea, select")) return;
  event.preventDefault();
  toggleSidebar();
}

/** The "Subforen" group: a disclosure button whose list it shows and hides. */
function toggleDisclosure(button: HTMLElement) {
  const open = button.getAttribute("aria-expanded") !== "true";
  button.setAttribute("aria-expanded", String(open));
  const panel = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (panel) panel.hidden = !open;
  button.querySelector("svg")?.classList.toggle("-rotate-90", !open);
}

// Labels of the collapsed sidebar's icons, as app/components/ui/tooltip.tsx shows them.
let tooltip: HTMLElement | null = null;
let tooltipTimer: ReturnType<typeof setTimeout> | undefined;

function hideTooltip() {
  clearTimeout(tooltipTimer);
  tooltip?.remove();
  tooltip = null;
}

function showTooltip(wrapper: HTMLElement, delay: number) {
  hideTooltip();
  tooltipTimer = setTimeout(() => {
    const rect = wrapper.getBoundingClientRect();
    tooltip = document.createElement("span");
    tooltip.setAttribute("aria-hidden", "true");
    tooltip.className = "fixed z-50 -translate-y-1/2 pl-1.5";
    tooltip.style.top = `${rect.top + rect.height / 2}px`;
    tooltip.style.left = `${rect.right}px`;
    const label = document.createElement("span");
    label.className = "block whitespace-nowrap rounded-md bg-gray-900 px-2.5 py-1.5 text-xs text-white shadow";
    label.textContent = wrapper.dataset.tooltip ?? "";
    tooltip.append(label);
    wrapper.append(tooltip);
  }, delay);
}

// ---------------------------------------------------------------- theme

/** Recolours at once; the POST stores the choice as the form does without scripts (its redirect is not followed). */
function chooseTheme(form: HTMLFormElement, button: HTMLButtonElement) {
  const theme = button.value;
  root.dataset.theme = theme;
  find("meta[name='color-scheme']")?.setAttribute("content", theme === "system" ? "light dark" : theme);
  for (const each of document.querySelectorAll<HTMLButtonElement>("form[data-theme-switch] button[name='theme']")) {
    each.setAttribute("aria-pressed", String(each.value === theme));
  }
  const data = new FormData(form);
  data.set("theme", theme);
  void fetch(form.action, { method: "POST", body: data, redirect: "manual" }).catch(() => undefined);
}

// ---------------------------------------------------------------- filters and search

const liveTimers = new WeakMap<HTMLFormElement, ReturnType<typeof setTimeout>>();

/** A GET form's address without its empty fields: the server's own redirect makes it canonical. */
function formUrl(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    const text = String(value).trim();
    if (text) params.append(name, text);
  }
  const query = params.toString();
  return `${new URL(form.action, location.href).pathname}${query ? `?${query}` : ""}`;
}

/** Fields marked data-live submit their form after data-live milliseconds; the submit button stays the fallback. */
function onLiveField(event: Event) {
  const field = event.target as HTMLInputElement | HTMLSelectElement;
  const delay = field.dataset?.live;
  if (delay === undefined || !field.form) return;
  // A select reports a choice by "change"; a text field live by "input".
  if ((field.tagName === "SELECT") !== (event.type === "change")) return;
  const form = field.form;
  clearTimeout(liveTimers.get(form));
  liveTimers.set(
    form,
    setTimeout(() => {
      const url = formUrl(form);
      if (url === `${location.pathname}${location.search}`) return;
      // The next page comes from the server: the field in use keeps the focus there (and its <details> stays open).
      try {
        sessionStorage.setItem(FOCUS_KEY, field.id);
      } catch {
        // Without storage the new page simply starts unfocused.
      }
      find("[aria-busy]")?.setAttribute("aria-busy", "true");
      if (form.hasAttribute("data-live-replace")) location.replace(url);
      else location.assign(url);
    }, Number(delay)),
  );
}

/** A <details data-keep-open id> stays open or closed across the page loads that replace client navigation. */
const OPEN_KEY = "enhance:open:";

function rememberOpen(event: Event) {
  const details = event.target as HTMLDetailsElement;
  if (!details.id || !details.hasAttribute?.("data-keep-open")) return;
  try {
    sessionStorage.setItem(OPEN_KEY + details.id, details.open ? "1" : "0");
  } catch {
    // Without storage the panel opens as the server renders it.
  }
}

function restoreOpen() {
  for (const details of document.querySelectorAll<HTMLDetailsElement>("details[data-keep-open][id]")) {
    try {
      const stored = sessionStorage.getItem(OPEN_KEY + details.id);
      if (stored) details.open = stored === "1";
    } catch {
      return;
    }
  }
}

function restoreFocus() {
  let id: string | null = null;
  try {
    id = sessionStorage.getItem(FOCUS_KEY);
    sessionStorage.removeItem(FOCUS_KEY);
  } catch {
    return;
  }
  const field = id ? find<HTMLInputElement>(`#${CSS.escape(id)}`) : null;
  if (!field) return;
  const details = field.closest("details");
  if (details) details.open = true;
  field.focus();
  if (field.tagName === "INPUT") field.setSelectionRange(field.value.length, field.value.length);
}

function onSubmit(event: SubmitEvent) {
  const form = event.target as HTMLFormElement;
  const submitter = event.submitter as HTMLButtonElement | null;
  if (form.hasAttribute("data-theme-switch") && submitter?.name === "theme") {
    event.preventDefault();
    chooseTheme(form, submitter);
    return;
  }
  if (form.hasAttribute("data-search-box")) {
    // Only non-blank text searches; a blank one stays on the page (no browser bubble in its own language).
    const field = find<HTMLInputElement>("input[name='q']", form)!;
    field.value = field.value.trim();
    if (!field.value) event.preventDefault();
    return;
  }
  if (form.hasAttribute("data-clean-get")) {
    event.preventDefault();
    clearTimeout(liveTimers.get(form));
    location.assign(formUrl(form));
  }
}

// ---------------------------------------------------------------- the live thread (decision record 0055)

let helpfulSeen: number | null = null;

/**
 * A discussion's page learns of what is new while it is open, as the members' LiveThreadBar does: new visible
 * replies show the bar (its template), anything else is loaded quietly. The page stays one for every guest: what
 * it compares comes from data attributes the server rendered (data-live-thread).
 */
function followThread() {
  const slug = find("[data-live-thread]")?.dataset.liveThread;
  if (!slug || typeof EventSource === "undefined") return;
  const source = new EventSource(threadStreamUrl(slug));
  source.addEventListener("thread", (event) => {
    const state = parseThreadState((event as MessageEvent<string>).data);
    const box = find("[data-live-thread]");
    if (!state || !box) return;
    const shown = Number(box.dataset.replies);
    const helpfulChanged = helpfulSeen !== null && helpfulSeen !== state.helpful;
    helpfulSeen = state.helpful;
    if (state.replies > shown) {
      const bar = fromTemplate("live-thread-bar");
      const text = bar && find("[data-live-thread-text]", bar);
      if (text) text.textContent = newRepliesText(state.replies - shown);
      if (bar) box.replaceChildren(bar);
    } else if (state.replies < shown || state.changedAt !== box.dataset.changedAt || helpfulChanged) void showCurrentThread();
  });
}

/**
 * Puts the discussion as the page cache now serves it in place of the one shown (the page's own address: its
 * entry was dropped by the change), keeping the comment the reader looks at where it is on the screen.
 */
async function showCurrentThread() {
  const response = await fetch(location.pathname + location.search, { headers: { Accept: "text/html" } });
  if (!response.ok) return;
  const next = new DOMParser().parseFromString(await response.text(), "text/html");
  const shown = find("[data-view-beacon]");
  const fresh = find("[data-view-beacon]", next);
  if (!shown || !fresh) return;
  const anchor = [...shown.querySelectorAll<HTMLElement>("[id^='comment-']")].find((each) => each.getBoundingClientRect().bottom > 0);
  const top = anchor?.getBoundingClientRect().top ?? 0;
  const before = shownComments(shown);
  shown.replaceWith(document.adoptNode(fresh));
  const again = anchor && document.getElementById(anchor.id);
  if (again) scrollBy({ top: again.getBoundingClientRect().top - top, behavior: "instant" });
  focusFirstNewComment(before, fresh);
  addCopyButtons(fresh);
}

// ---------------------------------------------------------------- everything else

function onClick(event: MouseEvent) {
  const target = event.target as HTMLElement;
  const action = target.closest<HTMLElement>("[data-action]")?.dataset.action;
  if (action === "cookie-settings") {
    event.preventDefault();
    openCookieSettings();
  } else if (action === "cookie-essential") save({ analytics: false, marketing: false });
  else if (action === "cookie-all") save({ analytics: true, marketing: true });
  else if (action === "live-thread-show") void showCurrentThread();
  const disclosure = target.closest<HTMLElement>("[data-sidebar] button[aria-controls], [role='dialog'] button[aria-controls]");
  if (disclosure) toggleDisclosure(disclosure);
}

/** Each code block of a post gets a "Kopieren" button, as RichContent adds it in the full app. */
function addCopyButtons(scope: ParentNode = document) {
  if (!navigator.clipboard?.writeText) return;
  for (const pre of scope.querySelectorAll<HTMLPreElement>(".prose-forum pre")) {
    const wrapper = document.createElement("div");
    wrapper.className = "code-block";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "code-copy";
    const say = (text: string, label: string) => {
      button.textContent = text;
      button.setAttribute("aria-label", label);
    };
    say("Kopieren", "Code kopieren");
    button.addEventListener("click", () => {
      // The button says what happened for a moment, also to screen readers.
      const done = (text: string) => {
        say(text, text);
        setTimeout(() => say("Kopieren", "Code kopieren"), 2000);
      };
      navigator.clipboard.writeText(pre.textContent ?? "").then(
        () => done("Kopiert"),
        () => done("Nicht kopiert"),
      );
    });
    pre.replaceWith(wrapper);
    wrapper.append(button, pre);
  }
}

function logoFallback(image: HTMLImageElement) {
  const tile = document.createElement("span");
  tile.dataset.testid = "logo-fallback";
  tile.setAttribute("aria-hidden", "true");
  tile.className = "inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-brand-600 text-sm font-bold text-white";
  tile.textContent = image.dataset.logo ?? "";
  image.replaceWith(tile);
}

function start() {
  renderConsent();
  addEventListener("storage", (event) => {
    if (event.key === null || event.key === "cookie-consent") renderConsent();
  });
  enhanceSidebarToggle();
  addEventListener("keydown", onShortcut);
  document.addEventListener("click", onClick);
  document.addEventListener("submit", onSubmit);
  document.addEventListener("input", onLiveField);
  document.addEventListener("change", onLiveField);
  document.addEventListener("pointerover", (event) => {
    const wrapper = (event.target as HTMLElement).closest<HTMLElement>("[data-sidebar][data-state='collapsed'] [data-tooltip]");
    if (wrapper && !wrapper.contains(event.relatedTarget as Node)) showTooltip(wrapper, 300);
  });
  document.addEventListener("pointerout", (event) => {
    const wrapper = (event.target as HTMLElement).closest("[data-tooltip]");
    if (wrapper && !wrapper.contains(event.relatedTarget as Node)) hideTooltip();
  });
  document.addEventListener("focusin", (event) => {
    const wrapper = (event.target as HTMLElement).closest<HTMLElement>("[data-sidebar][data-state='collapsed'] [data-tooltip]");
    if (wrapper && (event.target as HTMLElement).matches(":focus-visible")) showTooltip(wrapper, 0);
    else hideTooltip();
  });
  for (const type of ["pointerdown", "scroll"]) addEventListener(type, hideTooltip, { capture: true, passive: true });
  addEventListener("keydown", (event) => event.key === "Escape" && hideTooltip());
  for (const image of document.querySelectorAll<HTMLImageElement>("img[data-logo]")) {
    if (image.complete && image.naturalWidth === 0) logoFallback(image);
    else image.addEventListener("error", () => logoFallback(image));
  }
  addCopyButtons();
  followThread();
  // One view per page visit, sent by the browser: crawlers do not run it.
  const beacon = find("[data-view-beacon]")?.dataset.viewBeacon;
  if (beacon) void fetch(beacon, { method: "POST", keepalive: true }).catch(() => undefined);
  document.addEventListener("toggle", rememberOpen, true);
  restoreOpen();
  restoreFocus();
  // A stable signal for end-to-end tests that the page's handlers are attached (as data-hydrated in the full app).
  root.dataset.enhanced = "true";
}

start();

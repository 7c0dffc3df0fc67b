import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Whether a render found a signed-in viewer. The guest page cache decides by
 * what a request looks like (its cookies); this records what the render
 * actually did, so that a render which resolved a viewer is never shared with
 * guests, however the request managed to look like a guest's (decision 0019).
 */
interface Scope {
  viewer: boolean;
  parent: Scope | undefined;
  /** What the render's loaders share, per request method (renderKey). */
  keys: Map<string, object>;
}

const renders = new AsyncLocalStorage<Scope>();

/** Runs `render` and says whether anything in it resolved a viewer (getViewer in session.server.ts). */
export async function trackViewer<T>(render: () => Promise<T>): Promise<{ result: T; viewer: boolean }> {
  const scope: Scope = { viewer: false, parent: renders.getStore(), keys: new Map() };
  const result = await renders.run(scope, render);
  return { result, viewer: scope.viewer };
}

/** The current render (and any render it is part of) knows who is reading. */
export function noteViewer(): void {
  for (let scope = renders.getStore(); scope; scope = scope.parent) scope.viewer = true;
}

/**
 * One object per page render (and request method) for what its loaders share: the viewer looked up once, their
 * small reads sent together. React Router hands each loader a Request of its own (a copy without its internal
 * query parameters), so the Request cannot be the key in the server; an action (POST) and the loaders after it
 * (GET) get different keys, as an action may change who is reading. Outside a tracked render (tests that call
 * loaders with one Request) the Request is the key.
 */
export function renderKey(request: Request): object {
  const scope = renders.getStore();
  if (!scope) return request;
  let key = scope.keys.get(request.method);
  if (!key) scope.keys.set(request.method, (key = {}));
  return key;
}

/** Whether the current render has resolved a viewer so far; false outside any tracked render. */
export function viewerSeen(): boolean {
  return renders.getStore()?.viewer ?? false;
}

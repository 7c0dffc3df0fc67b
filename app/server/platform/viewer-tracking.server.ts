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
}

const renders = new AsyncLocalStorage<Scope>();

/** Runs `render` and says whether anything in it resolved a viewer (getViewer in session.server.ts). */
export async function trackViewer<T>(render: () => Promise<T>): Promise<{ result: T; viewer: boolean }> {
  const scope: Scope = { viewer: false, parent: renders.getStore() };
  const result = await renders.run(scope, render);
  return { result, viewer: scope.viewer };
}

/** The current render (and any render it is part of) knows who is reading. */
export function noteViewer(): void {
  for (let scope = renders.getStore(); scope; scope = scope.parent) scope.viewer = true;
}

/** Whether the current render has resolved a viewer so far; false outside any tracked render. */
export function viewerSeen(): boolean {
  return renders.getStore()?.viewer ?? false;
}

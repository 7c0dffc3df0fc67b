import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import { useMatches } from "react-router";
import { threadStreamUrl } from "~/lib/live-thread";
import { paths } from "~/lib/paths";

type LiveEvent = "count" | "thread";
type Listener = (data: string) => void;

interface LiveStream {
  subscribe: (event: LiveEvent, listener: Listener) => () => void;
}

const LiveStreamContext = createContext<LiveStream | null>(null);

/** The discussion page's route id (app/routes.ts): while it is shown, the stream carries its `thread` events. */
const DISCUSSION_ROUTE = "routes/discussion";

/**
 * One live stream per tab (/notifications/live, server-sent events): the bell's `count` for a member, and while a
 * discussion is shown its `thread` events (the live thread, decision 0055), each to whoever listens (useLiveEvent). The
 * stream is opened again with the discussion's slug when the page changes to or from a discussion; EventSource
 * reconnects by itself after a dropped connection (the server sends a retry hint).
 */
export function LiveStreamProvider({ bell, children }: { bell: boolean; children: ReactNode }) {
  const matches = useMatches();
  const slug = matches.find((match) => match.id === DISCUSSION_ROUTE)?.params.slug ?? null;
  const listeners = useRef(new Map<LiveEvent, Set<Listener>>());
  const stream = useMemo<LiveStream>(
    () => ({
      subscribe(event, listener) {
        const set = listeners.current.get(event) ?? new Set();
        listeners.current.set(event, set);
        set.add(listener);
        return () => set.delete(listener);
      },
    }),
    [],
  );
  useEffect(() => {
    if (typeof EventSource === "undefined" || (!bell && !slug)) return;
    const source = new EventSource(slug ? threadStreamUrl(slug) : paths.notificationsLive);
    for (const event of ["count", "thread"] as const) {
      source.addEventListener(event, (message) => {
        for (const listener of listeners.current.get(event) ?? []) listener((message as MessageEvent<string>).data);
      });
    }
    return () => source.close();
  }, [bell, slug]);
  return <LiveStreamContext value={stream}>{children}</LiveStreamContext>;
}

/** Calls `listener` with each event of that name of the tab's live stream (always the latest listener given). */
export function useLiveEvent(event: LiveEvent, listener: Listener): void {
  const stream = useContext(LiveStreamContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => stream?.subscribe(event, (data) => latest.current(data)), [stream, event]);
}

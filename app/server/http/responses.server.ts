import { data } from "react-router";
import { texts } from "~/lib/texts";
import { toastMessage, type ToastMessage } from "~/lib/toast";
import {
  fail,
  type Failure,
  failureStatus,
  type FailureReason,
  faultOf,
  logger,
  type Outcome,
  retryAfterOf,
  unavailableTexts,
} from "~/server/platform";
import { redirectWithToast } from "./toast.server";

/**
 * From a write's Outcome to the HTTP answer (decision 0014): the one mapping of a failure to its status, toast and
 * page data, and of a success to the route's answer. Only routes use it; services answer with an Outcome.
 */

/** The first message of a parse's errors (Conform's `submission.error` or a flattened zod error). */
export function firstMessage(errors: Record<string, readonly string[] | null | undefined> | null | undefined): string | undefined {
  return Object.values(errors ?? {})
    .flat()
    .find((message): message is string => typeof message === "string" && message !== "");
}

/** Conform's error record without its empty entries, as `Failure.fieldErrors` carries it. */
export function fieldErrorsOf(errors: Record<string, readonly string[] | null | undefined> | null | undefined): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors ?? {}).flatMap(([name, list]) => (list && list.length > 0 ? [[name, [...list]]] : [])));
}

export interface Refusal<D> {
  /** Title of the error toast (or, when it depends on the failure, what gives it); the failure's message is its description. Null: the page shows the error without a toast. */
  failed: string | null | ((failure: Failure) => string | null);
  /** Message for failures that bring none, by reason. */
  fallback?: Partial<Record<FailureReason, string>>;
  /** What the page needs besides the toast (field errors, Conform's `submission.reply`, which form failed). */
  page?: (failure: Failure & { message: string | undefined }) => D;
}

/** The one mapping from a failed write (or unusable input) to a response. */
export function refuse<D extends object = Record<never, never>>(failure: Failure, how: Refusal<D>) {
  const message = failure.message ?? how.fallback?.[failure.reason];
  const headers = failure.retryAfter === undefined ? undefined : { "Retry-After": String(failure.retryAfter) };
  const title = typeof how.failed === "function" ? how.failed(failure) : how.failed;
  const toast: ToastMessage | undefined = title === null ? undefined : toastMessage("error", title, message);
  return data(
    { ...(how.page?.({ ...failure, message }) as D), ...(toast ? { toast } : {}) },
    { status: failureStatus[failure.reason], headers },
  );
}

/**
 * Runs a write and answers it: `success` for an ok outcome, `refuse` for a
 * failed one. An error the service did not expect becomes the German 500
 * message here, logged once; responses thrown by guards pass through. A
 * database that is away or cannot store (disk full, read-only) is a 503 with
 * Retry-After, answered on the page like any refusal: the form keeps what the
 * member typed.
 */
export async function respond<T, D extends object, S>(
  work: Outcome<T> | Promise<Outcome<T>>,
  how: Refusal<D> & { success: (value: T) => S | Promise<S>; context?: Record<string, unknown> },
) {
  try {
    const outcome = await work;
    if (outcome.ok) return await how.success(outcome.value);
    return refuse(outcome, how);
  } catch (error) {
    if (isThrownResponse(error)) throw error;
    const fault = faultOf(error);
    if (fault) {
      logger.warn({ err: error, fault, ...how.context }, "write failed: database fault");
      return refuse({ ...fail("unavailable", unavailableTexts[fault]), retryAfter: retryAfterOf(fault) }, how);
    }
    logger.error({ err: error, ...how.context }, "write failed");
    return refuse(fail("unexpected", texts.unexpectedError), how);
  }
}

/** What guards and React Router helpers throw on purpose: a Response or `data(…)`. */
function isThrownResponse(error: unknown): boolean {
  return (
    error instanceof Response ||
    (typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit")
  );
}

/**
 * Routes with several forms send `intent`; each intent has one handler, typed
 * by the variant of the parsed union it receives.
 */
export type IntentHandlers<I extends { intent: string }, R = unknown> = { [K in I["intent"]]: (input: Extract<I, { intent: K }>) => R };

export function dispatch<I extends { intent: string }, H extends IntentHandlers<I>>(input: I, handlers: H): ReturnType<H[I["intent"]]> {
  return (handlers[input.intent as I["intent"]] as unknown as (input: I) => ReturnType<H[I["intent"]]>)(input);
}

/**
 * `respond` for a plain form posted to a resource route, which has no page
 * to show a refusal on: the failure's toast goes back to `back` with a
 * redirect (the answer a form without JavaScript can follow).
 */
export async function respondByRedirect<T>(
  work: Outcome<T> | Promise<Outcome<T>>,
  how: Omit<Refusal<Record<never, never>>, "failed" | "page"> & {
    failed: string;
    back: string;
    success: (value: T) => Promise<Response>;
    context?: Record<string, unknown>;
  },
): Promise<Response> {
  const answer = await respond(work, how);
  if (answer instanceof Response) return answer;
  const { toast } = answer.data as { toast: ToastMessage };
  return redirectWithToast(how.back, { type: toast.type, title: toast.title, description: toast.description });
}

/** Copies the cookies of an auth answer (session set or cleared) onto our own response. */
export function forwardCookies(cookies: readonly string[] | Headers, into: Headers = new Headers()): Headers {
  for (const cookie of cookies instanceof Headers ? cookies.getSetCookie() : cookies) into.append("Set-Cookie", cookie);
  return into;
}

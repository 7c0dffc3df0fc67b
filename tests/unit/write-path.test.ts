import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it, vi } from "vitest";
import writePath from "../../eslint-rules/one-write-path.js";
import { fail, logger, ok, reasonForStatus } from "~/server/platform";
import { dispatch, forwardCookies, refuse, respond, respondByRedirect } from "~/server/http";

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: "module" } });

/** The rule finds the ways around the write path: those route modules had before decision 0014, and those an audit found the first rule let through. */
tester.run("one-write-path", writePath.rules["one-write-path"], {
  valid: [
    "export async function action({ request }) { const submission = parseWithZod(await readFormData(request), { schema }); }",
    "export async function action({ request }) { const submission = parseWithZod(withUncheckedBoxes(await readFormData(request), boxes), { schema }); }",
    "export async function loader() { throw data(null, { status: 404 }); }",
    "export async function loader() { return new Response('Zu viele Anfragen.', { status: 429 }); }",
    "export const loader = async () => { throw data(null, { status: 404 }); };",
    "export const loader = () => Response.json({ status: 'error' }, { status: 503 });",
    "export async function loader() { const json = (body, status) => Response.json(body, { status }); return json({}, 400); }",
    "function Busy() { const navigation = useNavigation(); return navigation.formData?.get('intent'); }",
    "export async function action() { return data({ intent }, { headers }); }",
    "export async function action() { return Response.json({ ok: true }); }",
    "const fieldErrors = Object.fromEntries(Object.entries(errors).map(([name, list]) => [name, list[0]]));",
  ],
  invalid: [
    {
      code: "export async function action({ request }) { const formData = await readFormData(request); const intent = formData.get('intent'); }",
      errors: [{ messageId: "formHeld" }],
    },
    {
      code: "export async function action({ request }) { const fd = await readFormData(request); return fd.get('intent'); }",
      errors: [{ messageId: "formHeld" }],
    },
    {
      code: "export async function action({ request }) { const body = await request.formData(); return body.get('intent'); }",
      errors: [{ messageId: "bodyRead" }],
    },
    {
      code: "export async function action({ request }) { return (await request.formData()).get('intent'); }",
      errors: [{ messageId: "bodyRead" }],
    },
    {
      code: "export async function action(args) { return parseWithZod(await args.request.formData(), { schema }); }",
      errors: [{ messageId: "bodyRead" }],
    },
    {
      code: "export async function action({ request }) { return new URLSearchParams(await request.text()).get('intent'); }",
      errors: [{ messageId: "bodyRead" }],
    },
    { code: "const parsed = updateProfileSchema.safeParse(Object.fromEntries(formData));", errors: [{ messageId: "formEntries" }] },
    { code: "const parsed = schema.safeParse(Object.fromEntries(fd));", errors: [{ messageId: "formEntries" }] },
    {
      code: "export async function action({ request }) { return schema.safeParse(Object.fromEntries(await request.formData())); }",
      errors: [{ messageId: "formEntries" }, { messageId: "bodyRead" }],
    },
    {
      code: "export async function action({ request }) { for (const [name, value] of await request.formData()) seen[name] = value; }",
      errors: [{ messageId: "bodyRead" }],
    },
    {
      code: "export async function action({ request }) { const form = await readFormData(request); for (const [name, value] of form) seen[name] = value; }",
      errors: [{ messageId: "formHeld" }],
    },
    { code: "export async function action() { return data({ toast }, { status: 400 }); }", errors: [{ messageId: "status" }] },
    { code: "export async function action() { return data({ toast }, 400); }", errors: [{ messageId: "status" }] },
    {
      code: "export async function action() { const init = { status: 400 }; return data({ toast }, init); }",
      errors: [{ messageId: "status" }],
    },
    { code: "export async function action() { return data({ toast }, { ...init, headers }); }", errors: [{ messageId: "status" }] },
    {
      code: "export async function action() { const status = 400; return Response.json({ toast }, { status }); }",
      errors: [{ messageId: "status" }],
    },
    {
      code: "function refused(outcome) { return data({ errors }, { status: outcome.reason === 'forbidden' ? 403 : 400 }); }",
      errors: [{ messageId: "status" }],
    },
    { code: "export async function action() { return new Response(null, { status: 302, headers }); }", errors: [{ messageId: "status" }] },
    {
      code: "function json(body, status) { return Response.json(body, { status }); } export const loader = () => json({}, 404);",
      errors: [{ messageId: "status" }],
    },
  ],
});

type Init = { init: ResponseInit | null; data: Record<string, unknown> };

describe("the one mapper", () => {
  it("gives each failure its status, the toast its fallback text and the page its data", () => {
    const answer = refuse(fail("not-found"), {
      failed: "Fehler beim Erstellen des Kommentars",
      fallback: { "not-found": "Diskussion nicht gefunden" },
      page: ({ message }) => ({ errors: { form: message } }),
    }) as unknown as Init;
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toMatchObject({
      errors: { form: "Diskussion nicht gefunden" },
      toast: { type: "error", title: "Fehler beim Erstellen des Kommentars", description: "Diskussion nicht gefunden" },
    });
    expect((refuse(fail("forbidden"), { failed: null }) as unknown as Init).data).not.toHaveProperty("toast");
    expect(
      (refuse({ ...fail("too-many-requests", "Zu viele Anfragen."), retryAfter: 30 }, { failed: "x" }) as unknown as Init).init,
    ).toMatchObject({
      status: 429,
      headers: { "Retry-After": "30" },
    });
  });

  it("answers an unexpected error with the German 500 text and lets thrown responses pass", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const cause = new Error("connection reset");
    const unexpected = (await respond(Promise.reject(cause), { failed: "Fehler", success: () => "nie" })) as unknown as Init;
    // Logged once, with the cause, for whoever runs the server; the member reads only the German text.
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]![0]).toMatchObject({ err: cause });
    logged.mockRestore();
    expect(unexpected.init?.status).toBe(500);
    expect(unexpected.data).toMatchObject({ toast: { description: "Es ist ein unerwarteter Fehler aufgetreten." } });
    const redirect = new Response(null, { status: 302 });
    await expect(respond(Promise.reject(redirect), { failed: "Fehler", success: () => "nie" })).rejects.toBe(redirect);
    expect(await respond(ok({ slug: "a" }), { failed: "Fehler", success: ({ slug }) => slug })).toBe("a");
  });

  it("titles the toast by the failure where a form has two kinds of refusal", () => {
    const titled = (failure: ReturnType<typeof fail>) =>
      (
        refuse(failure, {
          failed: ({ fieldErrors }) => (fieldErrors?.token ? "Ungültiger Link" : "Fehler beim Passwort-Update"),
        }) as unknown as Init
      ).data;
    expect(titled(fail("invalid", "abgelaufen", { token: ["abgelaufen"] }))).toMatchObject({
      toast: { title: "Ungültiger Link", description: "abgelaufen" },
    });
    expect(titled(fail("invalid"))).toMatchObject({ toast: { title: "Fehler beim Passwort-Update" } });
  });

  it("sends a plain form to a resource route back with the toast, unexpected errors included", async () => {
    const how = {
      failed: "Fehler beim Erstellen",
      back: "/admin",
      success: async () => new Response(null, { status: 302, headers: { Location: "/fertig" } }),
    };
    const refused = await respondByRedirect(fail("forbidden", "Nicht erlaubt."), how);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toBe("/admin");
    expect(refused.headers.get("Set-Cookie")).toContain("toast");
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const broken = await respondByRedirect(Promise.reject(new Error("kaputt")), how);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
    expect(broken.headers.get("Location")).toBe("/admin");
    expect((await respondByRedirect(ok(null), how)).headers.get("Location")).toBe("/fertig");
  });

  it("dispatches by intent, maps foreign statuses and copies cookies", () => {
    type Input = { intent: "pin" } | { intent: "lock"; reason: string };
    const handlers = { pin: () => "angepinnt", lock: (input: { reason: string }) => `gesperrt: ${input.reason}` };
    expect(dispatch<Input, typeof handlers>({ intent: "lock", reason: "Spam" }, handlers)).toBe("gesperrt: Spam");
    expect([reasonForStatus(401), reasonForStatus(403), reasonForStatus(422), reasonForStatus(500)]).toEqual([
      "unauthenticated",
      "forbidden",
      "invalid",
      "invalid",
    ]);
    expect(forwardCookies(["a=1", "b=2"]).getSetCookie()).toEqual(["a=1", "b=2"]);
  });
});

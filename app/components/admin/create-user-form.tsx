import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigate, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CancelLink } from "~/components/ui/cancel-link";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { directoryExpertise, expertiseLabels } from "~/lib/members";
import { createUserExperienceOptions, createUserSchema, roleOptions } from "~/lib/schemas/admin";

const description = "Das Konto ist sofort freigeschaltet; die Person meldet sich mit E-Mail-Adresse und Passwort an.";

/** The create-user dialog once JavaScript runs; an inline card before (and without) it. */
export function CreateUser({ lastResult, error }: { lastResult: SubmissionResult<string[]> | undefined; error: string | null }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (hydrated) {
    return (
      <Dialog open onOpenChange={(open) => !open && void navigate(".", { preventScrollReset: true, replace: true })}>
        <DialogContent wide>
          <DialogHeader>
            <DialogTitle>Neuen Benutzer erstellen</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <CreateUserForm lastResult={lastResult} error={error} />
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Card id="benutzer-erstellen" aria-labelledby="create-user-title">
      <CardHeader>
        <CardTitle id="create-user-title">Neuen Benutzer erstellen</CardTitle>
        <p className="text-sm text-muted-foreground">{description}</p>
      </CardHeader>
      <CardContent>
        <CreateUserForm lastResult={lastResult} error={error} />
      </CardContent>
    </Card>
  );
}

function CreateUserForm({ lastResult, error }: { lastResult: SubmissionResult<string[]> | undefined; error: string | null }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "create-user";
  const [form, fields] = useForm({
    id: "create-user",
    lastResult,
    constraint: getZodConstraint(createUserSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createUserSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { role: "member" },
  });

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4" preventScrollReset>
      <input type="hidden" name="intent" value="create-user" />
      {error && (
        <Alert variant="destructive">
          <p>{error}</p>
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fields.email.id} label="E-Mail" errors={fields.email.errors}>
          <Input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} autoComplete="off" />
        </Field>
        <Field id={fields.password.id} label="Passwort" errors={fields.password.errors} hint="Mindestens 6 Zeichen">
          <Input {...getInputProps(fields.password, { type: "password" })} key={fields.password.key} autoComplete="new-password" />
        </Field>
      </div>
      <Field id={fields.username.id} label="Benutzername" errors={fields.username.errors} hint="Vor- und Nachname, z. B. „Anna Schmidt“">
        <Input {...getInputProps(fields.username, { type: "text" })} key={fields.username.key} autoComplete="off" />
      </Field>
      <Field id={fields.company.id} label="Unternehmen (optional)" errors={fields.company.errors}>
        <Input {...getInputProps(fields.company, { type: "text" })} key={fields.company.key} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={fields.expertise.id} label="Expertise" errors={fields.expertise.errors}>
          <Select {...getSelectProps(fields.expertise)} key={fields.expertise.key}>
            <option value="">Bitte wählen</option>
            {directoryExpertise.map((value) => (
              <option key={value} value={value}>
                {expertiseLabels[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={fields.experience.id} label="Erfahrung" errors={fields.experience.errors}>
          <Select {...getSelectProps(fields.experience)} key={fields.experience.key}>
            <option value="">Bitte wählen</option>
            {createUserExperienceOptions.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={fields.role.id} label="Rolle" errors={fields.role.errors}>
          <Select {...getSelectProps(fields.role)} key={fields.role.key}>
            {roleOptions.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field id={fields.bio.id} label="Über mich (optional)" errors={fields.bio.errors}>
        <Textarea {...getTextareaProps(fields.bio)} key={fields.bio.key} rows={3} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Wird erstellt..." : "Benutzer erstellen"}
        </Button>
        <CancelLink />
      </div>
    </Form>
  );
}

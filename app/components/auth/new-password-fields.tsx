import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/** Password plus confirmation, as in sign-up and password reset. */
export function NewPasswordFields({
  password,
  confirmPassword,
  passwordLabel,
}: {
  password: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
  passwordLabel: string;
}) {
  return (
    <>
      <Field id={password.id} label={passwordLabel} errors={password.errors} hint="Mindestens 6 Zeichen.">
        <Input {...getInputProps(password, { type: "password" })} key={password.key} autoComplete="new-password" />
      </Field>
      <Field id={confirmPassword.id} label="Passwort bestätigen" errors={confirmPassword.errors}>
        <Input {...getInputProps(confirmPassword, { type: "password" })} key={confirmPassword.key} autoComplete="new-password" />
      </Field>
    </>
  );
}

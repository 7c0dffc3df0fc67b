import { Form, useNavigate, useNavigation } from "react-router";
import { CancelLink } from "~/components/ui/cancel-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { experienceLabels, expertiseLabels } from "~/lib/members";
import { profileExperienceOptions, profileExpertiseOptions } from "~/lib/schemas/profile";
import type { PublicProfile } from "~/server/members";
import { AvatarForm } from "./avatar-form";

/** Options of a value list, plus the member's current value if it came from another list (sign-up, admin). */
function withCurrent(options: ReadonlyArray<readonly [string, string]>, current: string, labels: Record<string, string>) {
  return options.some(([value]) => value === current) ? options : [...options, [current, labels[current] ?? current] as const];
}

/**
 * 'Profil bearbeiten': a dialog once JavaScript runs, an inline card before
 * (and without) it, so the same form works either way.
 */
export function EditProfile({ profile, errors }: { profile: PublicProfile; errors: Record<string, string[] | undefined> }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (hydrated) {
    return (
      <Dialog open onOpenChange={(open) => !open && void navigate(".", { preventScrollReset: true, replace: true })}>
        <DialogContent wide>
          <DialogHeader>
            <DialogTitle>Profil bearbeiten</DialogTitle>
            <DialogDescription>Ihre Angaben sind für alle Besucher sichtbar, Ihre E-Mail-Adresse nie.</DialogDescription>
          </DialogHeader>
          <EditProfileForm profile={profile} errors={errors} />
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Card id="profil-bearbeiten" role="region" aria-labelledby="edit-profile-title">
      <CardHeader>
        <CardTitle id="edit-profile-title">Profil bearbeiten</CardTitle>
      </CardHeader>
      <CardContent>
        <EditProfileForm profile={profile} errors={errors} />
      </CardContent>
    </Card>
  );
}

function EditProfileForm({ profile, errors }: { profile: PublicProfile; errors: Record<string, string[] | undefined> }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "update-profile";
  return (
    <div className="flex flex-col gap-6">
      <AvatarForm profile={profile} />
      <Form method="post" className="flex flex-col gap-4" preventScrollReset noValidate>
        <input type="hidden" name="intent" value="update-profile" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="firstName" label="Vorname" defaultValue={profile.firstName} errors={errors.firstName} required />
          <TextField id="lastName" label="Nachname" defaultValue={profile.lastName} errors={errors.lastName} required />
        </div>
        <TextField id="company" label="Unternehmen (optional)" defaultValue={profile.company} errors={errors.company} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="expertise" className="text-sm font-medium">
              Expertise
            </label>
            <Select id="expertise" name="expertise" defaultValue={profile.expertise}>
              {withCurrent(profileExpertiseOptions, profile.expertise, expertiseLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="experience" className="text-sm font-medium">
              Erfahrung
            </label>
            <Select id="experience" name="experience" defaultValue={profile.experience}>
              {withCurrent(profileExperienceOptions, profile.experience, experienceLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </div>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="bio" className="text-sm font-medium">
            Über mich
          </label>
          <Textarea id="bio" name="bio" rows={4} defaultValue={profile.bio} maxLength={1000} />
          {errors.bio?.[0] && <p className="text-sm text-destructive">{errors.bio[0]}</p>}
        </div>
        <div className="flex gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? "Wird gespeichert..." : "Speichern"}
          </Button>
          <CancelLink />
        </div>
      </Form>
    </div>
  );
}

function TextField({
  id,
  label,
  defaultValue,
  errors,
  required,
}: {
  id: string;
  label: string;
  defaultValue: string;
  errors?: string[];
  required?: boolean;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        name={id}
        defaultValue={defaultValue}
        required={required}
        maxLength={120}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
      />
      {errors?.[0] && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {errors[0]}
        </p>
      )}
    </div>
  );
}

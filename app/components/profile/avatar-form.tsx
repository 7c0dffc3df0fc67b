import { Icon } from "~/components/ui/icon";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { PublicProfile } from "~/server/members";

/** Upload with a local preview, and removal. The server checks and re-encodes every file. */
export function AvatarForm({ profile }: { profile: PublicProfile }) {
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload-avatar";
  const [preview, setPreview] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar name={`${profile.firstName} ${profile.lastName}`} src={preview ?? profile.avatarUrl} size="xl" />
      <Form method="post" encType="multipart/form-data" noValidate className="flex flex-wrap items-center gap-2" preventScrollReset>
        <input type="hidden" name="intent" value="upload-avatar" />
        {/*
          The native picker speaks the browser's language ("Choose File"): it stays in the page for the keyboard and
          screen readers but out of sight, and a German label is its button. Without JavaScript, :valid of the required
          input still tells whether a file is chosen.
        */}
        <input
          id="avatar"
          name="avatar"
          type="file"
          accept="image/*"
          required
          aria-describedby={fileName ? "avatar-file-chosen" : "avatar-file-none"}
          className="peer sr-only"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setFileName(file?.name ?? null);
            setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
          }}
        />
        <label
          htmlFor="avatar"
          className={cn(
            buttonVariants({ variant: "outline", size: "sm" }),
            "cursor-pointer peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50",
          )}
        >
          <Icon name="image" />
          Bild auswählen
          <span className="sr-only"> für das Profilbild</span>
        </label>
        <span id="avatar-file-none" className="text-sm text-muted-foreground peer-valid:hidden">
          Keine Datei ausgewählt
        </span>
        <span id="avatar-file-chosen" className="hidden max-w-48 truncate text-sm text-muted-foreground peer-valid:inline">
          {fileName ?? "Datei ausgewählt"}
        </span>
        <Button type="submit" size="sm" disabled={uploading}>
          {uploading ? "Wird hochgeladen..." : "Profilbild hochladen"}
        </Button>
      </Form>
      {profile.avatarUrl && (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="remove-avatar" />
          <Button type="submit" size="sm" variant="outline">
            Profilbild entfernen
          </Button>
        </Form>
      )}
    </div>
  );
}

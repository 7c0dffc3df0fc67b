import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import type { PublicProfile } from "~/server/members.server";

/** Upload with a local preview, and removal. The server checks and re-encodes every file. */
export function AvatarForm({ profile }: { profile: PublicProfile }) {
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload-avatar";
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar name={`${profile.firstName} ${profile.lastName}`} src={preview ?? profile.avatarUrl} size="xl" />
      <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-2" preventScrollReset>
        <input type="hidden" name="intent" value="upload-avatar" />
        <label htmlFor="avatar" className="sr-only">
          Profilbild
        </label>
        <input
          id="avatar"
          name="avatar"
          type="file"
          accept="image/*"
          required
          className="max-w-64 text-sm file:mr-2 file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-1.5"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setPreview(file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null);
          }}
        />
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

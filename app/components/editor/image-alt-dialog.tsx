import { useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { altTextProblem } from "~/lib/post-images";
import type { UploadedImage, UploadResult } from "./image-upload";

export interface PendingImage {
  file: File;
  upload: Promise<UploadResult>;
}

/**
 * Asks for the image's description before it goes into the post (decision
 * 0033): required, and not the file's name. The upload runs meanwhile; its
 * refusal (too large, not an image) shows here in German.
 */
export function ImageAltDialog({
  pending,
  onInsert,
  onCancel,
}: {
  pending: PendingImage | null;
  onInsert: (image: UploadedImage, alt: string) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && onCancel()}>
      {/* The editor takes the focus back itself, with its own selection (the caret after the new image): the dialog's
          restoring it let the editor read the browser's stale selection, the image, and the next key replaced it. */}
      <DialogContent onCloseAutoFocus={(event) => event.preventDefault()}>
        {pending && <AltForm pending={pending} onInsert={onInsert} onCancel={onCancel} />}
      </DialogContent>
    </Dialog>
  );
}

/** One image's form: made anew for each image, so nothing of the last one's description or answer stays. */
function AltForm({
  pending,
  onInsert,
  onCancel,
}: {
  pending: PendingImage;
  onInsert: (image: UploadedImage, alt: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [alt, setAlt] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<UploadResult | null>(null);
  const [preview] = useState(() => URL.createObjectURL(pending.file));

  useEffect(() => {
    let current = true;
    void pending.upload.then((answer) => current && setResult(answer));
    return () => {
      current = false;
    };
  }, [pending]);
  useEffect(() => () => URL.revokeObjectURL(preview), [preview]);

  const refused = result && !result.ok ? result.message : null;

  function submit(event: React.FormEvent) {
    // The dialog sits in the editor's form in React's tree: that form must not be sent.
    event.preventDefault();
    event.stopPropagation();
    if (!result?.ok) return;
    const found = altTextProblem(alt, pending.file.name);
    setProblem(found);
    if (!found) onInsert(result.image, alt.trim());
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="image-alt-dialog">
      <DialogHeader>
        <DialogTitle>Bild beschreiben</DialogTitle>
        <DialogDescription>
          Beschreiben Sie kurz, was auf dem Bild zu sehen ist. Screenreader lesen diesen Text vor; der Dateiname genügt nicht.
        </DialogDescription>
      </DialogHeader>
      {!refused && (
        // The preview is decoration: the description is what the dialog asks for.
        <img
          src={preview}
          alt=""
          className="max-h-48 w-auto max-w-full justify-self-start rounded-md border border-border object-contain"
        />
      )}
      {refused ? (
        <p role="alert" className="text-sm text-destructive">
          {refused}
        </p>
      ) : (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-alt`} className="text-sm font-medium">
            Bildbeschreibung (Alternativtext)
          </label>
          <Input
            id={`${id}-alt`}
            value={alt}
            onChange={(event) => setAlt(event.target.value)}
            maxLength={300}
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
          {problem && (
            <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
          {!result && <p className="text-xs text-muted-foreground">Das Bild wird hochgeladen …</p>}
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          {refused ? "Schließen" : "Abbrechen"}
        </Button>
        {!refused && (
          <Button type="submit" disabled={!result}>
            Bild einfügen
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}

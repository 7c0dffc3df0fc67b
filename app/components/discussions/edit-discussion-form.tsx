import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { CancelLink } from "~/components/ui/cancel-link";
import { Input } from "~/components/ui/input";
import { CategorySelect } from "./category-select";
import { TagField } from "./tag-field";
import type { TagRef } from "~/lib/tags";
import type { CommentField } from "./comment-section";

/** The author's edit of the discussion (`?edit=1`): title, category, tags and text, posted to the discussion page. */
export function EditDiscussionForm({
  discussion,
  error,
  field,
}: {
  discussion: { title: string; category: string; content: string; tags: TagRef[] };
  error: string | null;
  /** The text's field: the page hands in the editor area's, as it does for the comment forms. */
  field: CommentField;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  const [title, setTitle] = useState(discussion.title);
  return (
    <Form method="post" className="mt-4 flex flex-col gap-4" preventScrollReset noValidate>
      <input type="hidden" name="intent" value="update-discussion" />
      {error && <p className="text-sm text-destructive">{error}</p>}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="edit-title" className="text-sm font-medium">
          Titel
        </label>
        <Input id="edit-title" name="title" value={title} onChange={(event) => setTitle(event.target.value)} required />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="edit-category" className="text-sm font-medium">
          Kategorie
        </label>
        <CategorySelect id="edit-category" name="category" defaultValue={discussion.category} />
      </div>
      <TagField id="edit-tags" name="tags" defaultValue={discussion.tags.map((tag) => tag.name).join(", ")} />
      <div className="flex flex-col gap-1.5">
        <span id="edit-content-label" className="text-sm font-medium">
          Inhalt
        </span>
        {field({
          id: "edit-content",
          name: "content",
          labelId: "edit-content-label",
          initialHtml: discussion.content,
          initialText: discussion.content,
          fallbackFormat: "html",
        })}
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={pending || title.trim() === ""}>
          {pending ? "Wird gespeichert..." : "Speichern"}
        </Button>
        <CancelLink />
      </div>
    </Form>
  );
}

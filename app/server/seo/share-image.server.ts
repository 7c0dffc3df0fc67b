import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { categoryLabels, isCategory } from "~/lib/categories";
import { discussionShareImageSvg } from "~/lib/share-image";

/**
 * Drawn images by discussion, last change (decision 0027) and what the image
 * shows: a comment, an edit, a moderation action or a solution moves the
 * change, so the next request draws anew and the old one ages out. The solved
 * state is in the key too, because the change does not always move: it is
 * `greatest(changed_at, now())` with now() the transaction's start, and the
 * key counts milliseconds, so a solution marked in the millisecond of the
 * last change, or by a transaction that began before it, keeps the change as
 * it was. A pending drawing is shared by everyone asking meanwhile. About 20
 * KB each.
 */
const drawn = new LRUCache<string, Promise<Buffer>>({ max: 300 });

/** The discussion's share image (1200×630 PNG): its category, 'Gelöst' once solved, title, answers and the forum's name. */
export function discussionShareImage(discussion: {
  id: string;
  changedAt: Date;
  title: string;
  category: string;
  repliesCount: number;
  solved: boolean;
}): Promise<Buffer> {
  const key = `${discussion.id}:${discussion.changedAt.getTime()}:${discussion.solved ? "solved" : "open"}`;
  const cached = drawn.get(key);
  if (cached) return cached;
  const svg = discussionShareImageSvg({
    title: discussion.title,
    categoryLabel: isCategory(discussion.category) ? categoryLabels[discussion.category] : "",
    repliesCount: discussion.repliesCount,
    solved: discussion.solved,
  });
  // Plain PNG at the default level: a palette and level 9 took several times as long, for each request that draws.
  const image = sharp(Buffer.from(svg)).png().toBuffer();
  drawn.set(key, image);
  image.catch(() => drawn.delete(key));
  return image;
}

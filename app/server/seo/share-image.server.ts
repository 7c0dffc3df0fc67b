import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { categoryLabels, isCategory } from "~/lib/categories";
import { discussionShareImageSvg } from "~/lib/share-image";

/**
 * Drawn images by discussion and last change (decision 0027): a comment, an
 * edit or a moderation action moves the change, so the next request draws
 * anew and the old one ages out. A pending drawing is shared by everyone
 * asking meanwhile. About 20 KB each.
 */
const drawn = new LRUCache<string, Promise<Buffer>>({ max: 300 });

/** The discussion's share image (1200×630 PNG): its category, title, answers and the forum's name. */
export function discussionShareImage(discussion: {
  id: string;
  changedAt: Date;
  title: string;
  category: string;
  repliesCount: number;
}): Promise<Buffer> {
  const key = `${discussion.id}:${discussion.changedAt.getTime()}`;
  const cached = drawn.get(key);
  if (cached) return cached;
  const svg = discussionShareImageSvg({
    title: discussion.title,
    categoryLabel: isCategory(discussion.category) ? categoryLabels[discussion.category] : "",
    repliesCount: discussion.repliesCount,
  });
  // Plain PNG at the default level: a palette and level 9 took several times as long, for each request that draws.
  const image = sharp(Buffer.from(svg)).png().toBuffer();
  drawn.set(key, image);
  image.catch(() => drawn.delete(key));
  return image;
}

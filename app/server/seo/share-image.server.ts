import { LRUCache } from "lru-cache";
import sharp from "sharp";
import { categoryLabels, isCategory } from "~/lib/categories";
import { discussionShareImageSvg, shareImageVersion } from "~/lib/share-image";

/**
 * Drawn images by discussion and the version its address names (shareImageVersion: the last change, decision 0027,
 * and the solved state, which may change within the change's millisecond): a comment, an edit, a moderation action
 * or a solution makes a new version, so the next request draws anew and the old one ages out. A pending drawing is
 * shared by everyone asking meanwhile. About 20 KB each.
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
  const key = `${discussion.id}:${shareImageVersion(discussion.changedAt, discussion.solved)}`;
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

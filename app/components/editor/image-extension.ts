import { mergeAttributes, Node } from "@tiptap/core";

/**
 * A post image in the editor (decision 0033): one block, as the server stores
 * it (src, srcset, sizes, width, height, alt). The server rebuilds the tag
 * from its own record on every write; this only keeps what the member chose.
 */
export const PostImage = Node.create({
  name: "postImage",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      src: { default: null },
      srcset: { default: null },
      sizes: { default: null },
      width: { default: null },
      height: { default: null },
      alt: { default: "" },
    };
  },
  parseHTML() {
    return [{ tag: 'img[src^="/images/"]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["img", mergeAttributes(HTMLAttributes, { loading: "lazy", decoding: "async" })];
  },
});

export interface PostImageAttributes {
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
  alt: string;
}

export {
  attachPostImages,
  IMAGE_QUOTA_BYTES,
  imageHtml,
  imageIdsIn,
  imagesAsText,
  type ImageUpload,
  type PostRef,
  removeUnusedImages,
  resolvePostImages,
  storePostImage,
  UNUSED_IMAGE_HOURS,
  type UploadedImage,
  uploadPostImage,
} from "./post-images.server";
export { readPostImage, type ServedImage } from "./image-serving.server";

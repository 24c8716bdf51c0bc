import { FILE_MAX_BYTES, IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_MIMES } from '@portal/contracts';

const MB = (bytes: number) => Math.round((bytes / 1048576) * 100) / 100;
/** The limits in MB, as the messages state them. */
export const UPLOAD_LIMITS_MB = { max: MB(FILE_MAX_BYTES), imageMax: MB(IMAGE_MAX_BYTES) };

/** Name extensions the browser may report for images of other types (refused by the image rule). */
const OTHER_IMAGES = /\.(webp|bmp|tiff?|svg|heic|heif|avif|ico|psd)$/i;
const extOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

export type UploadProblem = { key: 'imageRule' | 'tooLarge'; max: number } | { key: 'emptyFile' };

/** Looks like an image by its type or name (the server decides by content; this only spares a refused upload). */
export function isImageFile(f: { name: string; type?: string }): boolean {
  return Boolean(f.type?.startsWith('image/')) || (IMAGE_EXTENSIONS as readonly string[]).includes(extOf(f.name)) || OTHER_IMAGES.test(f.name);
}

/**
 * The spec's limits (§5, §9), checked before sending with the numbers the service uses: 300 MB per file;
 * images only JPG, GIF or PNG, at most 2 MB. Null when the file may be sent. The service checks again by content.
 */
export function checkUpload(f: { name: string; size: number; type?: string }): UploadProblem | null {
  if (f.size === 0) return { key: 'emptyFile' };
  if (isImageFile(f)) {
    const allowed =
      (IMAGE_MIMES as readonly string[]).includes(f.type ?? '') ||
      (!f.type?.startsWith('image/') && (IMAGE_EXTENSIONS as readonly string[]).includes(extOf(f.name)));
    if (!allowed || f.size > IMAGE_MAX_BYTES) return { key: 'imageRule', max: UPLOAD_LIMITS_MB.imageMax };
  }
  if (f.size > FILE_MAX_BYTES) return { key: 'tooLarge', max: UPLOAD_LIMITS_MB.max };
  return null;
}

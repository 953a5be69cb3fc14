import { EVENT_IMAGE_MAX_BYTES } from '#shared/constants';
import { isApiError } from '#frontend/lib/api.ts';

/**
 * The browser's check of an event photo or guest logo before upload (at most 5 MB).
 * Only the types the server takes (it sniffs PNG, JPEG, GIF and WebP from the bytes) are offered and accepted here,
 * so a file the server would refuse is caught before it is sent. The browser only sees the type it derives from the
 * name; the server still checks the bytes.
 */
export interface ImageProblem {
  title: string;
  description: string;
}

/** The MIME types the server accepts for an event image. */
export const EVENT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The file input's `accept` attribute. */
export const EVENT_IMAGE_ACCEPT = EVENT_IMAGE_TYPES.join(',');

/** The server's message for a file that is not one of those images (400 from POST /api/uploads/event-image). */
export const NOT_AN_EVENT_IMAGE = 'Please choose an image file (PNG, JPEG, GIF or WebP).';

export const UPLOAD_FAILED = 'There was an error uploading your image. Please try again.';

export function eventImageProblem(file: Pick<File, 'type' | 'size'>): ImageProblem | null {
  if (!(EVENT_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) {
    return { title: 'Invalid file type', description: NOT_AN_EVENT_IMAGE };
  }
  if (file.size > EVENT_IMAGE_MAX_BYTES) {
    return { title: 'File too large', description: 'The image file must be less than 5MB in size.' };
  }
  return null;
}

/**
 * The toast for a failed upload: a 400 carries the server's own reason (e.g. the file is not a PNG, JPEG, GIF or
 * WebP), which is shown as it is; any other failure gets the generic description.
 */
export function eventImageUploadError(error: unknown): ImageProblem {
  const refused = isApiError(error) && error.status === 400 && error.message.trim() !== '';
  return { title: 'Upload failed', description: refused ? error.message : UPLOAD_FAILED };
}

import { EVENT_IMAGE_MAX_BYTES } from '#shared/constants';

/**
 * The browser's check of an event photo or guest logo before upload (host-area.md §5 "Event images": at most 5 MB,
 * any image type). It sees the type the browser derives from the name; the server checks the bytes.
 */
export interface ImageProblem {
  title: string;
  description: string;
}

export function eventImageProblem(file: Pick<File, 'type' | 'size'>): ImageProblem | null {
  if (!file.type.startsWith('image/')) {
    return { title: 'Invalid file type', description: 'Please select an image file (JPG, PNG, etc).' };
  }
  if (file.size > EVENT_IMAGE_MAX_BYTES) {
    return { title: 'File too large', description: 'The image file must be less than 5MB in size.' };
  }
  return null;
}

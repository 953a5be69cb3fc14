/**
 * The browser's check of a chosen profile photo before it is sent (at most 2 MB,
 * an image). It sees only the type the browser derives from the file name; the server checks the bytes.
 */

export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export interface PhotoProblem {
  title: string;
  description: string;
}

/** Why `file` cannot be uploaded, or null when it may be. */
export function photoFileProblem(file: Pick<File, 'type' | 'size'>): PhotoProblem | null {
  if (!file.type.startsWith('image/')) {
    return { title: 'Invalid file type', description: 'Please select an image file (JPG, PNG, etc).' };
  }
  if (file.size > PROFILE_PHOTO_MAX_BYTES) {
    return { title: 'File too large', description: 'Please select an image smaller than 2MB.' };
  }
  return null;
}

/** Up to two initials from the name (first and last word), else the username's first letter. */
export function initialsOf(name: string, username: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  const initials = letters.map((word) => Array.from(word)[0] ?? '').join('');
  return (initials || Array.from(username)[0] || '?').toUpperCase();
}

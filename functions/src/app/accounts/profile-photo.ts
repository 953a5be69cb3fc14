import { callerAccount, type CallerDeps } from '#functions/app/common/caller';
import { IMAGE_EXTENSIONS, sniffImageType } from '#functions/domain/images';
import { ValidationFailed } from '#functions/errors';
import type { PhotoStore } from '#functions/ports/accounts';
import type { IdGenerator, Principal } from '#functions/ports/core';

/** What removing the profile photo needs: the caller's account, the photo store. */
export type PhotoDeps = CallerDeps & { photos: PhotoStore };
/** What storing an uploaded image needs: also a new id for its key. */
export type PhotoUploadDeps = PhotoDeps & { ids: IdGenerator };

export const NOT_AN_IMAGE = 'Please choose an image file (PNG, JPEG, GIF or WebP).';

/** The store key of a photo URL we issued (`/photos/{key}`), or null for anything else. */
const keyOf = (photoUrl: string | null): string | null =>
  photoUrl?.startsWith('/photos/') ? photoUrl.slice('/photos/'.length) : null;

/**
 * POST /api/profile/upload-photo (uploadPhoto in docs/api.md: 2 MB, images only).
 * Input: the uploaded bytes (size already capped at 2 MB by the multipart reader: 413). Output: the photo's URL.
 * Primary course: the type comes from the bytes (a PNG-named text file is 400, nothing stored); store it under a
 * new key (URLs are immutable, so caches never show an old photo); point the profile at it; delete the old one.
 */
export async function uploadPhoto(
  deps: PhotoUploadDeps,
  principal: Principal | null,
  file: { bytes: Uint8Array },
): Promise<{ message: string; photoUrl: string }> {
  const account = await callerAccount(deps, principal);
  const type = sniffImageType(file.bytes);
  if (!type) throw new ValidationFailed(NOT_AN_IMAGE);
  const key = `${account.id}/${deps.ids.next()}.${IMAGE_EXTENSIONS[type]}`;
  await deps.photos.put(key, file.bytes, type);
  const photoUrl = `/photos/${key}`;
  const previous = keyOf(await deps.accounts.setPhoto(account.id, photoUrl));
  if (previous) await deps.photos.delete(previous);
  return { message: 'Photo updated', photoUrl };
}

/** POST /api/profile/remove-photo: the profile has no photo afterwards, and the stored image is deleted. */
export async function removePhoto(deps: PhotoDeps, principal: Principal | null): Promise<{ message: string }> {
  const account = await callerAccount(deps, principal);
  const previous = keyOf(await deps.accounts.setPhoto(account.id, null));
  if (previous) await deps.photos.delete(previous);
  return { message: 'Photo removed' };
}

/**
 * POST /api/uploads/event-image (the event editor's photo and guest logo). Input: the uploaded bytes (capped at
 * 5 MB by the multipart reader: 413). Output: the image's URL, which the editor then saves with the event.
 * Primary course: the type comes from the bytes (400 otherwise, nothing stored); stored under the host's folder
 * with a new key.
 */
export async function uploadEventImage(
  deps: PhotoUploadDeps,
  principal: Principal | null,
  file: { bytes: Uint8Array },
): Promise<{ message: string; url: string }> {
  const account = await callerAccount(deps, principal);
  const type = sniffImageType(file.bytes);
  if (!type) throw new ValidationFailed(NOT_AN_IMAGE);
  const key = `${account.id}/events/${deps.ids.next()}.${IMAGE_EXTENSIONS[type]}`;
  await deps.photos.put(key, file.bytes, type);
  return { message: 'Image uploaded', url: `/photos/${key}` };
}

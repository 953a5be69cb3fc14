import { RESERVED_TEAM_SLUGS, type TeamRoleName } from '#shared/api/schemas/teams';
import { EVENT_IMAGE_MAX_BYTES } from '#shared/constants';
import { suggestSlugFrom } from '#frontend/lib/slug.ts';

/**
 * The teams screens' pure rules: roles and what each may do, a slug suggested from a team's name, the logo's checks
 * before upload (the event images' rules), and a member's status as the list shows it.
 */

export type { TeamRoleName };

export const TEAM_ROLES: readonly TeamRoleName[] = ['owner', 'admin', 'member'];

export const ROLE_LABELS: Record<TeamRoleName, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** Owners and admins manage members, invitations and the team's event types. */
export const canManage = (role: string | null | undefined): boolean => role === 'owner' || role === 'admin';

/** What the viewer may do to one member of the list. */
export interface MemberActions {
  changeRole: boolean;
  remove: boolean;
  leave: boolean;
}

/**
 * Owners and admins change roles and remove others; only an owner touches an owner. Anyone leaves; the team keeps at
 * least one owner, so its last owner can neither leave nor be made something else (the server says so too).
 */
export function memberActions(
  viewer: { userId: string; role: string },
  member: { userId: string; role: string },
  owners: number,
): MemberActions {
  const self = viewer.userId === member.userId;
  const lastOwner = member.role === 'owner' && owners <= 1;
  const mayTouch = canManage(viewer.role) && (member.role !== 'owner' || viewer.role === 'owner');
  return {
    changeRole: mayTouch && !lastOwner,
    remove: !self && mayTouch && !lastOwner,
    leave: self && !lastOwner,
  };
}

/**
 * The slug suggested from a team's name while the owner has not typed one: lower-case letters, digits and single
 * hyphens, accents dropped, 3–60 characters; too short or reserved gets "-team" added.
 */
export function suggestTeamSlug(name: string): string {
  return suggestSlugFrom(name, { reserved: RESERVED_TEAM_SLUGS, suffix: 'team' });
}

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The file input's `accept` attribute for a logo. */
export const LOGO_ACCEPT = LOGO_TYPES.join(',');

/** A logo the server would refuse, caught before upload: its problem as a toast's title and text; else null. */
export function logoProblem(file: Pick<File, 'type' | 'size'>): { title: string; description: string } | null {
  if (!LOGO_TYPES.includes(file.type.toLowerCase()))
    return { title: 'Invalid file type', description: 'Please choose an image file (PNG, JPEG, GIF or WebP).' };
  if (file.size > EVENT_IMAGE_MAX_BYTES)
    return { title: 'File too large', description: 'The image file must be less than 5MB in size.' };
  return null;
}

const STATUS_LABELS: Record<string, string> = { active: 'Active', 'no-calendar': 'No calendar' };

/** A member's status as the list shows it: Active (can be booked), No calendar (never free until connected). */
export const statusLabel = (status: string): string => STATUS_LABELS[status] ?? status;

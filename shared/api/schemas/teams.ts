import * as z from 'zod/mini';

import { emailAddress, requiredText } from '#shared/api/schemas/common';
import { loadEnglishMessages } from '#shared/api/zod-english';
import { EVENT_SLUG_MAX, EVENT_SLUG_MIN } from '#shared/constants';

loadEnglishMessages();

/**
 * Teams (issue 28): a team, its members and invitations, and its public page's data. A team's slug is its public
 * address `/team/{slug}`; team slugs are their own namespace, with the same format rules as event slugs.
 */

export const TEAM_NAME_MIN = 2;
export const TEAM_NAME_MAX = 80;
/** Not team slugs: `GET /api/teams/invitations` shares the prefix of `GET /api/teams/{slug}`; `new` is the console's. */
export const RESERVED_TEAM_SLUGS = ['invitations', 'new'] as const;

export const teamRoleSchema = z.enum(['owner', 'admin', 'member'], {
  error: 'The role is owner, admin or member.',
});
export type TeamRoleName = z.infer<typeof teamRoleSchema>;

/** A team slug: lower-case letters, digits and hyphens, 3–60 characters, with a letter, not a reserved word. */
export const teamSlugSchema = z.string({ error: 'Please enter a URL for the team.' }).check(
  z.minLength(EVENT_SLUG_MIN, `The URL must be at least ${EVENT_SLUG_MIN} characters.`),
  z.maxLength(EVENT_SLUG_MAX, `The URL cannot exceed ${EVENT_SLUG_MAX} characters.`),
  z.regex(/^[a-z0-9-]+$/, 'The URL may only contain lowercase letters, numbers and hyphens.'),
  z.regex(/[a-z]/, 'The URL must contain at least one letter.'),
  z.refine(
    (slug) => !(RESERVED_TEAM_SLUGS as readonly string[]).includes(slug),
    'This URL is reserved. Please choose another.',
  ),
);

const teamName = requiredText({
  min: TEAM_NAME_MIN,
  max: TEAM_NAME_MAX,
  tooShort: `Team name must be at least ${TEAM_NAME_MIN} characters.`,
  tooLong: `Team name cannot exceed ${TEAM_NAME_MAX} characters.`,
});

/** A logo as answered by POST /api/uploads/event-image (one of our /photos/ URLs), or none. */
const logoUrl = z.nullable(
  z
    .string({ error: 'Images must be uploaded first.' })
    .check(
      z.maxLength(300, 'Images must be uploaded first.'),
      z.regex(
        /^\/photos\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.(?:png|jpg|gif|webp)$/,
        'Images must be uploaded first.',
      ),
    ),
);

/** POST /api/teams. */
export const createTeamBody = z.strictObject({ name: teamName, slug: teamSlugSchema });
export type CreateTeamBody = z.input<typeof createTeamBody>;
export const createTeamResponse = z.object({ id: z.string(), name: z.string(), slug: z.string() });

/** PATCH /api/teams/{slug}: the name, the logo (null removes it), or both; the slug never changes. */
export const updateTeamBody = z
  .strictObject({ name: z.optional(teamName), logoUrl: z.optional(logoUrl) })
  .check(
    z.refine((body) => body.name !== undefined || body.logoUrl !== undefined, 'Send a new name or logo for the team.'),
  );
export type UpdateTeamBody = z.input<typeof updateTeamBody>;

/** A team as one of its members sees it in lists: with the caller's role. */
export const teamSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logoUrl: z.nullable(z.string()),
  role: teamRoleSchema,
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;
export const teamListResponse = z.array(teamSummarySchema);

/**
 * A member: `status` is `active` when their calendar is connected (they can be booked), `no-calendar` when not (a
 * member without a connected calendar is never free, as a personal host).
 */
export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  status: z.enum(['active', 'no-calendar']),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** A pending invitation as the team's owners and admins see it (`expired`: past its 7 days, cannot be accepted). */
export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'member']),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** One of the team's event types, as the Teams screen lists it. */
export const teamEventSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  slug: z.string(),
  duration: z.number(),
  active: z.boolean(),
  schedulingType: z.nullable(z.enum(['collective', 'round-robin'])),
  hosts: z.array(z.object({ userId: z.string(), fixed: z.boolean(), weight: z.number() })),
});

/**
 * GET /api/teams/{slug} (members only): the team, the caller's role, its members (owners first, then admins, then
 * members, each by joining), its pending invitations (owners and admins; an empty list for members) and its event
 * types, oldest first.
 */
export const teamDetailResponse = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logoUrl: z.nullable(z.string()),
  role: teamRoleSchema,
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
  events: z.array(teamEventSummarySchema),
});
export type TeamDetail = z.infer<typeof teamDetailResponse>;

/** `{slug}` of the team routes: anything that cannot be a team slug is an unknown team. */
export const teamSlugParams = z.object({
  slug: z
    .string()
    .check(
      z.minLength(1, 'Team not found.'),
      z.maxLength(EVENT_SLUG_MAX, 'Team not found.'),
      z.regex(/^[a-z0-9-]+$/, 'Team not found.'),
    ),
});

const invitationId = z
  .string()
  .check(
    z.minLength(1, 'Invitation not found.'),
    z.maxLength(100, 'Invitation not found.'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'Invitation not found.'),
  );
const memberId = z
  .string()
  .check(
    z.minLength(1, 'Member not found.'),
    z.maxLength(100, 'Member not found.'),
    z.regex(/^[A-Za-z0-9_.@-]+$/, 'Member not found.'),
  );

export const invitationIdParams = z.object({ id: invitationId });
export const teamInvitationParams = z.object({ slug: teamSlugParams.shape.slug, id: invitationId });
export const teamMemberParams = z.object({ slug: teamSlugParams.shape.slug, userId: memberId });

/** POST /api/teams/{slug}/invitations: owners are made by a role change, never by invitation. */
export const inviteBody = z.strictObject({
  email: emailAddress('Please enter a valid email address.'),
  role: z.enum(['admin', 'member'], { error: 'Invite as admin or member.' }),
});
export type InviteBody = z.input<typeof inviteBody>;

/** PATCH /api/teams/{slug}/members/{userId}. */
export const memberRoleBody = z.strictObject({ role: teamRoleSchema });
export type MemberRoleBody = z.input<typeof memberRoleBody>;

/** GET /api/teams/invitations: the caller's pending invitations (to their verified address), newest first. */
export const myInvitationSchema = z.object({
  id: z.string(),
  role: z.enum(['admin', 'member']),
  team: z.object({ name: z.string(), slug: z.string(), logoUrl: z.nullable(z.string()) }),
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;
export const myInvitationsResponse = z.array(myInvitationSchema);

/** GET /api/teams/{slug}/public: the team's public page (its active event types with their hosts). */
export const publicTeamResponse = z.object({
  name: z.string(),
  slug: z.string(),
  logoUrl: z.nullable(z.string()),
  events: z.array(
    z.object({
      title: z.string(),
      slug: z.string(),
      description: z.string(),
      duration: z.number(),
      schedulingType: z.nullable(z.enum(['collective', 'round-robin'])),
      hosts: z.array(z.object({ name: z.string(), photoUrl: z.nullable(z.string()) })),
    }),
  ),
});
export type PublicTeam = z.infer<typeof publicTeamResponse>;

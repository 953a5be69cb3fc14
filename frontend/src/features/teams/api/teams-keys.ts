/** The teams screens' query keys: every write below invalidates the ones it changes. */
export const teamsKey = ['teams'] as const;
export const teamKey = (slug: string) => ['teams', slug] as const;
export const myInvitationsKey = ['teamInvitations'] as const;

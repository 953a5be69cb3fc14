import type { RouteDefinition } from '#shared/api/routes';

/**
 * The team routes (issue 28, /api/teams…) live in a nested stack of their own ("Teams"): eleven routes of six
 * resources each would take the main stack past CloudFormation's 500 resources per stack.
 */
export const isTeamRoute = (route: RouteDefinition): boolean => /^\/api\/teams(?:\/|$)/.test(route.path);

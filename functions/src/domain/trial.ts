import { TRIAL_DAYS } from '#shared/constants';

/**
 * The free trial (host-area.md §4 "Free trial", §9): 7 days from the account's creation. A host whose trial has
 * ended and whose subscription is not active cannot activate event types, and their booking pages answer as
 * deactivated.
 */
export function trialEndsAt(createdAt: string): Date {
  return new Date(Date.parse(createdAt) + TRIAL_DAYS * 86_400_000);
}

export function mayActivateEvents(host: { createdAt: string; plan?: { status: string } | null }, now: Date): boolean {
  if (host.plan?.status === 'active') return true;
  return now.getTime() < trialEndsAt(host.createdAt).getTime();
}

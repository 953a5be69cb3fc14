/**
 * The event's accent `color`, made safe for white text (darkened until white on it reaches 4.5:1, WCAG AA): the rule
 * the booking mails use too, kept in one place (shared/accent.ts).
 */
export { accentFor } from '#shared/accent';

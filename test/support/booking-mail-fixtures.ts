import type { MailContext } from '#functions/domain/mail/context';

/** The links and host the booking-mail unit tests compose with (test/unit/booking-mail*.test.ts). */
export const TOKEN = 'secret-manage-token';
export const LINKS: MailContext['links'] = {
  manage: `https://meetwise.test/booking/b-1#token=${TOKEN}`,
  reschedule: `https://meetwise.test/book/jordan-30?reschedule=b-1#token=${TOKEN}`,
  calendarFile: `https://meetwise.test/booking/b-1#token=${TOKEN}&calendar=file`,
  bookAgain: 'https://meetwise.test/book/jordan-30',
  console: 'https://meetwise.test/bookings/b-1',
};
export const HOST = { name: 'Jordan Avery', email: 'jordan@meetwise.test' };

/** booking-landing-auth-admin.md §9: the "copied" notice shows for 2000 ms. */
export const COPIED_NOTICE_MS = 2000;

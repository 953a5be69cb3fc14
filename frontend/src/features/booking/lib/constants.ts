/** The "copied" notice shows for 2000 ms. */
export const COPIED_NOTICE_MS = 2000;

/**
 * The auth screens' chunk (sign-in, registration, auth result, login guard, signed-in header actions), loaded the
 * first time one of them shows. One dynamic import for all of them keeps the entry chunk, which every booking page
 * downloads, to a single small loader.
 */
export const loadAuthScreens = () => import('#frontend/features/auth/components/auth-screens.ts');

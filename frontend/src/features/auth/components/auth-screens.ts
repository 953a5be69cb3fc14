/** Everything the router and the header load lazily from the auth area (see ../load.ts). */
export { AuthSuccessPage } from '#frontend/features/auth/components/auth-success-page.tsx';
export { DirectLoginPage } from '#frontend/features/auth/components/direct-login-page.tsx';
export { LoginPage } from '#frontend/features/auth/components/login-page.tsx';
export { OAuthConfigPage } from '#frontend/features/auth/components/oauth-config-page.tsx';
export { RegisterEmailPage, RegisterPage } from '#frontend/features/auth/components/register-page.tsx';
export { RequireLogin } from '#frontend/features/auth/components/require-login.tsx';
export { SignInLinkPage } from '#frontend/features/auth/components/sign-in-link-page.tsx';
export { VerifyEmailPage } from '#frontend/features/auth/components/verify-email-page.tsx';
export { HostHeaderActions } from '#frontend/features/auth/components/user-menu.tsx';

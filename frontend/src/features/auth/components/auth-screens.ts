/** Everything the router and the header load lazily from the auth area (see ../load.ts). */
export { AuthSuccessPage } from './auth-success-page.tsx';
export { DirectLoginPage } from './direct-login-page.tsx';
export { LoginPage } from './login-page.tsx';
export { OAuthConfigPage } from './oauth-config-page.tsx';
export { RegisterEmailPage, RegisterPage } from './register-page.tsx';
export { RequireLogin } from './require-login.tsx';
export { SignInLinkPage } from './sign-in-link-page.tsx';
export { VerifyEmailPage } from './verify-email-page.tsx';
export { HostHeaderActions } from './user-menu.tsx';

/** Everything the router and the header load lazily from the auth area (see ../load.ts). */
export { AuthSuccessPage } from './auth-success-page.tsx';
export { LoginPage } from './login-page.tsx';
export { RegisterEmailPage, RegisterPage } from './register-page.tsx';
export { RequireLogin } from './require-login.tsx';
export { HostHeaderActions } from './user-menu.tsx';

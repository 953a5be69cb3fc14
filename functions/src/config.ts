/**
 * The one configuration module. Every setting comes from the environment, is validated here, and is read nowhere
 * else: only functions/src/config/environment.ts touches process.env (an ESLint rule forbids it anywhere else).
 * `.env.example` documents each variable. Its pieces, in functions/src/config/: each concern's variables, the rules
 * between them and the part of Config they make (stage.ts, secrets.ts, google.ts, stripe.ts, mail.ts, scheduler.ts,
 * webhooks.ts, local.ts, passwords.ts); parse.ts (Config, parseConfig); environment.ts (the process's environment).
 */

export {
  childEnvironment,
  DEFAULT_METRICS_NAMESPACE,
  loadConfig,
  metricsNamespace,
  setEnvironment,
  setEnvironmentDefaults,
} from '#functions/config/environment';
export type { GoogleConfig } from '#functions/config/google';
export { LOCAL_CREDENTIALS } from '#functions/config/local';
export { ConfigError, parseConfig, type Config } from '#functions/config/parse';
export type { PasswordHashCost } from '#functions/config/passwords';
export type { SchedulerConfig } from '#functions/config/scheduler';
export { STRIPE_API_VERSION, type BillingConfig } from '#functions/config/stripe';
export type { WebhooksConfig } from '#functions/config/webhooks';

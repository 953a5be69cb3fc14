import { existsSync } from 'node:fs';

import { parseConfig, type Config } from '#functions/config/parse';

/**
 * The process's environment: the one module that reads or writes it (an ESLint rule forbids process.env anywhere
 * else). `.env.example` documents each variable.
 */

/** The process's configuration, from its environment (and `.env` in the working directory, if present). */
export function loadConfig(): Config {
  if (!loadedDotEnv && existsSync('.env')) process.loadEnvFile('.env');
  loadedDotEnv = true;
  return parseConfig(process.env);
}
let loadedDotEnv = false;

/**
 * The namespace of the service's own metrics: METRICS_NAMESPACE (the stage's, set by the stack) or the default. Read
 * apart from loadConfig because the process's metrics buffer exists before any use case is composed.
 */
export function metricsNamespace(): string {
  return process.env.METRICS_NAMESPACE || DEFAULT_METRICS_NAMESPACE;
}
/** The namespace on one machine and in tests. */
export const DEFAULT_METRICS_NAMESPACE = 'Meetwise';

/**
 * The local runner starts its peers on free ports and hands their addresses to the handlers it runs in-process
 * the same way the cloud does: through the environment.
 */
export function setEnvironment(values: Record<string, string>): void {
  Object.assign(process.env, values);
}

/** Sets each of `values` that the environment does not set already (the local runner's defaults). */
export function setEnvironmentDefaults(values: Record<string, string>): void {
  for (const [key, value] of Object.entries(values)) if (!process.env[key]) process.env[key] = value;
}

/** This process's environment plus `extra`, for a child process the local runner starts. */
export function childEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

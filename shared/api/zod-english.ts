import { en } from 'zod/locales';
import { config } from 'zod/mini';

/**
 * The schemas are zod/mini (only the checks a bundle uses go into it), which carries no messages of its own: an
 * issue whose schema names no message would say only "Invalid input". Classic zod loads English when imported; here
 * every module that defines schemas calls this at its top, so whatever bundles a schema also bundles zod's English
 * texts (about 3 KB) and answers what classic zod answered ("Too big: expected string to have <=200 characters").
 * Calling it again changes nothing.
 */
export function loadEnglishMessages(): void {
  config(en());
}

import type { AtRule, ChildNode, Container, Declaration, Root, Rule } from 'postcss';
// The parser alone (not postcss's processor, source maps and plugins): the event routes' bundles stay small.
import parse from 'postcss/lib/parse';

import { overlayProblem, scopeCustomCss } from '#shared/custom-css';

/**
 * The save-time check of an event's custom CSS (issue 13, item 9), read by a real CSS parser (postcss), never by
 * patterns over the text: what breaks a rule is refused with a 400 that names it and its line. A selector is
 * refused exactly when the booking page's scoper would drop it, so the two can never disagree. The booking page then applies the CSS scoped inside the booking card
 * (shared/custom-css.ts, which also drops anything refused here from CSS stored before these rules).
 *
 * The rules:
 * - selectors: `html`, `body` and `:root` stand for the booking card and may only come first; nothing may follow
 *   the card with `+`, `~` or `||` (its siblings are the page's);
 * - at-rules: @media only (@import, @font-face, @keyframes, @supports … are refused);
 * - url() only to our own uploaded images, `/photos/…`;
 * - no full-page overlay (overlayProblem, shared with the booking page): `position` only static, relative or
 *   absolute, `z-index` only a whole number up to MAX_CUSTOM_Z_INDEX or `auto`, `all` only a CSS-wide keyword
 *   (each may be a CSS-wide keyword; never var(), calc() or a vendor prefix);
 * - no `expression()`, `javascript:`, `behavior`, `-moz-binding`, image-set() or src();
 * - no `<` (it could end the <style> element), no backslash escapes (they could spell any of the above), and no
 *   string running past a line end (a browser ends it there, and would read what follows as rules).
 */

const FORBIDDEN_VALUE = /expression\s*\(|javascript:|image-set\s*\(|(?:^|[^\w-])src\s*\(/i;
const FORBIDDEN_PROPERTY = new Set(['behavior', '-moz-binding']);
/** Our own uploaded images, or a fragment of this document (an SVG filter): never a request elsewhere. */
const PHOTO_URL = /^(?:\/photos\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.(?:png|jpe?g|gif|webp)|#[A-Za-z][\w-]*)$/;
const SCOPE = '[data-booking-page]';

/** One thing refused, with the line it is on. */
export interface CustomCssProblem {
  line: number;
  message: string;
}

/** The url() targets of a declaration value, or null when a url( is not closed. */
function urlTargets(value: string): string[] | null {
  const targets: string[] = [];
  for (const match of value.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)/gi))
    targets.push(match[1] ?? match[2] ?? match[3] ?? '');
  return targets.length === (value.match(/url\(/gi)?.length ?? 0) ? targets : null;
}

function declarationProblem(decl: Declaration): string | null {
  const property = decl.prop.toLowerCase();
  const value = decl.value.trim();
  if (FORBIDDEN_PROPERTY.has(property)) return `the property "${decl.prop}" is not allowed`;
  // postcss keeps a value's comments aside (raws.value): they could split a token the browser joins otherwise.
  if (decl.raws.value || decl.value.includes('/*'))
    return `comments inside the value of "${decl.prop}" are not allowed`;
  if (FORBIDDEN_VALUE.test(value)) return `the value of "${decl.prop}" is not allowed`;
  const urls = urlTargets(value);
  if (urls === null || urls.some((url) => !PHOTO_URL.test(url)))
    return 'url() may only point to images uploaded here (/photos/…)';
  // postcss keeps `!important` aside (decl.important); what it leaves in the value is checked as a browser reads it.
  return overlayProblem(property, value);
}

/** Why one selector of a rule cannot be kept inside the booking card, or null (the page's own decision). */
function selectorProblem(selector: string): string | null {
  if (/url\(|[{}]/i.test(selector)) return `the selector "${selector}" is not allowed`;
  return scopeCustomCss(`${selector}{x:y}`, SCOPE) ? null : `"${selector}" reaches outside the booking card`;
}

/** Strings must close on their own line, as a browser reads them; comments hold no strings. */
function lineBreakInString(css: string): number | null {
  let quote = '';
  for (let i = 0; i < css.length; i++) {
    const char = css[i]!;
    if (quote) {
      if (char === quote) quote = '';
      else if (/[\n\r\f]/.test(char)) return css.slice(0, i).split('\n').length;
    } else if (char === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close === -1 ? css.length : close + 1;
    } else if (char === '"' || char === "'") quote = char;
  }
  return null;
}

function check(container: Container, report: (node: ChildNode, message: string) => void, inMedia = false): void {
  container.each((node) => {
    if (node.type === 'comment') return;
    if (node.type === 'atrule') {
      const atRule = node as AtRule;
      if (atRule.name.toLowerCase() !== 'media' || inMedia)
        return void report(atRule, `@${atRule.name} is not allowed`);
      if (/url\(|[{}]/i.test(atRule.params)) return void report(atRule, 'the @media condition is not allowed');
      check(atRule, report, true);
    } else if (node.type === 'rule') {
      const rule = node as Rule;
      for (const selector of rule.selectors) {
        const problem = selectorProblem(selector.trim());
        if (problem) report(rule, problem);
      }
      rule.each((child) => {
        if (child.type === 'decl') {
          const declared = declarationProblem(child);
          if (declared) report(child, declared);
        } else if (child.type !== 'comment') report(child, 'nested rules are not allowed');
      });
    } else report(node, 'declarations must be inside a rule');
  });
}

/** Everything a save refuses in `css`, in order (empty: it may be saved). */
export function customCssProblems(css: string): CustomCssProblem[] {
  if (!css.trim()) return [];
  const character = /[<\\]/.exec(css);
  if (character) {
    const line = css.slice(0, character.index).split('\n').length;
    return [{ line, message: character[0] === '<' ? '"<" is not allowed' : 'backslash escapes are not allowed' }];
  }
  const brokenString = lineBreakInString(css);
  if (brokenString !== null) return [{ line: brokenString, message: 'a string must end on the line it starts' }];
  let root: Root;
  try {
    root = parse(css) as Root;
  } catch (error) {
    const { line = 1, reason = 'it is not valid CSS' } = error as { line?: number; reason?: string };
    return [{ line, message: reason.replace(/\.$/, '') }];
  }
  const problems: CustomCssProblem[] = [];
  check(root, (node, message) => problems.push({ line: node.source?.start?.line ?? 1, message }));
  return problems;
}

/** "Custom CSS line 3: url() may only point to images uploaded here (/photos/…)." */
export const problemText = (problem: CustomCssProblem): string =>
  `Custom CSS line ${problem.line}: ${problem.message}.`;

/**
 * An event's custom CSS, made safe to put in a <style> element on the booking page (the event's `customCss`;
 * issue rule: it applies only inside the booking page's container and cannot break out of its style element). The
 * editor's preview and the public page both render `scopeCustomCss(css, scope)`, so they look the same.
 *
 * What is removed: comments, every `<` (so no `</style`), backslash escapes (they could spell the words below),
 * statements and at-rules other than @media (so no `@import`, `@font-face`, `@keyframes`), nested blocks inside a
 * rule, and each declaration holding `expression(`, `javascript:`, `behavior`, `-moz-binding`, an image-set or
 * src() function, a `url(…)` that is not a same-origin relative path, or a full-page overlay (overlayProblem:
 * `position` other than static, relative or absolute, `z-index` other than a whole number up to 10 or `auto`, `all`
 * other than a CSS-wide keyword). Every selector is put inside `scope`;
 * `html`, `body`, `:root` and the scope itself stand for the container; a selector whose first combinator after the
 * container is not a descendant (space) or child (`>`) one (`+`, `~`, `||`) would reach its siblings and is dropped.
 *
 * The output is read by the browser's CSS parser, not by ours, so every selector, @media prelude and declaration
 * that is kept must be self-contained: strings closed on their own line (a browser ends a string at a line break),
 * brackets and parentheses balanced, no braces in a selector or prelude, no `url(` token in a selector or prelude and
 * no `/*`. Anything else is dropped, so the browser sees exactly the rules written here.
 */

/** A browser ends a string at any of these (CSS Syntax §4.3.5): the rest is read as if the string were closed. */
const LINE_BREAK = /[\n\r\f]/;
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const UNSAFE_VALUE = /expression\(|javascript:|image-set\(|(?:^|[^\w-])src\(|[{}]/i;
const UNSAFE_PROPERTY = /^\s*(?:behavior|-moz-binding)\s*:/i;

/**
 * A `url(…)` target allowed in custom CSS (issue 13, item 9): an image uploaded here (`/photos/…`) or a fragment
 * of the page (an SVG filter), nothing that makes a request anywhere else (`../api/…` included). Checked with every
 * space and control character taken out, since URL parsers drop some of them (`/<tab>/evil.example` is
 * `//evil.example`). The server refuses the same at save time (functions/src/domain/custom-css-check.ts).
 */
function isSameOriginPath(raw: string): boolean {
  const unquoted = raw.trim().replace(/^(['"])([\s\S]*)\1$/, '$2');
  const target = [...unquoted].filter((char) => char > ' ' && char !== '\x7f').join('');
  return /^(?:\/photos\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*\.(?:png|jpe?g|gif|webp)|#[A-Za-z][\w-]*)$/.test(target);
}

/** The highest z-index custom CSS may set: above the card's own content, below the page's own layers (20+). */
export const MAX_CUSTOM_Z_INDEX = 10;

/** Values every property takes (CSS Cascade §7.3): none of them leaves the card or rises above it. */
const CSS_WIDE_KEYWORD = /^(?:inherit|initial|unset|revert|revert-layer)$/i;
/** The positions that keep an element in the card's flow or inside its containing block: no fixed, no sticky. */
const CARD_POSITION = /^(?:static|relative|absolute)$/i;

/**
 * Why a declaration would make a full-page overlay, or null: `position` is an allowlist (static, relative,
 * absolute), `z-index` a plain whole number up to MAX_CUSTOM_Z_INDEX or `auto`, and `all` only a CSS-wide keyword
 * (each of them may also be a CSS-wide keyword). Names and values are compared in any case, after one trailing
 * `!important`. Anything else is refused, var(), env(), attr(), calc() and vendor prefixes included: what they
 * compute to is not known here. The save-time check (functions/src/domain/custom-css-check.ts) refuses with this
 * reason; scopeCustomCss drops the declaration.
 */
export function overlayProblem(property: string, rawValue: string): string | null {
  const name = property.trim().toLowerCase();
  if (name !== 'position' && name !== 'z-index' && name !== 'all') return null;
  const value = rawValue
    .trim()
    .replace(/\s*!\s*important$/i, '')
    .replace(/\s+/g, ' ');
  if (CSS_WIDE_KEYWORD.test(value)) return null;
  if (name === 'position') return CARD_POSITION.test(value) ? null : `position: ${value} is not allowed`;
  if (name === 'all') return `all: ${value} is not allowed`;
  if (/^auto$/i.test(value)) return null;
  if (!/^[+-]?\d+$/.test(value)) return `z-index: ${value} is not allowed`;
  return Number(value) > MAX_CUSTOM_Z_INDEX ? `z-index above ${MAX_CUSTOM_Z_INDEX} is not allowed` : null;
}

/** A declaration that would leave the card (see overlayProblem). */
function escapesCard(declaration: string): boolean {
  const colon = declaration.indexOf(':');
  return colon !== -1 && overlayProblem(declaration.slice(0, colon), declaration.slice(colon + 1)) !== null;
}

const safeDeclaration = (declaration: string): boolean =>
  /^\s*-{0,2}[a-z][\w-]*\s*:/i.test(declaration) &&
  selfContained(declaration) &&
  !escapesCard(declaration) &&
  !UNSAFE_PROPERTY.test(declaration) &&
  !UNSAFE_VALUE.test(declaration) &&
  [...declaration.matchAll(/url\(([^)]*)\)?/gi)].every(
    (match) => match[0].endsWith(')') && isSameOriginPath(match[1]!),
  );

/** Splits on `separator` outside quotes and parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote || LINE_BREAK.test(char)) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * Whether a browser reads `text` as a whole of its own: every string closed before a line break, every bracket,
 * parenthesis and brace closed in order, and no `/*` (a comment could swallow what follows it in the output).
 */
function selfContained(text: string): boolean {
  const open: string[] = [];
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote) quote = '';
      else if (LINE_BREAK.test(char)) return false;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '/' && text[i + 1] === '*') return false;
    else if (char === '(' || char === '[' || char === '{') open.push(char);
    else if (char in CLOSERS && open.pop() !== CLOSERS[char]) return false;
  }
  return !quote && open.length === 0;
}

/** A selector or @media prelude the browser reads exactly as we do: self-contained, no braces, no url token. */
const safePrelude = (text: string): boolean => selfContained(text) && !/[{}]|url\(/i.test(text);

/**
 * The first combinator at the top level of `rest` (what follows the container in a selector): ' ' (descendant),
 * '>', '+', '~', '|' (column `||` or a namespace bar), or '' when there is none.
 */
function firstCombinator(rest: string): string {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < rest.length; i++) {
    const char = rest[i]!;
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth = Math.max(0, depth - 1);
    else if (depth > 0) continue;
    else if ('>+~|'.includes(char)) return char;
    else if (/\s/.test(char)) {
      const next = rest.slice(i).trimStart()[0];
      if (next === undefined) return '';
      return '>+~|'.includes(next) ? next : ' ';
    }
  }
  return '';
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function scopeSelector(selector: string, scope: string): string | null {
  const trimmed = selector.trim();
  if (!trimmed || !safePrelude(trimmed)) return null;
  // html, body, :root (and the scope written out) stand for the container; a name going on (`bodyguard`) does not.
  const end = '(?![\\w\\u0080-\\uffff-])';
  const root = new RegExp(
    `^(?:(?::root|html)${end}(?:\\s*>?\\s*body${end})?|body${end}|${escapeRegExp(scope)}${end})`,
    'i',
  );
  const rest = trimmed.replace(root, '');
  if (rest === trimmed) return /^[+~|]/.test(trimmed) ? null : `${scope} ${trimmed}`;
  // Only a descendant or child may follow the container: `+`, `~` or `||` first would reach outside it.
  const combinator = firstCombinator(rest);
  return combinator === '' || combinator === ' ' || combinator === '>' ? `${scope}${rest}` : null;
}

interface Block {
  prelude: string;
  body: string;
}

/** The top-level statements of `css`: `{ prelude, body }` per block; statements ending in `;` come back without a body. */
function blocks(css: string): Block[] {
  const found: Block[] = [];
  let quote = '';
  let depth = 0;
  let start = 0;
  let open = 0;
  for (let i = 0; i < css.length; i++) {
    const char = css[i]!;
    if (quote) {
      if (char === quote || LINE_BREAK.test(char)) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') {
      if (depth++ === 0) open = i;
    } else if (char === '}') {
      if (depth === 0) start = i + 1;
      else if (--depth === 0) {
        found.push({ prelude: css.slice(start, open).trim(), body: css.slice(open + 1, i) });
        start = i + 1;
      }
    } else if (char === ';' && depth === 0) start = i + 1;
  }
  return found;
}

/** A rule's own declarations: nested blocks go with their contents, innermost first. */
function withoutNestedBlocks(body: string): string {
  let previous;
  let current = body;
  do {
    previous = current;
    current = current.replace(/[^;{}]*\{[^{}]*\}/g, '');
  } while (current !== previous);
  return current;
}

function scopeRules(css: string, scope: string, allowMedia: boolean): string {
  return blocks(css)
    .map(({ prelude, body }) => {
      if (prelude.startsWith('@')) {
        if (!allowMedia || !/^@media\s[^@]*$/i.test(prelude) || !safePrelude(prelude)) return '';
        const inner = scopeRules(body, scope, false);
        return inner && `${prelude}{${inner}}`;
      }
      const selectors = splitTopLevel(prelude, ',')
        .map((selector) => scopeSelector(selector, scope))
        .filter((selector) => selector !== null);
      const declarations = splitTopLevel(withoutNestedBlocks(body), ';')
        .filter(safeDeclaration)
        .map((declaration) => declaration.trim());
      return selectors.length && declarations.length ? `${selectors.join(',')}{${declarations.join(';')}}` : '';
    })
    .join('');
}

export function scopeCustomCss(css: string, scope: string): string {
  const cleaned = css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\(?:[0-9a-f]{1,6}\s?|[\s\S])?/gi, '')
    .replace(/</g, '');
  return scopeRules(cleaned, scope, true);
}

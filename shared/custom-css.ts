/**
 * An event's custom CSS, made safe to put in a <style> element on the booking page (host-area.md §3 "customCss";
 * issue rule: it applies only inside the booking page's container and cannot break out of its style element). The
 * editor's preview and the public page both render `scopeCustomCss(css, scope)`, so they look the same.
 *
 * What is removed: comments, every `<` (so no `</style`), backslash escapes (they could spell the words below),
 * statements and at-rules other than @media (so no `@import`, `@font-face`, `@keyframes`), nested blocks inside a
 * rule, and each declaration holding `expression(`, `javascript:`, `behavior`, `-moz-binding`, an image-set or
 * src() function, or a `url(…)` that is not a same-origin relative path. Every selector is put inside `scope`;
 * `html`, `body` and `:root` stand for the container itself; a selector that would reach the container's siblings
 * (`+`, `~` right after it) is dropped.
 */

const UNSAFE_VALUE = /expression\(|javascript:|image-set\(|(?:^|[^\w-])src\(|[{}]/i;
const UNSAFE_PROPERTY = /^\s*(?:behavior|-moz-binding)\s*:/i;

/**
 * A `url(…)` target on our own origin: no scheme, not protocol-relative. Checked with every space and control
 * character taken out, since URL parsers drop some of them (`/<tab>/evil.example` is `//evil.example`).
 */
function isSameOriginPath(raw: string): boolean {
  const unquoted = raw.trim().replace(/^(['"])([\s\S]*)\1$/, '$2');
  const target = [...unquoted].filter((char) => char > ' ' && char !== '\x7f').join('');
  return !/^\/\/|^[a-z][\w+.-]*:|["'()]/i.test(target);
}

const safeDeclaration = (declaration: string): boolean =>
  /^\s*-{0,2}[a-z][\w-]*\s*:/i.test(declaration) &&
  !UNSAFE_PROPERTY.test(declaration) &&
  !UNSAFE_VALUE.test(declaration) &&
  [...declaration.matchAll(/url\(([^)]*)\)?/gi)].every((match) => match[0].endsWith(')') && isSameOriginPath(match[1]!));

/** Splits on `separator` outside quotes and parentheses. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === quote) quote = '';
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

function scopeSelector(selector: string, scope: string): string | null {
  const trimmed = selector.trim();
  const rest = trimmed.replace(/^(?:(?::root|html)(?![\w-])(?:\s*>?\s*body(?![\w-]))?|body(?![\w-]))/i, '');
  if (!trimmed || /^\s*[+~]/.test(rest)) return null;
  return rest === trimmed ? `${scope} ${trimmed}` : `${scope}${rest}`;
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
      if (char === quote) quote = '';
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
        if (!allowMedia || !/^@media\s[^@]*$/i.test(prelude)) return '';
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

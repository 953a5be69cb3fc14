import { describe, expect, it } from 'vitest';

import { scopeCustomCss } from '#shared/custom-css';

/**
 * The custom-CSS rule shared by the editor's preview and the public booking page: applies only inside the
 * container and cannot break out of its style element.
 */

const S = '[data-booking-page]';
const scope = (css: string) => scopeCustomCss(css, S);

interface ParsedRule {
  /** The preludes of the at-rules around it, outermost first. */
  atRules: string[];
  prelude: string;
}

/**
 * The style rules a browser finds in `css`, read the way CSS Syntax reads it (not the way custom-css.ts does):
 * comments, strings that end at a line break or at the end, url( tokens that run to the first `)`, and blocks of
 * (), [] and {} that each end only at their own closer (a `}` inside parentheses does not end a rule).
 */
function browserRules(css: string): ParsedRule[] {
  const rules: ParsedRule[] = [];
  let i = 0;
  const isName = (char: string | undefined) => char !== undefined && /[\w\u0080-\uffff-]/.test(char);
  /** Consumes one component value starting at i and returns its text. */
  const component = (): string => {
    const from = i;
    const char = css[i]!;
    if (char === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close === -1 ? css.length : close + 2;
      return ' ';
    }
    if (char === '\\') {
      i += 2;
      return css.slice(from, i);
    }
    if (char === '"' || char === "'") {
      i++;
      while (i < css.length && css[i] !== char && !/[\n\r\f]/.test(css[i]!)) i += css[i] === '\\' ? 2 : 1;
      if (css[i] === char) i++;
      return css.slice(from, i);
    }
    if (/url\(/iy.test(css.slice(i, i + 4)) && !isName(css[i - 1])) {
      let j = i + 4;
      while (/\s/.test(css[j] ?? '')) j++;
      if (css[j] !== '"' && css[j] !== "'") {
        const close = css.indexOf(')', j);
        i = close === -1 ? css.length : close + 1;
        return css.slice(from, i);
      }
    }
    if (char === '(' || char === '[' || char === '{') {
      const closer = { '(': ')', '[': ']', '{': '}' }[char];
      i++;
      while (i < css.length && css[i] !== closer) component();
      i++;
      return css.slice(from, Math.min(i, css.length));
    }
    i++;
    return char;
  };
  /** A list of rules up to `}` (nested) or the end. */
  const ruleList = (atRules: string[], nested: boolean) => {
    while (i < css.length) {
      if (nested && css[i] === '}') {
        i++;
        return;
      }
      if (/\s/.test(css[i]!)) {
        i++;
        continue;
      }
      let prelude = '';
      let ended = false;
      while (i < css.length && !ended) {
        const char = css[i];
        if (char === '{') {
          i++;
          if (prelude.trim().startsWith('@')) ruleList([...atRules, prelude.trim()], true);
          else {
            rules.push({ atRules, prelude: prelude.trim() });
            while (i < css.length && css[i] !== '}') component();
            i++;
          }
          ended = true;
        } else if (char === ';' && prelude.trim().startsWith('@')) {
          i++;
          ended = true;
        } else if (nested && char === '}') ended = true;
        else prelude += component();
      }
    }
  };
  ruleList([], false);
  return rules;
}

/** The selectors of a prelude, split at top-level commas. */
function selectorsOf(prelude: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const char = prelude[i]!;
    if (quote) {
      if (char === quote || /[\n\r\f]/.test(char)) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth--;
    else if (char === ',' && depth === 0) {
      selectors.push(prelude.slice(start, i).trim());
      start = i + 1;
    }
  }
  return [...selectors, prelude.slice(start).trim()];
}

/** Whether the first top-level combinator after the scope (outside (), [] and strings) is `+`, `~` or `|`. */
function reachesSiblings(afterScope: string): boolean {
  const topLevel = afterScope.replace(/"[^"]*"|'[^']*'/g, '""');
  let flat = topLevel;
  let previous;
  do {
    previous = flat;
    flat = flat.replace(/\([^()]*\)|\[[^[\]]*\]/g, '');
  } while (flat !== previous);
  const combinator = /[\s>+~|]/.exec(flat);
  if (!combinator) return false;
  const next = flat.slice(combinator.index).trimStart()[0];
  return next === '+' || next === '~' || next === '|';
}

/**
 * Whether every rule a browser would find in `out` stays inside the scope: only @media around it, every selector
 * starting with the scope, followed by nothing, a descendant or a child combinator, never `+`, `~` or `||`.
 */
function expectContained(out: string, input: string) {
  for (const rule of browserRules(out)) {
    for (const at of rule.atRules) expect(at, `${input} → ${out}`).toMatch(/^@media\s/i);
    for (const selector of selectorsOf(rule.prelude)) {
      expect(selector.startsWith(S), `${JSON.stringify(input)} → ${JSON.stringify(out)}: ${selector}`).toBe(true);
      expect(
        reachesSiblings(selector.slice(S.length)),
        `${JSON.stringify(input)} → ${JSON.stringify(out)}: ${selector}`,
      ).toBe(false);
    }
  }
}

describe('scopeCustomCss: scoping', () => {
  it('puts every selector of a rule inside the container', () => {
    expect(scope('.title { color: red; font-weight: 700 }')).toBe(`${S} .title{color: red;font-weight: 700}`);
    expect(scope('h1, .a > .b, p:is(.x, .y) {margin:0}')).toBe(`${S} h1,${S} .a > .b,${S} p:is(.x, .y){margin:0}`);
  });

  it('treats html, body and :root as the container itself', () => {
    expect(scope('body { background: #000 }')).toBe(`${S}{background: #000}`);
    expect(scope('html body .a { color: red }')).toBe(`${S} .a{color: red}`);
    expect(scope(':root { --x: 1 }')).toBe(`${S}{--x: 1}`);
    expect(scope('body.dark > p { color: red }')).toBe(`${S}.dark > p{color: red}`);
    expect(scope('bodyguard, html-like { color: red }')).toBe(`${S} bodyguard,${S} html-like{color: red}`);
  });

  it("drops selectors that would reach the container's siblings", () => {
    expect(scope('body ~ div { display: none } .ok { color: red }')).toBe(`${S} .ok{color: red}`);
    expect(scope('+ div, ~ p { display: none } .ok { color: red }')).toBe(`${S} .ok{color: red}`);
    // The same rules with a child combinator are kept, so what drops them above is the combinator.
    expect(scope('body > div { display: none }')).toBe(`${S} > div{display: none}`);
    expect(scope('> div, > p { display: none }')).toBe(`${S} > div,${S} > p{display: none}`);
    expect(scope('html + footer, .ok { color: red }')).toBe(`${S} .ok{color: red}`);
  });

  it('drops a sibling combinator that follows the container, even after a pseudo-class or attribute on it', () => {
    for (const selector of [
      'body:not(.x) ~ *',
      ':root:hover + *',
      'html:not(.a):is(.b) ~ footer',
      'body[class] + div',
      'body::before ~ *',
      'html > body.dark ~ *',
      'body:not(.x)~*',
      'body:not(.x)\n~ *',
      'body || td',
      'body:not(.x) || td',
      '|| td',
    ]) {
      expect(scope(`${selector} { display: none } .ok { color: red }`), selector).toBe(`${S} .ok{color: red}`);
      // With a child combinator in its place the selector is kept: it is the sibling combinator that drops it.
      const child = selector.replace(/\s*(?:\+|~|\|\|)\s*/, ' > ');
      const kept = scope(`${child} { display: none }`);
      expect(kept, child).toMatch(/\{display: none\}$/);
      expectContained(kept, child);
    }
  });

  it('treats the scope written out like html and body: it may be refined, never left sideways', () => {
    for (const selector of [
      '[data-booking-page] ~ x',
      '[data-booking-page]+x',
      '[data-booking-page]:hover ~ *',
      '[DATA-BOOKING-PAGE] + *',
    ]) {
      expect(scope(`${selector} { display: none } .ok { color: red }`), selector).toBe(`${S} .ok{color: red}`);
    }
    expect(scope('[data-booking-page] .a { color: red }')).toBe(`${S} .a{color: red}`);
    expect(scope('[data-booking-page].dark > p { color: red }')).toBe(`${S}.dark > p{color: red}`);
    expect(scope('[data-booking-page]-like { color: red }')).toBe(`${S} [data-booking-page]-like{color: red}`);
  });

  it('keeps sibling combinators that come after a descendant or child of the container', () => {
    expect(scope('body .a ~ .b { color: red }')).toBe(`${S} .a ~ .b{color: red}`);
    expect(scope('body > a + b { color: red }')).toBe(`${S} > a + b{color: red}`);
    expect(scope('body:not(.x) .a + .b { color: red }')).toBe(`${S}:not(.x) .a + .b{color: red}`);
    expect(scope('.a ~ .b, li + li { color: red }')).toBe(`${S} .a ~ .b,${S} li + li{color: red}`);
    expect(scope('body:has(+ footer) { color: red }')).toBe(`${S}:has(+ footer){color: red}`);
    expect(scope('body li:nth-child(2n+1) { color: red }')).toBe(`${S} li:nth-child(2n+1){color: red}`);
    expect(scope('a[title~="x"], a[lang|="en"] { color: red }')).toBe(
      `${S} a[title~="x"],${S} a[lang|="en"]{color: red}`,
    );
  });

  it('scopes the rules inside @media and keeps the media query', () => {
    expect(scope('@media (max-width: 600px) { .a { color: red } body { padding: 0 } }')).toBe(
      `@media (max-width: 600px){${S} .a{color: red}${S}{padding: 0}}`,
    );
  });

  it('drops other at-rules, nested @media and nested blocks', () => {
    expect(scope('@font-face { font-family: x; src: url(/f.woff) } .a { color: red }')).toBe(`${S} .a{color: red}`);
    expect(scope('@keyframes spin { from { opacity: 0 } to { opacity: 1 } }')).toBe('');
    expect(scope('@supports (display: grid) { .a { color: red } }')).toBe('');
    expect(scope('@media screen { @media print { .a { color: red } } }')).toBe('');
    expect(scope('.a { color: red; .b { color: blue } & .c { x: y } }')).toBe(`${S} .a{color: red}`);
    expect(scope('.a { color: red; .b { .c { .d { top: 0 } } } }')).toBe(`${S} .a{color: red}`);
  });

  it('drops declarations outside rules, empty rules and comments', () => {
    expect(scope('color: red; .a { }')).toBe('');
    expect(scope('/* note */ .a { /* inside */ color: red }')).toBe(`${S} .a{color: red}`);
    expect(scope('')).toBe('');
  });

  it('keeps braces and semicolons inside strings', () => {
    expect(scope('.a::before { content: "};{" }')).toBe('');
    expect(scope('.a::before { content: "a;b" } .b { color: red }')).toBe(
      `${S} .a::before{content: "a;b"}${S} .b{color: red}`,
    );
  });
});

describe('scopeCustomCss: what cannot get through', () => {
  it('removes every < so the style element cannot be closed', () => {
    const out = scope('.a { color: red } </style><script>alert(1)</script> .b { color: blue }');
    expect(out).not.toContain('<');
    expect(out.startsWith(`${S} .a{color: red}`)).toBe(true);
    expect(scope('.a::after { content: "</style><img src=x onerror=alert(1)>" }')).not.toContain('<');
    expect(scope('<!-- .a { color: red } -->')).not.toContain('<');
  });

  it('removes @import in any spelling', () => {
    for (const css of [
      '@import url(https://evil.example/x.css); .a { color: red }',
      '@import "https://evil.example/x.css"; .a { color: red }',
      '@\\69mport "https://evil.example/x.css"; .a { color: red }',
      '@IMPORT url(/x.css); .a { color: red }',
      '@media screen { @import "x.css"; .a { color: red } }',
    ]) {
      expect(scope(css), css).not.toMatch(/import/i);
    }
  });

  it('keeps url() to our uploaded images and page fragments only', () => {
    expect(scope('.a { background: url(/photos/a.png) }')).toBe(`${S} .a{background: url(/photos/a.png)}`);
    expect(scope(".a { filter: url('#blur') }")).toBe(`${S} .a{filter: url('#blur')}`);
    for (const target of [
      // Relative paths reach the API from the booking page (issue 13, item 9): /api/… and ../api/… alike.
      '"img/b.png"',
      '/api/user/calendar/connect?provider=builtin',
      '../api/auth/email-link?token=x',
      '/photos/../api/me',
      'https://evil.example/a.png',
      'HTTP://evil.example/a.png',
      '//evil.example/a.png',
      '"//evil.example/a.png"',
      "' //evil.example/a.png'",
      '"/\t/evil.example/a.png"',
      '/ /evil.example',
      'data:image/svg+xml,abc',
      'javascript:alert(1)',
      '"a)b"',
    ]) {
      const out = scope(`.a { color: red; background: url(${target}) } .b { color: blue }`);
      expect(out, target).toBe(`${S} .a{color: red}${S} .b{color: blue}`);
    }
    // A line break ends the string (as in a browser); the `"` after it opens one that runs to the end, so the
    // browser sees no end to the rule, and neither do we.
    expect(scope('.a { color: red; background: url("/\n/evil.example/a.png") } .b { color: blue }')).toBe('');
    expect(scope('.a { color: red; background: url("/\n/evil.example/a.png) } .b { color: blue }')).toBe(
      `${S} .a{color: red}${S} .b{color: blue}`,
    );
  });

  it('drops a full-page overlay: position fixed or sticky, z-index above the card (issue 13, item 9)', () => {
    expect(scope('[data-booking-page]{position:fixed;inset:0;z-index:2147483647} .a::before{content:"x"}')).toBe(
      `${S}{inset:0}${S} .a::before{content:"x"}`,
    );
    expect(scope('.a { position: sticky !important; z-index: 10 }')).toBe(`${S} .a{z-index: 10}`);
    expect(scope('.a { position: relative; z-index: 11 }')).toBe(`${S} .a{position: relative}`);
  });

  it('keeps position static, relative, absolute or a CSS-wide keyword, and z-index up to 10, auto or a keyword', () => {
    for (const value of [
      'static',
      'relative',
      'absolute',
      'inherit',
      'initial',
      'unset',
      'revert',
      'revert-layer',
      'ABSOLUTE',
      'relative !important',
    ]) {
      expect(scope(`.a { position: ${value} }`), value).toBe(`${S} .a{position: ${value}}`);
    }
    for (const value of ['auto', 'Auto', '0', '10', '-1', '10 !important', 'unset']) {
      expect(scope(`.a { z-index: ${value} }`), value).toBe(`${S} .a{z-index: ${value}}`);
    }
    expect(scope('.a { all: revert; inset: 0; top: 1px }')).toBe(`${S} .a{all: revert;inset: 0;top: 1px}`);
  });

  it('drops position set through a custom property or any function (the custom property itself is harmless)', () => {
    expect(scope('.a { --p: fixed; position: var(--p) }')).toBe(`${S} .a{--p: fixed}`);
    for (const value of ['var(--p, fixed)', 'env(x)', 'attr(data-p)', 'calc(1)']) {
      expect(scope(`.a { color: red; position: ${value} }`), value).toBe(`${S} .a{color: red}`);
    }
  });

  it('drops vendor-prefixed, upper-case and !important spellings of position fixed or sticky', () => {
    for (const declaration of [
      'position: -webkit-sticky',
      'position: -moz-sticky',
      'position: -ms-fixed',
      'position: -webkit-sticky !important',
      'POSITION: FIXED',
      'Position: Sticky!IMPORTANT',
      'position: fixed ! important',
      'position: fixed !important !important',
    ]) {
      expect(scope(`.a { color: red; ${declaration} }`), declaration).toBe(`${S} .a{color: red}`);
    }
  });

  it('drops z-index through a custom property, a function, an exponent or a fraction', () => {
    expect(scope('.a { --z: 99999; z-index: var(--z) }')).toBe(`${S} .a{--z: 99999}`);
    for (const value of ['calc(99999)', '1e9', '9.9e9', 'max(1, 99999)', '99999 !IMPORTANT', '11.5']) {
      expect(scope(`.a { color: red; z-index: ${value} }`), value).toBe(`${S} .a{color: red}`);
    }
  });

  it('drops the all shorthand unless it is a CSS-wide keyword', () => {
    expect(scope('.a { --a: fixed; all: var(--a) }')).toBe(`${S} .a{--a: fixed}`);
    expect(scope('.a { color: red; ALL: fixed }')).toBe(`${S} .a{color: red}`);
    expect(scope('.a { all: INITIAL !important }')).toBe(`${S} .a{all: INITIAL !important}`);
  });

  it('drops position fixed inside @media, @supports and nested rules', () => {
    expect(scope('@media print { .a { position: -webkit-sticky; color: red } }')).toBe(
      `@media print{${S} .a{color: red}}`,
    );
    expect(scope('@supports (position: fixed) { .a { position: fixed } } .b { color: red }')).toBe(
      `${S} .b{color: red}`,
    );
    expect(scope('.a { color: red; & { position: fixed } .b { position: var(--p) } }')).toBe(`${S} .a{color: red}`);
  });

  it('drops an unterminated url(', () => {
    expect(scope('.a { color: red; background: url(/a.png }')).toBe(`${S} .a{color: red}`);
  });

  it('catches url(), expression() and javascript: hidden behind escapes or case', () => {
    // Escapes are dropped, not decoded: what they spelled never becomes a function.
    expect(scope('.a { background: u\\72l(https://evil.example/x) }')).not.toMatch(/url\(/i);
    expect(scope('.a { background: \\75 rl(https://evil.example/x) }')).not.toMatch(/url\(/i);
    // What is left without the escape is no image of ours: dropped.
    expect(scope('.a { background: url("/\\\\evil.example/a.png") }')).toBe('');
    expect(scope('.a { width: expression(alert(1)) }')).toBe('');
    expect(scope('.a { width: EXPRESSION(alert(1)) }')).toBe('');
    expect(scope('.a { width: e\\78pression(alert(1)) }')).not.toMatch(/expression/i);
    expect(scope('.a { background: url(javascript:alert(1)) }')).toBe('');
    expect(scope('.a { x: java\\73 cript:alert(1) }')).not.toMatch(/javascript/i);
  });

  it('drops behaviors, bindings, image-set() and src() but keeps look-alike properties', () => {
    expect(scope('.a { behavior: url(/x.htc) }')).toBe('');
    expect(scope('.a { -moz-binding: url(/x.xml#b) }')).toBe('');
    expect(scope('.a { background: image-set("https://evil.example/a.png" 1x) }')).toBe('');
    expect(scope('.a { background: -webkit-image-set("//evil.example/a.png" 1x) }')).toBe('');
    expect(scope('.a { background-image: src("https://evil.example/a.png") }')).toBe('');
    expect(scope('html { scroll-behavior: smooth }')).toBe(`${S}{scroll-behavior: smooth}`);
  });

  it('never lets anything outside the scope through, whatever it is given', () => {
    const attempts = [
      '} body { display: none } .a {',
      '}}}} * { display: none }',
      '.a { color: red }} * { display: none }',
      '*{display:none}',
      '@media all { } } html { display: none }',
      ':root ~ * { display: none }',
      '.a{color:red;}{}}{;;',
      "'unterminated { .a { color: red }",
      ...STRING_BREAKOUTS,
      'body:not(.x) ~ * { display: none }',
      ':root:hover + * { display: none }',
      '[data-booking-page] ~ x { display: none }',
      '@media all { body:not(.x) ~ * { display: none } }',
      'a[x{color:red}b]{} body *{color:red} .c{y:z}',
      ':is(.a{color:red} body *{color:red}){} .c{y:z}',
      '.a url({}body *{color:red}) { x: y }',
      '.a { width: calc(1px } .b:is(.q), body ~ * { color: red } .c { top: 0 }',
      '.a { x: /<* } .b { y: */; z: 1 } body ~ * { color: red }',
      '.a { x: /\\ * } .b { y: */ } body ~ * { color: red }',
    ];
    for (const css of attempts) {
      const out = scope(css);
      expect(out, css).not.toContain('<');
      expectContained(out, css);
    }
  });

  it('checks with a parser that does find rules outside the scope', () => {
    // The helper above would catch a leak: it finds these rules the way a browser does.
    expect(browserRules('a"\n{}body *{color:red}"{color:blue}').map((rule) => rule.prelude)).toEqual(['a"', 'body *']);
    expect(browserRules('.a{x:calc(1px}body{y:z});} b{c:d}').map((rule) => rule.prelude)).toEqual(['.a', 'b']);
    expect(browserRules('.a{x:"y}\nz}c{d:e}').map((rule) => rule.prelude)).toEqual(['.a', 'c']);
    expect(browserRules('@media x{.a{b:c}} .d{e:f}')).toEqual([
      { atRules: ['@media x'], prelude: '.a' },
      { atRules: [], prelude: '.d' },
    ]);
    expect(reachesSiblings(':not(.x) ~ *')).toBe(true);
    expect(reachesSiblings(':has(+ x) .a ~ b')).toBe(false);
  });
});

/** Strings a browser ends at a line break, used to hide rules from a scanner that lets them run on. */
const STRING_BREAKOUTS = [
  'a"\n{}body *{color:red;background:url(https://evil.example/x)}"{color:blue}',
  'a"\r{}body *{color:red;background:url(https://evil.example/x)}"{color:blue}',
  'a"\f{}body *{color:red;background:url(https://evil.example/x)}"{color:blue}',
  'a"\r\n{}body *{color:red}"{color:blue}',
  "a'\n{}body *{color:red}'{color:blue}",
  'a, b"\n{}html ~ *{color:red}"{color:blue}',
  '@media "\n{}body *{color:red}" { .a { color: blue } }',
  '@media screen and (x: "\n) {} body *{color:red} @media print" ) { .a { color: blue } }',
  '.a { content: "\n}body *{color:red}.b{x: "; color: blue }',
  '.a { color: blue; content: "x\n;} * { color: red } .b { top: "0 }',
];

describe('scopeCustomCss: strings end at a line break, as in a browser', () => {
  it('does not let a string hide a rule that reaches outside the scope (the reviewed example)', () => {
    const css = 'a"\n{}body *{color:red;background:url(https://evil.example/x)}"{color:blue}';
    // A browser reads: a rule `a"` (bad string) with an empty block, then `body *{…}`, then `"{color:blue}`
    // (a string to the end). The body rule is kept inside the container, without its off-site url().
    expect(scope(css)).toBe(`${S} *{color:red}`);
  });

  it('ends a string at \\r and \\f too, and in single quotes', () => {
    expect(scope('a"\r{}body *{color:red}"{color:blue}')).toBe(`${S} *{color:red}`);
    expect(scope('a"\f{}body *{color:red}"{color:blue}')).toBe(`${S} *{color:red}`);
    expect(scope("a'\n{}body *{color:red}'{color:blue}")).toBe(`${S} *{color:red}`);
  });

  it('drops a selector or @media prelude holding a brace, a broken string or a url( token', () => {
    expect(scope('a"\n{} .ok { color: red }')).toBe(`${S} .ok{color: red}`);
    expect(scope('a, b"\n{}.ok { color: red }')).toBe(`${S} .ok{color: red}`);
    expect(scope('@media "\n{}.ok { color: red }')).toBe(`${S} .ok{color: red}`);
    expect(scope('@media screen and (x: "y\n) { .a { color: blue } }')).toBe('');
    expect(scope('.a url(x), .b { color: red }')).toBe(`${S} .b{color: red}`);
    expect(scope('@media url(x) { .a { color: blue } }')).toBe('');
    expect(scope('a[x, .b { color: red }')).toBe(`${S} .b{color: red}`);
    expect(scope(':is(.a, .b { color: red }')).toBe('');
  });

  it('keeps well-formed strings and brackets in selectors, @media preludes and declarations', () => {
    expect(scope('a[title="x"], a[data-x=\'y z\'] { color: red }')).toBe(
      `${S} a[title="x"],${S} a[data-x='y z']{color: red}`,
    );
    expect(scope('@media (min-width: 600px) and (max-width: 900px) { p:is(.a, .b) { margin: 0 } }')).toBe(
      `@media (min-width: 600px) and (max-width: 900px){${S} p:is(.a, .b){margin: 0}}`,
    );
    expect(scope('.a::before { content: "a;b"; width: calc(100% - 2px) }')).toBe(
      `${S} .a::before{content: "a;b";width: calc(100% - 2px)}`,
    );
  });

  it('drops a declaration whose string breaks at a line, or whose brackets do not close', () => {
    expect(scope('.a { content: "x\n; top: 0 }')).toBe(`${S} .a{top: 0}`);
    expect(scope('.a { color: red; width: calc(1px }')).toBe(`${S} .a{color: red}`);
    expect(scope('.a { color: red; x: y] }')).toBe(`${S} .a{color: red}`);
    expect(scope('.a { color: red; content: "x }')).toBe('');
  });

  it('drops a declaration that would open a comment in the output', () => {
    expect(scope('.a { color: red; x: /<* } .b { y: */; z: 1 }')).toBe(`${S} .a{color: red}${S} .b{y: */;z: 1}`);
    expect(scope('.a { color: red; x: /\\ * }')).toBe(`${S} .a{color: red}`);
    expect(scope('a/<*, .b { color: red }')).toBe(`${S} .b{color: red}`);
  });
});

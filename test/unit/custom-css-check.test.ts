import { describe, expect, it } from 'vitest';

import { scopeCustomCss } from '#shared/custom-css';
import { customCssProblems, problemText } from '#functions/domain/custom-css-check';

/**
 * The save-time check of custom CSS (issue 13, item 9), through postcss: each attack the probe found, and the ways
 * around a check that reads text, are refused with their line; ordinary styling of the booking card is not.
 */

const messages = (css: string) => customCssProblems(css).map(problemText);

describe('custom CSS check', () => {
  it('accepts ordinary styling of the booking card', () => {
    for (const css of [
      '.title { color: #c00; font-weight: 700 }',
      'body { background: #fafafa } html .a, :root > .b { margin: 0 }',
      '@media (max-width: 600px) { .a { padding: 0 } }',
      '.logo { background: url(/photos/u1/logo.png) no-repeat; z-index: 10; position: relative }',
      '.a::before { content: "a;b{c}" }',
      '/* a note */ .a { color: red }',
      'body .a ~ .b, li + li { color: red }',
    ]) {
      expect(messages(css), css).toEqual([]);
    }
  });

  it('refuses url() to anything but our own uploaded images, naming the line', () => {
    expect(messages('.a { color: red }\n.b { background: url(/api/user/calendar/connect?provider=builtin) }')).toEqual([
      'Custom CSS line 2: url() may only point to images uploaded here (/photos/…).',
    ]);
    for (const target of [
      '/api/auth/email-link?token=x',
      '"https://evil.example/x.png"',
      '//evil.example/x.png',
      'data:image/png;base64,AAA',
      '/photos/../api/me',
    ]) {
      expect(messages(`.a { background: url(${target}) }`), target).toEqual([
        'Custom CSS line 1: url() may only point to images uploaded here (/photos/…).',
      ]);
    }
    expect(messages('.a { background: url(/photos/x.png }')).not.toEqual([]);
  });

  it('refuses a full-page overlay: position fixed or sticky, and z-index above the card', () => {
    expect(messages('[data-booking-page]{position:fixed;inset:0;z-index:2147483647}')).toEqual([
      'Custom CSS line 1: position: fixed is not allowed.',
      'Custom CSS line 1: z-index above 10 is not allowed.',
    ]);
    expect(messages('.a { position: sticky !important }')).toEqual([
      'Custom CSS line 1: position: sticky is not allowed.',
    ]);
  });

  it('accepts only static, relative, absolute and the CSS-wide keywords for position, in any case, !important or not', () => {
    for (const value of [
      'static',
      'relative',
      'absolute',
      'inherit',
      'initial',
      'unset',
      'revert',
      'revert-layer',
      'Absolute',
      'RELATIVE !important',
    ]) {
      expect(messages(`.a { position: ${value}; inset: 0; top: 2px }`), value).toEqual([]);
    }
  });

  it('refuses position set through a custom property, or any function', () => {
    expect(messages('.a { --p: fixed; position: var(--p) }')).toEqual([
      'Custom CSS line 1: position: var(--p) is not allowed.',
    ]);
    expect(messages('.a { position: var(--p, fixed) }')).toEqual([
      'Custom CSS line 1: position: var(--p, fixed) is not allowed.',
    ]);
    expect(messages('.a { position: env(x) }')).toEqual(['Custom CSS line 1: position: env(x) is not allowed.']);
    expect(messages('.a { position: attr(data-p) }')).toEqual([
      'Custom CSS line 1: position: attr(data-p) is not allowed.',
    ]);
    expect(messages('.a { position: calc(1) }')).toEqual(['Custom CSS line 1: position: calc(1) is not allowed.']);
  });

  it('refuses vendor-prefixed, upper-case and !important spellings of position fixed or sticky', () => {
    for (const prefix of ['-webkit-', '-moz-', '-ms-', '-o-']) {
      expect(messages(`.a { position: ${prefix}sticky }`), prefix).toEqual([
        `Custom CSS line 1: position: ${prefix}sticky is not allowed.`,
      ]);
    }
    expect(messages('.a { POSITION: FIXED }')).toEqual(['Custom CSS line 1: position: FIXED is not allowed.']);
    expect(messages('.a { Position: Sticky!IMPORTANT }')).toEqual([
      'Custom CSS line 1: position: Sticky is not allowed.',
    ]);
    expect(messages('.a { position: fixed ! important }')).toEqual([
      'Custom CSS line 1: position: fixed is not allowed.',
    ]);
    expect(messages('.a { position: fixed !important !important }')).toEqual([
      'Custom CSS line 1: position: fixed is not allowed.',
    ]);
    expect(messages('.a { position: -webkit-sticky !important }')).toEqual([
      'Custom CSS line 1: position: -webkit-sticky is not allowed.',
    ]);
  });

  it('accepts z-index only as a whole number up to 10, auto or a CSS-wide keyword', () => {
    for (const value of ['auto', 'AUTO', '0', '10', '-1', '-2147483647', '10 !important', 'inherit', 'revert-layer']) {
      expect(messages(`.a { z-index: ${value} }`), value).toEqual([]);
    }
  });

  it('refuses z-index through a custom property, a function, an exponent or a fraction', () => {
    expect(messages('.a { --z: 99999; z-index: var(--z) }')).toEqual([
      'Custom CSS line 1: z-index: var(--z) is not allowed.',
    ]);
    expect(messages('.a { z-index: calc(99999) }')).toEqual([
      'Custom CSS line 1: z-index: calc(99999) is not allowed.',
    ]);
    expect(messages('.a { z-index: 1e9 }')).toEqual(['Custom CSS line 1: z-index: 1e9 is not allowed.']);
    expect(messages('.a { z-index: 9.9e9 }')).toEqual(['Custom CSS line 1: z-index: 9.9e9 is not allowed.']);
    expect(messages('.a { z-index: max(1, 99999) }')).toEqual([
      'Custom CSS line 1: z-index: max(1, 99999) is not allowed.',
    ]);
    expect(messages('.a { Z-INDEX: 99999 !IMPORTANT }')).toEqual([
      'Custom CSS line 1: z-index above 10 is not allowed.',
    ]);
  });

  it('refuses the all shorthand unless it is a CSS-wide keyword', () => {
    for (const value of ['initial', 'unset', 'revert', 'REVERT-LAYER', 'inherit !important'])
      expect(messages(`.a { all: ${value} }`), value).toEqual([]);
    expect(messages('.a { --a: fixed; all: var(--a) }')).toEqual(['Custom CSS line 1: all: var(--a) is not allowed.']);
    expect(messages('.a { ALL: fixed }')).toEqual(['Custom CSS line 1: all: fixed is not allowed.']);
  });

  it('refuses position fixed inside @media, and @supports or nested rules whatever they hold', () => {
    expect(messages('@media print {\n  .a { position: -webkit-sticky }\n}')).toEqual([
      'Custom CSS line 2: position: -webkit-sticky is not allowed.',
    ]);
    expect(messages('@supports (position: fixed) { .a { position: fixed } }')).toEqual([
      'Custom CSS line 1: @supports is not allowed.',
    ]);
    expect(messages('.a { & .b { position: fixed } }')).toEqual(['Custom CSS line 1: nested rules are not allowed.']);
  });

  it('refuses @import, @font-face and other at-rules, and nested @media', () => {
    expect(messages('@import url(/photos/a.png);')).toEqual(['Custom CSS line 1: @import is not allowed.']);
    expect(messages('@IMPORT "x.css";')).toEqual(['Custom CSS line 1: @IMPORT is not allowed.']);
    expect(messages('@font-face { font-family: x; src: url(https://evil.example/f.woff) }')).toEqual([
      'Custom CSS line 1: @font-face is not allowed.',
    ]);
    expect(messages('@media screen { @media print { .a { color: red } } }')).toEqual([
      'Custom CSS line 1: @media is not allowed.',
    ]);
  });

  it('refuses selectors that reach outside the booking card', () => {
    // (`html` or `body` later in a selector only matches inside the card, where there is none: harmless, kept.)
    for (const selector of [
      'body ~ div',
      '+ div',
      ':root:hover + *',
      '[data-booking-page] ~ x',
      'html || td',
      'body:not(.x) ~ *',
    ]) {
      expect(messages(`${selector} { display: none }`), selector).toEqual([
        expect.stringMatching(/reaches outside the booking card\.$/),
      ]);
    }
  });

  it('refuses what a browser would read otherwise: escapes, "<", strings broken by a line end, comments splitting tokens', () => {
    expect(messages('.a { background: u\\72l(/api/me) }')).toEqual([
      'Custom CSS line 1: backslash escapes are not allowed.',
    ]);
    expect(messages('.a { color: red }\n</style><script>alert(1)</script>')).toEqual([
      'Custom CSS line 2: "<" is not allowed.',
    ]);
    expect(messages('a"\n{}body *{color:red}"{color:blue}')).toEqual([
      'Custom CSS line 1: a string must end on the line it starts.',
    ]);
    expect(messages('.a { background: ur/**/l(/api/me) }')).toEqual([
      'Custom CSS line 1: comments inside the value of "background" are not allowed.',
    ]);
    expect(messages('.a { width: expression(alert(1)) }')).toEqual([
      'Custom CSS line 1: the value of "width" is not allowed.',
    ]);
    expect(messages('.a { behavior: url(/photos/x.png) }')).toEqual([
      'Custom CSS line 1: the property "behavior" is not allowed.',
    ]);
    expect(messages('color: red;')).toEqual(['Custom CSS line 1: declarations must be inside a rule.']);
    expect(messages('.a { .b { color: red } }')).toEqual(['Custom CSS line 1: nested rules are not allowed.']);
    expect(messages('.a { color: red')).toEqual(['Custom CSS line 1: Unclosed block.']);
  });

  it('accepts nothing the booking page would not apply as written (the page drops the same things from older CSS)', () => {
    for (const css of [
      '.a { background: url(/api/me) }',
      '@import "x.css"; .b { color: red }',
      'body ~ div { display: none }',
    ]) {
      expect(messages(css)).not.toEqual([]);
      expect(scopeCustomCss(css, '[data-booking-page]')).not.toContain('/api/');
      expect(scopeCustomCss(css, '[data-booking-page]')).not.toMatch(/@import|body ~/);
    }
  });
});

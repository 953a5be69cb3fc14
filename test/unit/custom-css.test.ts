import { describe, expect, it } from 'vitest';
import { scopeCustomCss } from '#shared/custom-css';

/**
 * The custom-CSS rule shared by the editor's preview and the public booking page: applies only inside the
 * container and cannot break out of its style element.
 */

const S = '[data-booking-page]';
const scope = (css: string) => scopeCustomCss(css, S);

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
    expect(scope('body ~ div { display: none }')).toBe('');
    expect(scope('+ div, ~ p { display: none }')).toBe('');
    expect(scope('html + footer, .ok { color: red }')).toBe(`${S} .ok{color: red}`);
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
    expect(scope('.a::before { content: "a;b" } .b { color: red }')).toBe(`${S} .a::before{content: "a;b"}${S} .b{color: red}`);
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

  it('keeps url() to same-origin relative paths only', () => {
    expect(scope('.a { background: url(/photos/a.png) }')).toBe(`${S} .a{background: url(/photos/a.png)}`);
    expect(scope('.a { background: url("img/b.png") no-repeat }')).toBe(`${S} .a{background: url("img/b.png") no-repeat}`);
    expect(scope(".a { filter: url('#blur') }")).toBe(`${S} .a{filter: url('#blur')}`);
    for (const target of [
      'https://evil.example/a.png',
      'HTTP://evil.example/a.png',
      '//evil.example/a.png',
      '"//evil.example/a.png"',
      "' //evil.example/a.png'",
      '"/\t/evil.example/a.png"',
      '"/\n/evil.example/a.png"',
      '/ /evil.example',
      'data:image/svg+xml,abc',
      'javascript:alert(1)',
      '"a)b"',
    ]) {
      const out = scope(`.a { color: red; background: url(${target}) } .b { color: blue }`);
      expect(out, target).toBe(`${S} .a{color: red}${S} .b{color: blue}`);
    }
  });

  it('drops an unterminated url(', () => {
    expect(scope('.a { color: red; background: url(/a.png }')).toBe(`${S} .a{color: red}`);
  });

  it('catches url(), expression() and javascript: hidden behind escapes or case', () => {
    // Escapes are dropped, not decoded: what they spelled never becomes a function.
    expect(scope('.a { background: u\\72l(https://evil.example/x) }')).not.toMatch(/url\(/i);
    expect(scope('.a { background: \\75 rl(https://evil.example/x) }')).not.toMatch(/url\(/i);
    expect(scope('.a { background: url("/\\\\evil.example/a.png") }')).toBe(`${S} .a{background: url("/evil.example/a.png")}`);
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
    ];
    for (const css of attempts) {
      const out = scope(css);
      expect(out, css).not.toContain('<');
      // Every rule that comes out starts with the scope (or is a @media block whose rules do).
      const selectors = out.replace(/@media[^{]*\{/g, '').match(/(?:^|\})[^{}]+\{/g) ?? [];
      for (const selector of selectors) {
        for (const part of selector.replace(/^\}/, '').slice(0, -1).split(',')) expect(part.startsWith(S), `${css} → ${out}`).toBe(true);
      }
    }
  });
});

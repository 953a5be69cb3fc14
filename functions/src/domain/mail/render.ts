import { PRODUCT_NAME } from '#shared/constants';
import { mailPalette, mailStyles, type MailPalette, type MailStyles } from '#functions/domain/mail/palette';

/**
 * Every mail the product sends is a letter of blocks, rendered twice by the one renderer here: as plain text and as
 * HTML with inline styles in the mail's colours (palette.ts). Every text in the HTML is escaped, whoever typed it,
 * and only web links become links. The words come from each mail's own module in this folder; this file adds none
 * but the product's name above the card.
 *
 * The text part: the heading, each block, and the footer as a signature ("-- "), separated by blank lines. A mail
 * without a heading or a footer has none in either part.
 */

/** One line of a table of details: "Label: value". */
export interface Row {
  label: string;
  value: string;
  /** The value before a change, struck through. */
  was?: string;
  /** Typed text that may hold line breaks. */
  multiline?: boolean;
  /** A web link the value shows (an online meeting's): a link in the HTML. */
  link?: string;
}

export interface Link {
  label: string;
  href: string;
}

/** A line of a paragraph: words, or words followed by a web address (a link in the HTML, the address itself shown). */
export type Line = string | { text: string; href: string };

export type Block =
  /** Lines kept together (one line break between them); `typed`: a person's own text, its spacing kept. */
  | { type: 'paragraph'; lines: Line[]; typed?: boolean }
  | { type: 'section'; title: string }
  | { type: 'rows'; rows: Row[] }
  | { type: 'links'; links: Link[]; buttons: boolean };

export const paragraph = (...lines: Line[]): Block => ({ type: 'paragraph', lines });
/** A person's own text (a message), as they typed it. */
export const typed = (text: string): Block => ({ type: 'paragraph', lines: [text], typed: true });
/** A web address on a line of its own, or after `text` on the same line. */
export const webLink = (href: string, text = ''): Line => ({ text, href });
export const section = (title: string): Block => ({ type: 'section', title });
export const rows = (list: Row[]): Block => ({ type: 'rows', rows: list });
export const buttons = (...list: Link[]): Block => ({ type: 'links', links: list, buttons: true });

/** A mail before rendering. */
export interface Letter {
  subject: string;
  /** The card's title, and the text part's first line. */
  heading?: string;
  blocks: Block[];
  /** Below the card, and the text part's signature. */
  footer?: string;
}

/** A mail's subject and its two parts. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The letter as a subject with a text and an HTML part, in `palette` (by default the product's own colours). */
export function renderMail(letter: Letter, palette: MailPalette = mailPalette(null)): RenderedMail {
  return { subject: letter.subject, text: renderText(letter), html: renderHtml(letter, palette) };
}

/** Typed text on one line (subjects, names in headers): line breaks and runs of spaces become one space. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function renderText(letter: Letter): string {
  const lineText = (line: Line): string => (typeof line === 'string' ? line : `${line.text}${line.href}`);
  const blockText = (block: Block): string => {
    switch (block.type) {
      case 'paragraph':
        return block.lines.map(lineText).join('\n');
      case 'section':
        return `${block.title}\n${'-'.repeat(block.title.length)}`;
      case 'rows':
        return block.rows.map(rowText).join('\n');
      case 'links':
        return block.links.map((link) => `${link.label}: ${link.href}`).join('\n');
    }
  };
  return [
    ...(letter.heading === undefined ? [] : [letter.heading]),
    ...letter.blocks.map(blockText),
    ...(letter.footer === undefined ? [] : [`-- \n${letter.footer}\n`]),
  ].join('\n\n');
}

function rowText(row: Row): string {
  const value =
    row.multiline && row.value.includes('\n') ? `\n  ${row.value.split(/\r?\n/).join('\n  ')}` : ` ${row.value}`;
  return `${row.label}:${value}${row.was ? `\n  (was: ${row.was})` : ''}`;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Only web links become links (the site's own, Google's, and a meeting's https:// link; this keeps it so). */
const safeHref = (href: string): string => (/^https?:\/\//i.test(href) ? href : '#');

const anchor = (href: string, shown: string, style: string): string =>
  `<a href="${escapeHtml(safeHref(href))}" style="${style}">${escapeHtml(shown)}</a>`;

function renderHtml(letter: Letter, palette: MailPalette): string {
  const STYLE = mailStyles(palette);
  const lineHtml = (line: Line): string =>
    typeof line === 'string' ? escapeHtml(line) : `${escapeHtml(line.text)}${anchor(line.href, line.href, STYLE.link)}`;
  const blockHtml = (block: Block): string => {
    switch (block.type) {
      case 'paragraph': {
        const style = block.typed ? `${STYLE.p}white-space:pre-wrap;` : STYLE.p;
        return `<p style="${style}">${block.lines.map(lineHtml).join('<br>')}</p>`;
      }
      case 'section':
        return `<h2 style="${STYLE.h2}">${escapeHtml(block.title)}</h2>`;
      case 'rows':
        return `<table role="presentation" style="${STYLE.table}">${block.rows.map((row) => rowHtml(row, STYLE)).join('')}</table>`;
      case 'links': {
        const links = block.links.map((link) =>
          anchor(link.href, link.label, block.buttons ? STYLE.button : STYLE.link),
        );
        return `<p style="${STYLE.p}">${links.join(block.buttons ? ' ' : '<br>')}</p>`;
      }
    }
  };
  const footer = letter.footer === undefined ? '' : `<p style="${STYLE.footer}">${escapeHtml(letter.footer)}</p>`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(letter.subject)}</title></head>`,
    `<body style="${STYLE.body}"><div style="${STYLE.page}">`,
    `<p style="${STYLE.brand}">${escapeHtml(PRODUCT_NAME)}</p><div style="${STYLE.card}">`,
    ...(letter.heading === undefined ? [] : [`<h1 style="${STYLE.h1}">${escapeHtml(letter.heading)}</h1>`]),
    ...letter.blocks.map(blockHtml),
    `</div>${footer}</div></body></html>`,
  ].join('\n');
}

function rowHtml(row: Row, STYLE: MailStyles): string {
  let value = row.multiline
    ? `<span style="white-space:pre-wrap;">${escapeHtml(row.value)}</span>`
    : escapeHtml(row.value);
  if (row.link) {
    const shown = escapeHtml(row.link);
    const link = anchor(row.link, row.link, STYLE.link);
    value = value.includes(shown) ? value.replace(shown, () => link) : `${value}<br>${link}`;
  }
  const was = row.was ? `<br><s style="${STYLE.was}">${escapeHtml(row.was)}</s>` : '';
  const label = `<th scope="row" style="${STYLE.th}">${escapeHtml(row.label)}</th>`;
  return `<tr>${label}<td style="${STYLE.td}">${value}${was}</td></tr>`;
}

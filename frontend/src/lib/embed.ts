import type { EmbedMessage } from '#shared/embed';

/**
 * The booking pages' side of the embed (issue 29), as loaded with every page: whether the page is framed by the embed
 * script, and the calls that tell the embedding page what happens. Tiny on purpose (the booking page's first load is
 * on a budget): the frame's code (lib/embed-frame.ts: the origin check, the messages, the height reports) loads only
 * in a frame.
 *
 * A frame is marked before its first paint by index.html's inline theme script, from the address: `<html data-embed>`
 * for `?embed=1`, with the frame's options beside it (index.css hides the site's chrome by these marks).
 */

/** What a page tells the embedding page: one of shared/embed.ts's messages without its `source` field. */
export type EmbedNotice = EmbedMessage extends infer Message
  ? Message extends EmbedMessage
    ? Omit<Message, 'source'>
    : never
  : never;

/** Whether the page is in a frame of the embed script (`?embed=1`, marked on <html> before the first paint). */
export const inEmbedFrame = (): boolean =>
  typeof document !== 'undefined' && document.documentElement.hasAttribute('data-embed');

const loadFrame = () => import('#frontend/lib/embed-frame.ts');

/** In a frame, tells the embedding page; elsewhere nothing happens and no code loads. */
export function notifyEmbed(notice: EmbedNotice): void {
  if (inEmbedFrame())
    void loadFrame()
      .then((frame) => frame.notify(notice))
      .catch(() => undefined);
}

/** In a frame: starts its height reports (and follows the system's theme for `theme=auto`). */
export function startEmbedFrame(): void {
  if (inEmbedFrame())
    void loadFrame()
      .then((frame) => frame.start())
      .catch(() => undefined);
}

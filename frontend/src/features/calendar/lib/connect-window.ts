/**
 * The Google authorization window: 800×600, centred over this window, and
 * the way its last page (/calendar-connected) tells this screen how it ended.
 */

export const CONNECT_WINDOW_NAME = 'meetwise-calendar-connect';
export const CONNECT_WINDOW_WIDTH = 800;
export const CONNECT_WINDOW_HEIGHT = 600;
/** The status is asked every 3 s while the window is open, for at most 120 s. */
export const CONNECT_POLL_INTERVAL_MS = 3_000;
export const CONNECT_POLL_LIMIT_MS = 120_000;

/** `window.open`'s features for a 800×600 popup centred over the current window (on its screen). */
export function connectWindowFeatures(
  current: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>,
): string {
  const left = Math.max(0, Math.round(current.screenX + (current.outerWidth - CONNECT_WINDOW_WIDTH) / 2));
  const top = Math.max(0, Math.round(current.screenY + (current.outerHeight - CONNECT_WINDOW_HEIGHT) / 2));
  return `width=${CONNECT_WINDOW_WIDTH},height=${CONNECT_WINDOW_HEIGHT},left=${left},top=${top},popup=yes`;
}

/**
 * Opens the window, empty until `navigate` gives it Google's address. It is opened in the click itself, before the
 * connect call answers, because browsers (Safari above all) block a window opened after an await. Null when blocked.
 */
export function openConnectWindow(): { navigate(url: string): void; close(): void } | null {
  const opened = window.open('about:blank', CONNECT_WINDOW_NAME, connectWindowFeatures(window));
  if (!opened) return null;
  return {
    navigate: (url) => opened.location.replace(url),
    close: () => opened.close(),
  };
}

/**
 * /calendar-connected announces the result on this channel as well as by the status polling: a same-origin
 * BroadcastChannel reaches the screen even when Google's pages cut the window off from its opener.
 */
export const CONNECT_CHANNEL = 'meetwise-calendar-connect';

export type ConnectResult =
  | { type: 'calendar-connect-result'; connected: true }
  | { type: 'calendar-connect-result'; connected: false; error: string };

export function isConnectResult(value: unknown): value is ConnectResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'calendar-connect-result' &&
    typeof (value as { connected?: unknown }).connected === 'boolean'
  );
}

/** Sends the window's result to the calendar screen (no-op where BroadcastChannel is missing). */
export function announceConnectResult(result: ConnectResult): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CONNECT_CHANNEL);
  channel.postMessage(result);
  channel.close();
}

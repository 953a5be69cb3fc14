/**
 * The secret of a guest's booking link (issue 31): it rides in the URL's fragment (`#token=…`), which browsers never
 * send, so no server or CDN log keeps it; the page sends it in a POST body. A link mailed before carries it in the
 * query (`?token=…`): the page moves it into the fragment at once (history.replaceState), so it is not sent again
 * with the next reload, nor kept in the address the guest copies.
 */

/** What a link's address says: its token, and the address with the token in the fragment (null: nothing to move). */
export function linkTokenOf(
  search: string,
  hash: string,
): { token: string | null; moved: { search: string; hash: string } | null } {
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  const inFragment = fragment.get('token');
  const inQuery = query.get('token');
  if (inQuery === null) return { token: inFragment, moved: null };
  query.delete('token');
  if (inFragment === null) fragment.set('token', inQuery);
  const rest = query.toString();
  return {
    token: inFragment ?? inQuery,
    moved: { search: rest ? `?${rest}` : '', hash: `#${fragment.toString()}` },
  };
}

/** The fragment's other parameters (e.g. `calendar=file`). */
export const fragmentParam = (hash: string, name: string): string | null =>
  new URLSearchParams(hash.replace(/^#/, '')).get(name);

/** The current page's link token (null on the server, or without one), an old query token moved into the fragment. */
export function takeLinkToken(): string | null {
  if (typeof window === 'undefined') return null;
  const { pathname, search, hash } = window.location;
  const { token, moved } = linkTokenOf(search, hash);
  if (moved) window.history.replaceState(window.history.state, '', `${pathname}${moved.search}${moved.hash}`);
  return token;
}

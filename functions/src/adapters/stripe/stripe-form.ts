/**
 * Parameters as our Stripe client (stripe-rest.ts) sends them, as `application/x-www-form-urlencoded` with Stripe's
 * brackets (`items[0][price_data][currency]=usd`, `expand[0]=latest_invoice`, `metadata[planType]=monthly`): a POST's
 * in the body, a GET's in the query string; `undefined` left out, `null` sent empty (which unsets), a Date as epoch
 * seconds.
 */

/** A form component as stripe-node writes it: percent-encoded as qs does, with its brackets left readable. */
function encodeComponent(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%5B/g, '[')
    .replace(/%5D/g, ']');
}

/**
 * Stripe's form encoding of nested parameters (stripe-node's `queryStringifyRequestData`): `a[b][0][c]=v`, arrays
 * indexed from 0, in the objects' key order. An empty object or array sends nothing.
 */
export function encodeForm(params: object): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (value === null || typeof value !== 'object' || value instanceof Date) {
      const text =
        value instanceof Date ? String(Math.floor(value.getTime() / 1000)) : value === null ? '' : String(value);
      pairs.push(`${encodeComponent(key)}=${encodeComponent(text)}`);
    } else if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) add(`${key}[${index}]`, value[index]);
    } else {
      for (const [name, item] of Object.entries(value)) add(`${key}[${name}]`, item);
    }
  };
  for (const [name, value] of Object.entries(params)) add(name, value);
  return pairs.join('&');
}

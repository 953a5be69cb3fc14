import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

import { freePort } from '#infra/local/ports';

/**
 * A fake Stripe for tests (issue 18): a local HTTP server with the subset of Stripe's REST API that the billing
 * code calls, which the real `stripe` SDK talks to (host, port and protocol from STRIPE_API_URL), plus the hosted
 * Checkout page and the calls of the fake Stripe.js (test/fakes/stripe-js.ts), which Playwright routes here from
 * checkout.stripe.com and api.stripe.com.
 *
 * It speaks one API version, the installed SDK's own (Stripe.API_VERSION): objects are built with the SDK's types
 * of that version (in this version an invoice's subscription is under `parent.subscription_details`, its payment
 * intent's client secret is the includable `confirmation_secret`, and periods live on subscription items), with
 * `object` fields, Stripe's id prefixes and `livemode: false`. Requests are form-encoded with bracket notation
 * (`items[0][price_data][unit_amount]`, `expand[]`), as the SDK and Stripe.js send them; errors are Stripe's
 * `{ error: { type, code, message, param } }` with its statuses (400, 402 card errors, 401, 404 resource_missing).
 *
 * API (secret key as a Bearer token; the payment intent calls also take the publishable key with the intent's
 * client secret, as Stripe.js calls them):
 * - customers: create, retrieve, update
 * - products, coupons: create (with a chosen id; 400 resource_already_exists when taken), retrieve
 * - prices: retrieve (prices are only made inline from `price_data`)
 * - subscriptions: create (payment_behavior default_incomplete: status incomplete, a finalized first invoice with a
 *   once-only coupon applied, its payment intent), retrieve, update (cancel_at_period_end, metadata, description),
 *   cancel (DELETE: now, with `cancellation_details[comment]` kept)
 * - invoices: retrieve (includable `confirmation_secret` and `payments` with `expand`)
 * - invoice_payments: list (by invoice, or by `payment[type]=payment_intent` and `payment[payment_intent]`), retrieve
 * - payment_intents: create, retrieve, confirm (test cards), cancel; POST …/test_authentication is the fake's
 *   stand-in for the 3D Secure page (the fake Stripe.js's dialog calls it)
 * - charges, refunds: retrieve; refunds: create (by payment_intent or charge, whole or partial)
 * - checkout/sessions: create (payment or subscription mode, price_data line items, discounts, metadata,
 *   subscription_data, payment_intent_data), retrieve, expire (an open one only)
 * - events: retrieve, list
 * `expand[]` works on every read and write (nested paths such as `subscription.latest_invoice` and list paths such
 * as `data.invoice`); an unknown top-level parameter is 400 parameter_unknown, as Stripe answers. The Idempotency-Key
 * of a POST is honoured: the same key answers the first answer again (Idempotent-Replayed: true); the same key with
 * other parameters or on another endpoint is 400 idempotency_error.
 *
 * Browser (routed here by installFakeStripe):
 * - GET  /c/pay/{session}: the hosted Checkout page (a test card to choose, "Pay", a "Cancel" link to cancel_url);
 * - POST /c/pay/{session}/complete: pays as the page's card says; 303 to success_url ({CHECKOUT_SESSION_ID}
 *   replaced), or the page again with the decline.
 * Every answer carries CORS headers for any origin.
 *
 * Test cards decide outcomes as Stripe's do: 4242424242424242 succeeds, 4000000000000002 is declined
 * (card_declined / generic_decline), 4000000000009995 insufficient_funds, 4000000000000069 expired_card,
 * 4000002500003155 requires 3D Secure; the payment method tokens pm_card_visa, pm_card_chargeDeclined,
 * pm_card_chargeDeclinedInsufficientFunds, pm_card_chargeDeclinedExpiredCard and pm_card_authenticationRequired too.
 * Another number that passes the Luhn check succeeds; one that does not is incorrect_number.
 *
 * Every state change records Stripe-shaped events in order (`events()`), which tests deliver themselves, signed
 * with the SDK's own test-header helper (`signedDelivery`, `deliver`), duplicated, out of order, stale or forged, or
 * have forwarded as they happen (`forwardEventsTo`, like `stripe listen --forward-to`). Tests also act as the
 * customer and as time (`confirmPaymentIntent`, `completeCheckout`, `renew`, `endSubscription`, `refund`,
 * `advanceClock`) and as a failing network (`failNext`).
 */

export type TestCard = 'success' | 'declined' | 'requires_action' | 'insufficient_funds' | 'expired_card';

/** The card numbers of the test cards, as typed into the Payment Element or the hosted page. */
export const TEST_CARD_NUMBERS: Readonly<Record<TestCard, string>> = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficient_funds: '4000000000009995',
  expired_card: '4000000000000069',
  requires_action: '4000002500003155',
};

export interface FakeStripeRequest {
  method: string;
  /** The path without the query. */
  path: string;
  /** The decoded parameters (query of a GET, form body of a POST), nested as Stripe reads the brackets. */
  params: Params;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  /** Which key authenticated the request, when one did. */
  key: 'secret' | 'publishable' | null;
  status: number;
  /** Answered from the stored answer of an earlier request with the same Idempotency-Key. */
  replayed?: true;
  /** The connection was destroyed without an answer (failNext connection_reset). */
  dropped?: true;
}

export interface FakeStripeFailure {
  /** server_error: 500 api_error; rate_limit: 429; connection_reset: the socket is destroyed without an answer. */
  kind: 'server_error' | 'rate_limit' | 'connection_reset';
  /** Only requests with this method (any by default)… */
  method?: string;
  /** …and a path matching this (any /v1/ path by default), e.g. /^\/v1\/subscriptions$/. */
  path?: RegExp;
  /** How many matching requests fail (default 1). The SDK retries a 500 and a reset connection twice. */
  times?: number;
  /** Carry the request out first, then fail: an answer lost on the way back (the retry must not do it twice). */
  afterApply?: boolean;
}

export interface SignedDelivery {
  /** The raw JSON body, as Stripe posts it. */
  body: string;
  /** The Stripe-Signature header. */
  signature: string;
}

export interface FakeStripe {
  /** The API's base URL (STRIPE_API_URL). */
  url: string;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
  /** Every API request, in order. */
  requests: FakeStripeRequest[];
  /** The events recorded so far, oldest first (of one type when given). */
  events(type?: Stripe.Event.Type): Stripe.Event[];
  /** The body and Stripe-Signature header of a delivery of `event` (now, or at `timestamp` in epoch seconds). */
  signedDelivery(event: Stripe.Event, options?: { timestamp?: number; secret?: string }): SignedDelivery;
  /** POSTs a signed delivery of `event` to a webhook URL, as Stripe does; answers the endpoint's response. */
  deliver(url: string, event: Stripe.Event, options?: { timestamp?: number; secret?: string }): Promise<Response>;
  /** Delivers every later event to `url` as it is recorded, in order (null stops). */
  forwardEventsTo(url: string | null): void;
  /** Waits until every forwarded delivery so far has been answered; answers their statuses. */
  deliveries(): Promise<{ eventId: string; type: string; status: number }[]>;
  /** The customer confirms a payment intent with a test card (the logic of the Payment Element's confirm). */
  confirmPaymentIntent(paymentIntentId: string, card: TestCard): Stripe.PaymentIntent;
  /** The customer pays an invoice's payment intent with a test card. */
  payInvoice(invoiceId: string, card: TestCard): Stripe.Invoice;
  /** The customer completes (or fails) the 3D Secure step of an intent that requires action. */
  authenticate(paymentIntentId: string, result: 'complete' | 'fail'): Stripe.PaymentIntent;
  /** The customer pays on the hosted Checkout page: a subscription or a payment is made and paid. */
  completeCheckout(sessionId: string, card?: TestCard): Stripe.Checkout.Session;
  /** The session's 24 hours are over. */
  expireCheckout(sessionId: string): Stripe.Checkout.Session;
  /**
   * A new period begins: the subscription moves to the next period and its invoice is charged to the saved card,
   * paid, or (`fail`) declined, leaving the subscription past_due. Answers the new invoice.
   */
  renew(subscriptionId: string, options?: { fail?: boolean }): Stripe.Invoice;
  /** The subscription ends (its cancelled period is over, or Stripe gave up on a renewal): canceled. */
  endSubscription(subscriptionId: string): Stripe.Subscription;
  /** Refunds a paid payment intent's charge, whole or `amount` cents of it. */
  refund(paymentIntentId: string, options?: { amount?: number }): Stripe.Refund;
  /** Moves the fake's clock (object and event times) by `seconds`. */
  advanceClock(seconds: number): void;
  /** The next matching API requests fail (see FakeStripeFailure). */
  failNext(failure: FakeStripeFailure): void;
  /** The stored object with this id (a copy, includable fields left out), or undefined. */
  object<T = unknown>(id: string): T | undefined;
  close(): Promise<void>;
}

// ---------------------------------------------------------------- parameters

/** Decoded form parameters: every leaf is a string, as Stripe receives them. */
export interface Params {
  [name: string]: ParamValue;
}
export type ParamValue = string | ParamValue[] | Params;

/** An error answer in Stripe's shape. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: string;
      message: string;
      code?: string;
      param?: string;
      decline_code?: string;
      doc_url?: string;
      charge?: string;
      payment_intent?: unknown;
      payment_method?: unknown;
    },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param?: string, code?: string) =>
  new ApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });
const missingParam = (param: string) => invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
const noSuch = (kind: string, id: string, param = 'id') =>
  new ApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
  });

/** `a[b][0][c]=v` pairs into nested objects; objects keyed 0, 1, … (or `[]`) become arrays. */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = [...key.matchAll(/^[^[]+|\[([^\]]*)\]/g)].map((match) => (match[1] ?? match[0]) as string);
    let node: Params = root;
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) node[name] = value;
      else {
        const next = node[name];
        if (typeof next !== 'object' || Array.isArray(next)) node[name] = {};
        node = node[name] as Params;
      }
    });
  }
  return arraysOf(root) as Params;
}

function arraysOf(value: ParamValue): ParamValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysOf(value[key]!)]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key)))
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
  return converted;
}

/** Reads one level of parameters, answering Stripe's errors for missing, malformed and unknown ones. */
class Reader {
  constructor(
    readonly params: Params,
    private readonly prefix = '',
  ) {}

  /** The full name of a parameter, as Stripe's errors give it (`items[0][price_data][product]`). */
  path(name: string): string {
    return this.prefix ? `${this.prefix}[${name}]` : name;
  }

  only(...names: string[]): this {
    for (const name of Object.keys(this.params))
      if (!names.includes(name))
        throw invalid(`Received unknown parameter: ${this.path(name)}`, this.path(name), 'parameter_unknown');
    return this;
  }

  has(name: string): boolean {
    return this.params[name] !== undefined;
  }

  text(name: string): string | undefined {
    const value = this.params[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalid(`Invalid string: ${this.path(name)}`, this.path(name));
    return value;
  }

  requiredText(name: string): string {
    const value = this.text(name);
    if (!value) throw missingParam(this.path(name));
    return value;
  }

  integer(name: string): number | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, this.path(name));
    return Number(value);
  }

  boolean(name: string): boolean | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${value}`, this.path(name));
    return value === 'true';
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const value = this.text(name);
    if (value === undefined) return undefined;
    if (!values.includes(value as T))
      throw invalid(
        `Invalid ${name}: must be one of ${values.join(', ')}`,
        this.path(name),
        'parameter_invalid_string',
      );
    return value as T;
  }

  hash(name: string): Reader | undefined {
    const value = this.params[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`Invalid object`, this.path(name));
    return new Reader(value, this.path(name));
  }

  list(name: string): Reader[] {
    const value = this.params[name];
    if (value === undefined || value === '') return [];
    if (!Array.isArray(value)) throw invalid(`Invalid array`, this.path(name));
    return value.map((item, index) => {
      if (typeof item !== 'object' || Array.isArray(item))
        throw invalid(`Invalid object`, `${this.path(name)}[${index}]`);
      return new Reader(item, `${this.path(name)}[${index}]`);
    });
  }

  strings(name: string): string[] {
    const value = this.params[name];
    if (value === undefined || value === '') return [];
    const items = Array.isArray(value) ? value : typeof value === 'string' ? [value] : null;
    if (!items || items.some((item) => typeof item !== 'string')) throw invalid(`Invalid array`, this.path(name));
    return items as string[];
  }

  /** Metadata as Stripe keeps it: an empty value unsets (so is not stored); 50 keys of 40 characters, values of 500. */
  metadata(name = 'metadata'): Record<string, string> {
    const reader = this.hash(name);
    if (!reader) return {};
    const entries = Object.entries(reader.params);
    if (entries.length > 50) throw invalid('Metadata can have at most 50 keys.', this.path(name));
    const metadata: Record<string, string> = {};
    for (const [key, value] of entries) {
      if (typeof value !== 'string') throw invalid(`Invalid string: ${this.path(name)}[${key}]`, this.path(name));
      if (key.length > 40) throw invalid('Metadata keys can be at most 40 characters.', `${this.path(name)}[${key}]`);
      if (value.length > 500)
        throw invalid('Metadata values can be at most 500 characters.', `${this.path(name)}[${key}]`);
      if (value !== '') metadata[key] = value;
    }
    return metadata;
  }
}

// ---------------------------------------------------------------- ids, time, money

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const alphanumeric = (length: number) => Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % 62]).join('');
const newId = (prefix: string, length = 24) => `${prefix}_${alphanumeric(length)}`;

type Interval = Stripe.Price.Recurring.Interval;

/** The same time one interval later (calendar months and years, in UTC, as Stripe bills them). */
function addInterval(epochSeconds: number, interval: Interval): number {
  const date = new Date(epochSeconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCDate(date.getUTCDate() + (interval === 'week' ? 7 : 1));
  return Math.floor(date.getTime() / 1000);
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** A copy as JSON would carry it (Decimal values become their strings). */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

// ---------------------------------------------------------------- cards

interface Decline {
  code: string;
  decline_code?: string;
  message: string;
}

const DECLINES: Readonly<Record<Exclude<TestCard, 'success' | 'requires_action'>, Decline>> = {
  declined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired_card: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
};
const INCORRECT_NUMBER: Decline = { code: 'incorrect_number', message: 'Your card number is incorrect.' };
const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

const TEST_PAYMENT_METHODS: Readonly<Record<string, TestCard>> = {
  pm_card_visa: 'success',
  pm_card_chargeDeclined: 'declined',
  pm_card_chargeDeclinedInsufficientFunds: 'insufficient_funds',
  pm_card_chargeDeclinedExpiredCard: 'expired_card',
  pm_card_authenticationRequired: 'requires_action',
  pm_card_threeDSecure2Required: 'requires_action',
};

/** What a card does when charged: one of the test cards, or a mistyped number. */
type CardOutcome = { card: TestCard; number: string } | { card: 'incorrect_number'; number: string };

function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** A card number (spaces allowed), a test card's name, or a test payment method token, as its outcome. */
function cardOutcome(card: string): CardOutcome {
  const named =
    (Object.keys(TEST_CARD_NUMBERS) as TestCard[]).find((name) => name === card) ?? TEST_PAYMENT_METHODS[card];
  if (named) return { card: named, number: TEST_CARD_NUMBERS[named] };
  const digits = card.replace(/[\s-]/g, '');
  const known = (Object.entries(TEST_CARD_NUMBERS) as [TestCard, string][]).find(([, number]) => number === digits);
  if (known) return { card: known[0], number: digits };
  return luhn(digits) ? { card: 'success', number: digits } : { card: 'incorrect_number', number: digits };
}

const brandOf = (number: string) =>
  number.startsWith('4') ? 'visa' : /^5[1-5]/.test(number) ? 'mastercard' : /^3[47]/.test(number) ? 'amex' : 'unknown';

// ---------------------------------------------------------------- the server

/** What a checkout session will make when paid, which the Session object itself does not show. */
interface SessionPlan {
  price: Stripe.Price;
  quantity: number;
  coupons: Stripe.Coupon[];
  subscriptionData: { metadata: Record<string, string>; description: string | null };
  intentData: { metadata: Record<string, string>; description: string | null };
}

/** The request being answered, for the `request` of the events it causes. */
interface RequestContext {
  id: string;
  idempotencyKey: string | null;
  key: 'secret' | 'publishable';
}

interface Reply {
  status: number;
  body: unknown;
}

const API_VERSION: string = Stripe.API_VERSION;
const INCLUDABLE: Readonly<Record<string, readonly string[]>> = {
  invoice: ['confirmation_secret', 'payments'],
  charge: ['refunds'],
};
/** The fields of a payment intent that a publishable key may read (with the intent's client secret). */
const PUBLIC_INTENT_FIELDS = [
  'id',
  'object',
  'amount',
  'automatic_payment_methods',
  'canceled_at',
  'cancellation_reason',
  'capture_method',
  'client_secret',
  'confirmation_method',
  'created',
  'currency',
  'description',
  'last_payment_error',
  'livemode',
  'next_action',
  'payment_method',
  'payment_method_types',
  'processing',
  'receipt_email',
  'setup_future_usage',
  'shipping',
  'status',
];

export async function startFakeStripe(
  options: {
    publishableKey?: string;
    secretKey?: string;
    webhookSecret?: string;
    /**
     * Where the browser reaches the hosted Checkout page (`BILLING=demo npm start` proxies it under the site's own
     * address, issue 30); default https://checkout.stripe.com, which the browser tests route here.
     */
    hostedPagesUrl?: string;
  } = {},
): Promise<FakeStripe> {
  const hostedPagesUrl = (options.hostedPagesUrl ?? 'https://checkout.stripe.com').replace(/\/+$/, '');
  const hostedPagesPath = new URL(hostedPagesUrl).pathname.replace(/\/+$/, '');
  const publishableKey = options.publishableKey ?? `pk_test_${alphanumeric(24)}`;
  const secretKey = options.secretKey ?? `sk_test_${alphanumeric(24)}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${alphanumeric(32)}`;
  const stripe = new Stripe(secretKey, { apiVersion: Stripe.API_VERSION });

  let clockOffset = 0;
  const now = () => Math.floor(Date.now() / 1000) + clockOffset;

  const customers = new Map<string, Stripe.Customer>();
  const products = new Map<string, Stripe.Product>();
  const coupons = new Map<string, Stripe.Coupon>();
  const prices = new Map<string, Stripe.Price>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const invoices = new Map<string, Stripe.Invoice>();
  const invoicePayments = new Map<string, Stripe.InvoicePayment>();
  const paymentIntents = new Map<string, Stripe.PaymentIntent>();
  const paymentMethods = new Map<string, Stripe.PaymentMethod>();
  const charges = new Map<string, Stripe.Charge>();
  const refunds = new Map<string, Stripe.Refund>();
  const discountObjects = new Map<string, Stripe.Discount>();
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const sessionPlans = new Map<string, SessionPlan>();
  /** The includable client secret of each invoice's payment intent. */
  const confirmationSecrets = new Map<string, Stripe.Invoice.ConfirmationSecret>();
  const recorded: Stripe.Event[] = [];
  const idempotent = new Map<string, { endpoint: string; fingerprint: string; reply: Reply }>();
  const failures: (Required<Omit<FakeStripeFailure, 'method' | 'path'>> & {
    method: string | null;
    path: RegExp | null;
  })[] = [];
  let context: RequestContext | null = null;
  let forwardTo: string | null = null;
  let forwarding: Promise<void> = Promise.resolve();
  const forwarded: { eventId: string; type: string; status: number }[] = [];

  const stores: Map<string, { id: string; object: string }>[] = [
    customers,
    products,
    coupons,
    prices,
    subscriptions,
    invoices,
    invoicePayments,
    paymentIntents,
    paymentMethods,
    charges,
    refunds,
    discountObjects,
    sessions,
  ];
  const lookup = (id: string): { id: string; object: string } | undefined => {
    for (const store of stores) {
      const found = store.get(id);
      if (found) return found;
    }
    return undefined;
  };

  // ------------------------------------------------------------ presenting objects

  /** An object as the API answers it: a copy, includable fields only when expanded, `expand` paths applied. */
  function present(value: { object: string }, expand: readonly string[]): Record<string, unknown> {
    return expandInto(
      copy(value) as Record<string, unknown>,
      expand.map((path) => path.split('.')),
    );
  }

  function expandInto(target: Record<string, unknown>, paths: string[][]): Record<string, unknown> {
    const wanted = [...new Set(paths.map((path) => path[0]!))];
    const objectType = typeof target.object === 'string' ? target.object : '';
    for (const field of INCLUDABLE[objectType] ?? []) if (!wanted.includes(field)) delete target[field];
    for (const field of wanted) {
      const rest = paths.filter((path) => path[0] === field && path.length > 1).map((path) => path.slice(1));
      if ((INCLUDABLE[objectType] ?? []).includes(field)) {
        target[field] = includable(objectType, String(target.id), field, rest);
        continue;
      }
      const value = target[field];
      if (field === 'data' && Array.isArray(value)) {
        target.data = value.map((item: Record<string, unknown>) => expandInto(item, rest));
      } else if (typeof value === 'string') {
        const found = lookup(value);
        if (!found) throw invalid(`This property cannot be expanded (${field}).`, 'expand');
        target[field] = expandInto(copy(found) as Record<string, unknown>, rest);
      } else if (value && typeof value === 'object' && !Array.isArray(value)) {
        target[field] = expandInto(value as Record<string, unknown>, rest);
      } else if (value !== null) {
        throw invalid(
          `This property cannot be expanded (${field}). You may want to try expanding 'data.${field}' instead.`,
          'expand',
        );
      }
    }
    return target;
  }

  /** An includable field's value, computed when asked for. */
  function includable(objectType: string, id: string, field: string, rest: string[][]): unknown {
    if (objectType === 'invoice' && field === 'confirmation_secret') return confirmationSecrets.get(id) ?? null;
    if (objectType === 'invoice' && field === 'payments')
      return listOf(
        [...invoicePayments.values()].filter((payment) => payment.invoice === id),
        `/v1/invoices/${id}/payments`,
        rest.map((path) => (path[0] === 'data' ? path.slice(1) : path).join('.')).filter(Boolean),
      );
    if (objectType === 'charge' && field === 'refunds')
      return listOf(
        [...refunds.values()].filter((refund) => refund.charge === id),
        `/v1/charges/${id}/refunds`,
        [],
      );
    return null;
  }

  function listOf(items: { object: string }[], url: string, expand: readonly string[], hasMore = false) {
    return { object: 'list', data: items.map((item) => present(item, expand)), has_more: hasMore, url };
  }

  /** A payment intent as a publishable key reads it. */
  function publicIntent(intent: Stripe.PaymentIntent): Record<string, unknown> {
    const full = present(intent, []);
    return Object.fromEntries(
      PUBLIC_INTENT_FIELDS.filter((field) => field in full).map((field) => [field, full[field]]),
    );
  }

  // ------------------------------------------------------------ events

  function emit(type: Stripe.Event.Type, object: { object: string }, previous?: Record<string, unknown>): void {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: present(object, []), ...(previous ? { previous_attributes: copy(previous) } : {}) },
      livemode: false,
      pending_webhooks: forwardTo ? 1 : 0,
      request: { id: context?.id ?? null, idempotency_key: context?.idempotencyKey ?? null },
      type,
    } as unknown as Stripe.Event;
    recorded.push(event);
    if (forwardTo) {
      const url = forwardTo;
      forwarding = forwarding.then(async () => {
        const status = await fake
          .deliver(url, event)
          .then(async (response) => {
            await response.arrayBuffer();
            return response.status;
          })
          .catch(() => 0);
        forwarded.push({ eventId: event.id, type: event.type, status });
      });
    }
  }

  // ------------------------------------------------------------ object builders

  function newCustomer(fields: {
    email: string | null;
    name: string | null;
    description: string | null;
    metadata: Record<string, string>;
  }): Stripe.Customer {
    const customer: Stripe.Customer = {
      id: newId('cus', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: fields.description,
      discount: null,
      email: fields.email,
      invoice_prefix: alphanumeric(8).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: fields.metadata,
      name: fields.name,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    customers.set(customer.id, customer);
    emit('customer.created', customer);
    return customer;
  }

  function newPrice(fields: {
    product: string;
    currency: string;
    unitAmount: number;
    interval: Interval | null;
  }): Stripe.Price {
    const price: Stripe.Price = {
      id: newId('price'),
      object: 'price',
      // Prices made inline from price_data are not active: they cannot be reused.
      active: false,
      billing_scheme: 'per_unit',
      created: now(),
      currency: fields.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: fields.product,
      recurring: fields.interval
        ? { interval: fields.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' }
        : null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: fields.interval ? 'recurring' : 'one_time',
      unit_amount: fields.unitAmount,
      unit_amount_decimal: Stripe.Decimal.from(String(fields.unitAmount)),
    };
    prices.set(price.id, price);
    return price;
  }

  /** The legacy plan object Stripe still answers beside a recurring price. */
  function planOf(price: Stripe.Price): Stripe.Plan {
    return {
      id: price.id,
      object: 'plan',
      active: price.active,
      amount: price.unit_amount,
      amount_decimal: price.unit_amount_decimal,
      billing_scheme: 'per_unit',
      created: price.created,
      currency: price.currency,
      interval: price.recurring?.interval ?? 'month',
      interval_count: 1,
      livemode: false,
      metadata: {},
      meter: null,
      nickname: null,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }

  function newDiscount(
    coupon: Stripe.Coupon,
    owner: { customer: string | null; subscription?: string; invoice?: string; session?: string },
  ): Stripe.Discount {
    coupon.times_redeemed += 1;
    const discount: Stripe.Discount = {
      id: newId('di'),
      object: 'discount',
      checkout_session: owner.session ?? null,
      customer: owner.customer,
      customer_account: null,
      end: null,
      invoice: owner.invoice ?? null,
      invoice_item: null,
      promotion_code: null,
      source: { coupon: coupon.id, type: 'coupon' },
      start: now(),
      subscription: owner.subscription ?? null,
      subscription_item: null,
    };
    discountObjects.set(discount.id, discount);
    return discount;
  }

  /** What the coupons take off an amount (once-only and forever coupons alike, on the invoice they apply to). */
  const discountOf = (amount: number, applied: Stripe.Coupon[]) =>
    Math.min(
      amount,
      applied.reduce(
        (total, coupon) => total + (coupon.amount_off ?? Math.round((amount * (coupon.percent_off ?? 0)) / 100)),
        0,
      ),
    );

  function newSubscription(fields: {
    customer: Stripe.Customer;
    price: Stripe.Price;
    quantity: number;
    coupons: Stripe.Coupon[];
    metadata: Record<string, string>;
    description: string | null;
    saveDefaultPaymentMethod: boolean;
  }): { subscription: Stripe.Subscription; invoice: Stripe.Invoice; intent: Stripe.PaymentIntent } {
    const created = now();
    const id = newId('sub');
    const interval = fields.price.recurring?.interval ?? 'month';
    const item: Stripe.SubscriptionItem = {
      id: newId('si', 14),
      object: 'subscription_item',
      billing_thresholds: null,
      created,
      current_period_end: addInterval(created, interval),
      current_period_start: created,
      current_trial: null,
      discounts: [],
      metadata: {},
      plan: planOf(fields.price),
      price: fields.price,
      quantity: fields.quantity,
      subscription: id,
      tax_rates: [],
    };
    const discounts = fields.coupons.map((coupon) =>
      newDiscount(coupon, { customer: fields.customer.id, subscription: id }),
    );
    const subscription: Stripe.Subscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: created,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: created },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: 'charge_automatically',
      created,
      currency: fields.price.currency,
      customer: fields.customer.id,
      customer_account: null,
      days_until_due: null,
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: fields.description,
      // Once-only coupons apply to the first invoice; the subscription keeps only lasting ones.
      discounts: discounts
        .filter((discount) => sourceCoupon(discount)?.duration !== 'once')
        .map((discount) => discount.id),
      ended_at: null,
      invoice_settings: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: { type: 'self' },
      },
      items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata: fields.metadata,
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: fields.saveDefaultPaymentMethod ? 'on_subscription' : 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: created,
      status: 'incomplete',
      test_clock: null,
      transfer_data: null,
      trial_end: null,
      trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
      trial_start: null,
    };
    subscriptions.set(id, subscription);
    const { invoice, intent } = newInvoice(subscription, discounts, 'subscription_create');
    subscription.latest_invoice = invoice.id;
    emit('customer.subscription.created', subscription);
    announceInvoice(invoice, intent);
    return { subscription, invoice, intent };
  }

  function sourceCoupon(discount: Stripe.Discount): Stripe.Coupon | undefined {
    const coupon = discount.source.coupon;
    return typeof coupon === 'string' ? coupons.get(coupon) : (coupon ?? undefined);
  }

  /** A finalized invoice for the subscription's current period, with its payment intent (nothing announced yet). */
  function newInvoice(
    subscription: Stripe.Subscription,
    discounts: Stripe.Discount[],
    billingReason: 'subscription_create' | 'subscription_cycle',
  ): { invoice: Stripe.Invoice; intent: Stripe.PaymentIntent } {
    const created = now();
    const item = subscription.items.data[0]!;
    const customer = customers.get(String(subscription.customer));
    const subtotal = (item.price.unit_amount ?? 0) * (item.quantity ?? 1);
    const applied = discounts.map(sourceCoupon).filter((coupon) => coupon !== undefined);
    const discountAmount = discountOf(subtotal, applied);
    const total = subtotal - discountAmount;
    const id = newId('in');
    const discountAmounts = discounts.map((discount) => ({
      amount: discountOf(subtotal, [sourceCoupon(discount)!]),
      discount: discount.id,
    }));
    for (const discount of discounts) discount.invoice = id;
    const line: Stripe.InvoiceLineItem = {
      id: newId('il'),
      object: 'line_item',
      amount: subtotal,
      currency: subscription.currency,
      description: `${item.quantity ?? 1} × ${products.get(String(item.price.product))?.name ?? 'Product'} (at ${dollars(item.price.unit_amount ?? 0)} / ${item.price.recurring?.interval ?? 'month'})`,
      discount_amounts: discountAmounts,
      discountable: true,
      discounts: discounts.map((discount) => discount.id),
      invoice: id,
      livemode: false,
      metadata: {},
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: false,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: item.id,
        },
        type: 'subscription_item_details',
      },
      period: { end: item.current_period_end, start: item.current_period_start },
      pretax_credit_amounts: [],
      pricing: {
        price_details: { price: item.price.id, product: String(item.price.product) },
        type: 'price_details',
        unit_amount_decimal: item.price.unit_amount_decimal,
      },
      quantity: item.quantity ?? 1,
      quantity_decimal: Stripe.Decimal.from(String(item.quantity ?? 1)),
      subscription: subscription.id,
      subtotal,
      taxes: [],
    };
    const invoice: Stripe.Invoice = {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Meetwise (fake Stripe)',
      account_tax_ids: null,
      amount_due: total,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: total,
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: billingReason,
      collection_method: 'charge_automatically',
      created,
      currency: subscription.currency,
      custom_fields: null,
      customer: String(subscription.customer),
      customer_account: null,
      customer_address: null,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: discounts.map((discount) => discount.id),
      due_date: null,
      effective_at: created,
      ending_balance: 0,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_fake/test_${alphanumeric(40)}`,
      invoice_pdf: `https://pay.stripe.com/invoice/acct_fake/test_${alphanumeric(40)}/pdf`,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `${customer?.invoice_prefix ?? 'FAKE'}-${String(customer?.next_invoice_sequence ?? 1).padStart(4, '0')}`,
      on_behalf_of: null,
      parent: {
        quote_details: null,
        subscription_details: { metadata: copy(subscription.metadata), subscription: subscription.id },
        type: 'subscription_details',
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: created,
      period_start: created,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: 'open',
      status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal,
      subtotal_excluding_tax: subtotal,
      test_clock: null,
      total,
      total_discount_amounts: discountAmounts,
      total_excluding_tax: total,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: null,
    };
    if (customer) customer.next_invoice_sequence = (customer.next_invoice_sequence ?? 1) + 1;
    invoices.set(id, invoice);
    const intent = newPaymentIntent({
      amount: total,
      currency: subscription.currency,
      customer: customer ?? null,
      description: billingReason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
      metadata: {},
      automaticPaymentMethods: false,
      announce: false,
    });
    confirmationSecrets.set(id, { client_secret: intent.client_secret!, type: 'payment_intent' });
    const payment: Stripe.InvoicePayment = {
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: total,
      created,
      currency: subscription.currency,
      invoice: id,
      is_default: true,
      livemode: false,
      payment: { payment_intent: intent.id, type: 'payment_intent' },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    };
    invoicePayments.set(payment.id, payment);
    return { invoice, intent };
  }

  /** The events of a new invoice: created, finalized, and its payment intent created. */
  function announceInvoice(invoice: Stripe.Invoice, intent: Stripe.PaymentIntent): void {
    emit('invoice.created', invoice);
    emit('invoice.finalized', invoice);
    emit('payment_intent.created', intent);
  }

  function newPaymentIntent(fields: {
    amount: number;
    currency: string;
    customer: Stripe.Customer | null;
    description: string | null;
    metadata: Record<string, string>;
    automaticPaymentMethods: boolean;
    receiptEmail?: string | null;
    announce: boolean;
  }): Stripe.PaymentIntent {
    const id = newId('pi');
    const intent: Stripe.PaymentIntent = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: null,
      amount: fields.amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: fields.automaticPaymentMethods ? { allow_redirects: 'always', enabled: true } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${alphanumeric(25)}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: fields.currency,
      customer: fields.customer?.id ?? null,
      customer_account: null,
      description: fields.description,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: fields.metadata,
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: {
        card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
      },
      payment_method_types: ['card'],
      payment_record: null,
      processing: null,
      receipt_email: fields.receiptEmail ?? null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    };
    paymentIntents.set(id, intent);
    if (fields.announce) emit('payment_intent.created', intent);
    return intent;
  }

  function newPaymentMethod(
    number: string,
    customer: string | null,
    billing: Stripe.PaymentMethod.BillingDetails,
  ): Stripe.PaymentMethod {
    const expiry = new Date((now() + 3 * 365 * 86400) * 1000);
    const paymentMethod: Stripe.PaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: billing,
      card: {
        brand: brandOf(number),
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: brandOf(number),
        exp_month: expiry.getUTCMonth() + 1,
        exp_year: expiry.getUTCFullYear(),
        fingerprint: alphanumeric(16),
        funding: 'credit',
        generated_from: null,
        last4: number.slice(-4),
        networks: { available: [brandOf(number)], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: now(),
      customer,
      customer_account: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    paymentMethods.set(paymentMethod.id, paymentMethod);
    return paymentMethod;
  }

  function newCharge(
    intent: Stripe.PaymentIntent,
    paymentMethod: Stripe.PaymentMethod,
    decline: Decline | null,
  ): Stripe.Charge {
    const card = paymentMethod.card!;
    const charge: Stripe.Charge = {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: decline ? 0 : intent.amount,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: decline ? null : newId('txn'),
      billing_details: { ...paymentMethod.billing_details, tax_id: null },
      calculated_statement_descriptor: 'MEETWISE',
      captured: !decline,
      created: now(),
      currency: intent.currency,
      customer: typeof intent.customer === 'string' ? intent.customer : null,
      description: intent.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      fraud_details: {},
      livemode: false,
      // Stripe does not copy an intent's metadata to its charges.
      metadata: {},
      on_behalf_of: null,
      outcome: {
        advice_code: decline ? 'try_again_later' : null,
        network_advice_code: null,
        network_decline_code: null,
        network_status: decline ? 'declined_by_network' : 'approved_by_network',
        reason: decline?.decline_code ?? null,
        risk_level: 'normal',
        risk_score: 20,
        seller_message: decline
          ? 'The bank did not return any further details with this decline.'
          : 'Payment complete.',
        type: decline ? 'issuer_declined' : 'authorized',
      },
      paid: !decline,
      payment_intent: intent.id,
      payment_method: paymentMethod.id,
      payment_method_details: {
        card: {
          amount_authorized: decline ? null : intent.amount,
          authorization_code: decline ? null : String(100000 + (randomBytes(2).readUInt16BE() % 899999)),
          brand: card.brand,
          checks: card.checks,
          country: card.country,
          electronic_commerce_indicator: null,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          extended_authorization: { status: 'disabled' },
          fingerprint: card.fingerprint ?? null,
          funding: card.funding,
          incremental_authorization: { status: 'unavailable' },
          installments: null,
          last4: card.last4,
          mandate: null,
          multicapture: { status: 'unavailable' },
          network: card.brand,
          network_token: { used: false },
          network_transaction_id: alphanumeric(15),
          overcapture: { maximum_amount_capturable: intent.amount, status: 'unavailable' },
          regulated_status: 'unregulated',
          three_d_secure: null,
          transaction_link_id: null,
          wallet: null,
        },
        type: 'card',
      },
      receipt_email: intent.receipt_email,
      receipt_number: null,
      receipt_url: decline ? null : `https://pay.stripe.com/receipts/payment/${alphanumeric(60)}`,
      refunded: false,
      review: null,
      shipping: null,
      source: null,
      source_transfer: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: decline ? 'failed' : 'succeeded',
      transfer_data: null,
      transfer_group: null,
    };
    charges.set(charge.id, charge);
    return charge;
  }

  // ------------------------------------------------------------ payments

  const invoiceOfIntent = (intentId: string): Stripe.Invoice | undefined => {
    const payment = [...invoicePayments.values()].find((candidate) => candidate.payment.payment_intent === intentId);
    return payment ? invoices.get(String(payment.invoice)) : undefined;
  };
  const invoicePaymentOf = (intentId: string) =>
    [...invoicePayments.values()].find((candidate) => candidate.payment.payment_intent === intentId);

  function confirmable(intent: Stripe.PaymentIntent): void {
    if (intent.status === 'succeeded')
      throw invalid(
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        undefined,
        'payment_intent_unexpected_state',
      );
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status))
      throw invalid(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        undefined,
        'payment_intent_unexpected_state',
      );
  }

  const noBilling = (): Stripe.PaymentMethod.BillingDetails => ({
    address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
    email: null,
    name: null,
    phone: null,
    tax_id: null,
  });

  /**
   * Confirms an intent with a card, as Stripe does for the Payment Element and the API: paid, declined (the
   * decline is answered), or waiting for 3D Secure. Answers the decline, if any.
   */
  function confirm(
    intent: Stripe.PaymentIntent,
    card: string,
    billing: Stripe.PaymentMethod.BillingDetails = noBilling(),
  ): Decline | null {
    confirmable(intent);
    const outcome = cardOutcome(card);
    const paymentMethod = newPaymentMethod(
      outcome.number,
      typeof intent.customer === 'string' ? intent.customer : null,
      billing,
    );
    if (outcome.card === 'success') {
      succeed(intent, paymentMethod);
      return null;
    }
    if (outcome.card === 'requires_action') {
      requireAction(intent, paymentMethod);
      return null;
    }
    const decline = outcome.card === 'incorrect_number' ? INCORRECT_NUMBER : DECLINES[outcome.card];
    fail(intent, paymentMethod, decline);
    return decline;
  }

  function succeed(intent: Stripe.PaymentIntent, paymentMethod: Stripe.PaymentMethod): void {
    const charge = newCharge(intent, paymentMethod, null);
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      latest_charge: charge.id,
      payment_method: paymentMethod.id,
      last_payment_error: null,
      next_action: null,
    });
    emit('charge.succeeded', charge);
    emit('payment_intent.succeeded', intent);
    const invoice = invoiceOfIntent(intent.id);
    if (invoice) invoicePaid(invoice, intent, paymentMethod);
  }

  function invoicePaid(
    invoice: Stripe.Invoice,
    intent: Stripe.PaymentIntent,
    paymentMethod: Stripe.PaymentMethod,
  ): void {
    const paidAt = now();
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempted: true,
      attempt_count: invoice.attempt_count + 1,
      next_payment_attempt: null,
      status_transitions: { ...invoice.status_transitions, paid_at: paidAt },
    });
    const payment = invoicePaymentOf(intent.id);
    if (payment)
      Object.assign(payment, {
        status: 'paid',
        amount_paid: intent.amount,
        status_transitions: { canceled_at: null, paid_at: paidAt },
      });
    if (payment) emit('invoice_payment.paid', payment);
    emit('invoice.paid', invoice);
    emit('invoice.payment_succeeded', invoice);
    const subscriptionId = invoice.parent?.subscription_details?.subscription;
    const subscription = subscriptions.get(String(subscriptionId));
    if (subscription) subscriptionPaid(subscription, invoice, paymentMethod);
  }

  /** A paid invoice makes its subscription active; the first one starts its first period now. */
  function subscriptionPaid(
    subscription: Stripe.Subscription,
    invoice: Stripe.Invoice,
    paymentMethod: Stripe.PaymentMethod,
  ): void {
    if (subscription.status === 'canceled') return;
    const previous: Record<string, unknown> = { status: subscription.status };
    const item = subscription.items.data[0]!;
    if (invoice.billing_reason === 'subscription_create') {
      const start = now();
      previous.items = copy(subscription.items);
      item.current_period_start = start;
      item.current_period_end = addInterval(start, item.price.recurring?.interval ?? 'month');
      subscription.billing_cycle_anchor = start;
    }
    if (subscription.payment_settings?.save_default_payment_method === 'on_subscription') {
      previous.default_payment_method = subscription.default_payment_method;
      subscription.default_payment_method = paymentMethod.id;
    }
    subscription.status = 'active';
    emit('customer.subscription.updated', subscription, previous);
  }

  function requireAction(intent: Stripe.PaymentIntent, paymentMethod: Stripe.PaymentMethod): void {
    Object.assign(intent, {
      status: 'requires_action',
      payment_method: paymentMethod.id,
      last_payment_error: null,
      next_action: {
        type: 'use_stripe_sdk',
        use_stripe_sdk: {
          type: 'three_d_secure_redirect',
          source: newId('src'),
          stripe_js: `https://hooks.stripe.com/3d_secure_2/hosted?merchant=acct_fake&payment_intent=${intent.id}`,
        },
      },
    });
    emit('payment_intent.requires_action', intent);
    const invoice = invoiceOfIntent(intent.id);
    if (invoice) emit('invoice.payment_action_required', invoice);
  }

  function fail(intent: Stripe.PaymentIntent, paymentMethod: Stripe.PaymentMethod, decline: Decline): void {
    const charge = newCharge(intent, paymentMethod, decline);
    Object.assign(intent, {
      status: 'requires_payment_method',
      latest_charge: charge.id,
      // A declined card is detached from the intent; the customer must give another.
      payment_method: null,
      next_action: null,
      last_payment_error: {
        type: 'card_error',
        charge: charge.id,
        code: decline.code,
        ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
        doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
        message: decline.message,
        payment_method: present(paymentMethod, []),
      },
    });
    emit('charge.failed', charge);
    emit('payment_intent.payment_failed', intent);
    invoiceFailed(intent);
  }

  /** An invoice's payment attempt failed: a renewal's leaves the subscription past_due. */
  function invoiceFailed(intent: Stripe.PaymentIntent): void {
    const invoice = invoiceOfIntent(intent.id);
    if (!invoice) return;
    invoice.attempted = true;
    invoice.attempt_count += 1;
    invoice.next_payment_attempt = invoice.billing_reason === 'subscription_cycle' ? now() + 3 * 86400 : null;
    emit('invoice.payment_failed', invoice);
    const subscription = subscriptions.get(String(invoice.parent?.subscription_details?.subscription));
    if (subscription && invoice.billing_reason === 'subscription_cycle' && subscription.status === 'active') {
      subscription.status = 'past_due';
      emit('customer.subscription.updated', subscription, { status: 'active' });
    }
  }

  function authenticate(intent: Stripe.PaymentIntent, result: 'complete' | 'fail'): void {
    if (intent.status !== 'requires_action')
      throw invalid(
        `This PaymentIntent's status is ${intent.status}; there is no authentication to complete.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    const paymentMethod = paymentMethods.get(String(intent.payment_method));
    if (result === 'complete' && paymentMethod) {
      succeed(intent, paymentMethod);
      return;
    }
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      next_action: null,
      last_payment_error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
        message: AUTHENTICATION_FAILED,
        ...(paymentMethod ? { payment_method: present(paymentMethod, []) } : {}),
      },
    });
    emit('payment_intent.payment_failed', intent);
    invoiceFailed(intent);
  }

  function refundCharge(charge: Stripe.Charge, amount: number | undefined): Stripe.Refund {
    if (!charge.paid) throw invalid(`Charge ${charge.id} has not been paid: there is nothing to refund.`, 'charge');
    const remaining = charge.amount - charge.amount_refunded;
    const refunded = amount ?? remaining;
    if (remaining === 0)
      throw invalid(`Charge ${charge.id} has already been refunded.`, 'charge', 'charge_already_refunded');
    if (refunded <= 0 || refunded > remaining)
      throw invalid(
        `Refund amount (${dollars(refunded)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
        'amount',
      );
    const refund: Stripe.Refund = {
      id: newId('re'),
      object: 'refund',
      amount: refunded,
      balance_transaction: newId('txn'),
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      customer: charge.customer,
      customer_account: null,
      destination_details: {
        card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
        type: 'card',
      },
      metadata: {},
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      reason: null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += refunded;
    charge.refunded = charge.amount_refunded === charge.amount;
    emit('refund.created', refund);
    emit('charge.refunded', charge, previous);
    return refund;
  }

  function cancelSubscription(subscription: Stripe.Subscription, comment?: string): void {
    if (subscription.status === 'canceled') return;
    const previous = { status: subscription.status, ended_at: null, canceled_at: subscription.canceled_at };
    const at = now();
    Object.assign(subscription, {
      status: 'canceled',
      ended_at: at,
      canceled_at: subscription.canceled_at ?? at,
      cancellation_details: {
        ...subscription.cancellation_details,
        ...(comment ? { comment } : {}),
        reason: subscription.cancellation_details?.reason ?? 'cancellation_requested',
      },
    });
    emit('customer.subscription.deleted', subscription, previous);
  }

  // ------------------------------------------------------------ checkout

  /** Pays a session as the hosted page does; answers the decline when the card is declined (the session stays open). */
  function payCheckout(session: Stripe.Checkout.Session, card: string): Decline | null {
    if (session.status === 'complete') return null;
    if (session.status !== 'open') throw invalid(`This Checkout Session is ${session.status}.`, 'session');
    const plan = sessionPlans.get(session.id)!;
    const outcome = cardOutcome(card);
    if (outcome.card !== 'success' && outcome.card !== 'requires_action') {
      const decline = outcome.card === 'incorrect_number' ? INCORRECT_NUMBER : DECLINES[outcome.card];
      if (session.mode === 'payment') {
        const intent = checkoutIntent(session, plan);
        fail(intent, newPaymentMethod(outcome.number, null, noBilling()), decline);
      }
      return decline;
    }
    // The hosted page runs 3D Secure itself; a card that asks for it is authenticated there.
    const billing = {
      ...noBilling(),
      address: { ...noBilling().address!, country: 'US', postal_code: '10001' },
      email: session.customer_email ?? customers.get(String(session.customer))?.email ?? null,
    };
    if (session.mode === 'subscription') {
      const customer =
        customers.get(String(session.customer)) ??
        newCustomer({ email: session.customer_email, name: null, description: null, metadata: {} });
      const made = newSubscription({
        customer,
        price: plan.price,
        quantity: plan.quantity,
        coupons: plan.coupons,
        metadata: plan.subscriptionData.metadata,
        description: plan.subscriptionData.description,
        saveDefaultPaymentMethod: true,
      });
      succeed(made.intent, newPaymentMethod(outcome.number, customer.id, billing));
      Object.assign(session, { customer: customer.id, subscription: made.subscription.id, invoice: made.invoice.id });
    } else {
      succeed(checkoutIntent(session, plan), newPaymentMethod(outcome.number, null, billing));
    }
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      customer_details: {
        address: billing.address,
        business_name: null,
        email: billing.email,
        individual_name: null,
        name: null,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    });
    emit('checkout.session.completed', session);
    return null;
  }

  /** The payment intent of a payment-mode session, made when the customer first pays (as Stripe does now). */
  function checkoutIntent(session: Stripe.Checkout.Session, plan: SessionPlan): Stripe.PaymentIntent {
    const existing = paymentIntents.get(String(session.payment_intent));
    if (existing) return existing;
    const intent = newPaymentIntent({
      amount: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      customer: customers.get(String(session.customer)) ?? null,
      description: plan.intentData.description,
      metadata: plan.intentData.metadata,
      automaticPaymentMethods: false,
      receiptEmail: session.customer_email,
      announce: true,
    });
    session.payment_intent = intent.id;
    return intent;
  }

  // ------------------------------------------------------------ API handlers

  const priceFrom = (reader: Reader, recurringWanted: boolean | null): Stripe.Price => {
    reader.only('currency', 'product', 'unit_amount', 'recurring', 'tax_behavior', 'product_data');
    if (reader.has('product_data'))
      throw invalid(
        'The fake Stripe takes an existing product in price_data, not product_data.',
        reader.path('product_data'),
      );
    const currency = reader.requiredText('currency').toLowerCase();
    const productId = reader.requiredText('product');
    if (!products.has(productId)) throw noSuch('product', productId, reader.path('product'));
    const unitAmount = reader.integer('unit_amount');
    if (unitAmount === undefined) throw missingParam(reader.path('unit_amount'));
    if (unitAmount < 0) throw invalid('This value must be greater than or equal to 0.', reader.path('unit_amount'));
    const recurring = reader.hash('recurring');
    recurring?.only('interval', 'interval_count');
    const interval = recurring?.oneOf('interval', ['day', 'week', 'month', 'year'] as const) ?? null;
    if (recurring && !interval) throw missingParam(reader.path('recurring[interval]'));
    if (recurringWanted === true && !interval)
      throw invalid(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        'line_items',
      );
    if (recurringWanted === false && interval)
      throw invalid(
        'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
        'line_items',
      );
    return newPrice({ product: productId, currency, unitAmount, interval });
  };

  const couponsFrom = (reader: Reader): Stripe.Coupon[] =>
    reader.list('discounts').map((discount) => {
      discount.only('coupon', 'promotion_code', 'discount');
      const id = discount.requiredText('coupon');
      const coupon = coupons.get(id);
      if (!coupon) throw noSuch('coupon', id, discount.path('coupon'));
      return coupon;
    });

  const customerParam = (reader: Reader, name = 'customer'): Stripe.Customer | undefined => {
    const id = reader.text(name);
    if (id === undefined) return undefined;
    const customer = customers.get(id);
    if (!customer) throw noSuch('customer', id, name);
    return customer;
  };

  const found = <T>(store: Map<string, T>, kind: string, id: string): T => {
    const value = store.get(id);
    if (!value) throw noSuch(kind, id);
    return value;
  };

  type Handler = (reader: Reader, match: RegExpExecArray, key: 'secret' | 'publishable') => Reply;
  const ok = (object: { object: string }, reader: Reader): Reply => ({
    status: 200,
    body: present(object, reader.strings('expand')),
  });

  /** The calls a publishable key may make: a payment intent's, with its client secret. */
  const withClientSecret = (reader: Reader, intent: Stripe.PaymentIntent, key: 'secret' | 'publishable') => {
    if (key !== 'publishable') return;
    if (reader.text('client_secret') !== intent.client_secret)
      throw invalid(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        'client_secret',
      );
  };

  const routes: { method: string; path: RegExp; publishable?: true; handle: Handler }[] = [
    {
      method: 'POST',
      path: /^\/v1\/customers$/,
      handle: (reader) => {
        reader.only('email', 'name', 'description', 'metadata', 'expand', 'phone');
        const customer = newCustomer({
          email: reader.text('email') ?? null,
          name: reader.text('name') ?? null,
          description: reader.text('description') ?? null,
          metadata: reader.metadata(),
        });
        return ok(customer, reader);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/customers\/([^/]+)$/,
      handle: (reader, match) => ok(found(customers, 'customer', match[1]!), reader.only('expand')),
    },
    {
      method: 'POST',
      path: /^\/v1\/customers\/([^/]+)$/,
      handle: (reader, match) => {
        reader.only('email', 'name', 'description', 'metadata', 'expand');
        const customer = found(customers, 'customer', match[1]!);
        const previous = { email: customer.email, name: customer.name, metadata: copy(customer.metadata) };
        if (reader.has('email')) customer.email = reader.text('email') || null;
        if (reader.has('name')) customer.name = reader.text('name') || null;
        if (reader.has('description')) customer.description = reader.text('description') || null;
        if (reader.has('metadata')) customer.metadata = mergedMetadata(customer.metadata, reader);
        emit('customer.updated', customer, previous);
        return ok(customer, reader);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/products$/,
      handle: (reader) => {
        reader.only('id', 'name', 'description', 'metadata', 'active', 'expand');
        const id = reader.text('id') ?? newId('prod', 14);
        if (products.has(id)) throw invalid('Product already exists.', 'id', 'resource_already_exists');
        const created = now();
        const product: Stripe.Product = {
          id,
          object: 'product',
          active: reader.boolean('active') ?? true,
          created,
          default_price: null,
          description: reader.text('description') ?? null,
          images: [],
          livemode: false,
          marketing_features: [],
          metadata: reader.metadata(),
          name: reader.requiredText('name'),
          package_dimensions: null,
          shippable: null,
          statement_descriptor: null,
          tax_code: null,
          tax_details: null,
          type: 'service',
          unit_label: null,
          updated: created,
          url: null,
        };
        products.set(id, product);
        emit('product.created', product);
        return ok(product, reader);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/products\/([^/]+)$/,
      handle: (reader, match) => ok(found(products, 'product', match[1]!), reader.only('expand')),
    },
    {
      method: 'POST',
      path: /^\/v1\/coupons$/,
      handle: (reader) => {
        reader.only(
          'id',
          'amount_off',
          'percent_off',
          'currency',
          'duration',
          'duration_in_months',
          'name',
          'metadata',
          'max_redemptions',
          'expand',
        );
        const id = reader.text('id') ?? alphanumeric(8);
        if (coupons.has(id)) throw invalid('Coupon already exists.', 'id', 'resource_already_exists');
        const amountOff = reader.integer('amount_off') ?? null;
        const percentOff = reader.has('percent_off') ? Number(reader.text('percent_off')) : null;
        if ((amountOff === null) === (percentOff === null))
          throw invalid('You must pass exactly one of amount_off or percent_off.', 'amount_off');
        const currency = reader.text('currency')?.toLowerCase() ?? null;
        if (amountOff !== null && !currency) throw missingParam('currency');
        const coupon: Stripe.Coupon = {
          id,
          object: 'coupon',
          amount_off: amountOff,
          created: now(),
          currency: amountOff !== null ? currency : null,
          duration: reader.oneOf('duration', ['once', 'repeating', 'forever'] as const) ?? 'once',
          duration_in_months: reader.integer('duration_in_months') ?? null,
          livemode: false,
          max_redemptions: reader.integer('max_redemptions') ?? null,
          metadata: reader.metadata(),
          name: reader.text('name') ?? null,
          percent_off: percentOff,
          redeem_by: null,
          times_redeemed: 0,
          valid: true,
        };
        coupons.set(id, coupon);
        emit('coupon.created', coupon);
        return ok(coupon, reader);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/coupons\/([^/]+)$/,
      handle: (reader, match) => ok(found(coupons, 'coupon', match[1]!), reader.only('expand')),
    },
    {
      method: 'GET',
      path: /^\/v1\/prices\/([^/]+)$/,
      handle: (reader, match) => ok(found(prices, 'price', match[1]!), reader.only('expand')),
    },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions$/,
      handle: (reader) => {
        reader.only(
          'customer',
          'items',
          'discounts',
          'metadata',
          'description',
          'payment_behavior',
          'payment_settings',
          'expand',
          'collection_method',
          'off_session',
        );
        const customer = customerParam(reader);
        if (!customer) throw missingParam('customer');
        const behavior = reader.oneOf('payment_behavior', [
          'default_incomplete',
          'allow_incomplete',
          'error_if_incomplete',
          'pending_if_incomplete',
        ] as const);
        if (behavior !== 'default_incomplete')
          throw invalid(
            'The fake Stripe creates subscriptions with payment_behavior=default_incomplete only (the Payment Element pays the first invoice).',
            'payment_behavior',
          );
        const items = reader.list('items');
        if (items.length !== 1) throw invalid('The fake Stripe takes exactly one subscription item.', 'items');
        const item = items[0]!.only('price_data', 'price', 'quantity');
        const priceData = item.hash('price_data');
        const price = priceData ? priceFrom(priceData, true) : found(prices, 'price', item.requiredText('price'));
        if (!price.recurring) throw invalid('The price specified is not recurring.', 'items[0][price]');
        const settings = reader.hash('payment_settings');
        settings?.only('save_default_payment_method', 'payment_method_types');
        const { subscription } = newSubscription({
          customer,
          price,
          quantity: item.integer('quantity') ?? 1,
          coupons: couponsFrom(reader),
          metadata: reader.metadata(),
          description: reader.text('description') ?? null,
          saveDefaultPaymentMethod: settings?.text('save_default_payment_method') === 'on_subscription',
        });
        return ok(subscription, reader);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (reader, match) => ok(found(subscriptions, 'subscription', match[1]!), reader.only('expand')),
    },
    {
      method: 'POST',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (reader, match) => {
        reader.only('cancel_at_period_end', 'metadata', 'description', 'expand', 'cancellation_details');
        const subscription = found(subscriptions, 'subscription', match[1]!);
        if (subscription.status === 'canceled' && (reader.has('cancel_at_period_end') || reader.has('description')))
          throw invalid('A canceled subscription can only update its cancellation_details and metadata.', undefined);
        const previous: Record<string, unknown> = {};
        const cancel = reader.boolean('cancel_at_period_end');
        if (cancel !== undefined && cancel !== subscription.cancel_at_period_end) {
          Object.assign(previous, {
            cancel_at: subscription.cancel_at,
            cancel_at_period_end: subscription.cancel_at_period_end,
            canceled_at: subscription.canceled_at,
            cancellation_details: copy(subscription.cancellation_details),
          });
          Object.assign(subscription, {
            cancel_at_period_end: cancel,
            cancel_at: cancel ? (subscription.items.data[0]?.current_period_end ?? null) : null,
            canceled_at: cancel ? now() : null,
            cancellation_details: { comment: null, feedback: null, reason: cancel ? 'cancellation_requested' : null },
          });
        }
        if (reader.has('metadata')) {
          previous.metadata = copy(subscription.metadata);
          subscription.metadata = mergedMetadata(subscription.metadata, reader);
        }
        if (reader.has('description')) {
          previous.description = subscription.description;
          subscription.description = reader.text('description') || null;
        }
        if (Object.keys(previous).length > 0) emit('customer.subscription.updated', subscription, previous);
        return ok(subscription, reader);
      },
    },
    {
      method: 'DELETE',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (reader, match) => {
        reader.only('expand', 'invoice_now', 'prorate', 'cancellation_details');
        const details = reader.hash('cancellation_details');
        details?.only('comment', 'feedback');
        const subscription = found(subscriptions, 'subscription', match[1]!);
        cancelSubscription(subscription, details?.text('comment'));
        return ok(subscription, reader);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/invoices\/([^/]+)$/,
      handle: (reader, match) => ok(found(invoices, 'invoice', match[1]!), reader.only('expand')),
    },
    {
      method: 'GET',
      path: /^\/v1\/invoice_payments$/,
      handle: (reader) => {
        reader.only('invoice', 'payment', 'status', 'limit', 'starting_after', 'expand');
        const payment = reader.hash('payment');
        payment?.only('type', 'payment_intent', 'payment_record');
        if (payment) payment.requiredText('type');
        const invoice = reader.text('invoice');
        const intent = payment?.text('payment_intent');
        const status = reader.text('status');
        const matching = [...invoicePayments.values()]
          .filter((candidate) => invoice === undefined || candidate.invoice === invoice)
          .filter((candidate) => intent === undefined || candidate.payment.payment_intent === intent)
          .filter((candidate) => status === undefined || candidate.status === status)
          .reverse();
        const limit = reader.integer('limit') ?? 10;
        const expand = reader.strings('expand').map((path) => path.replace(/^data\./, ''));
        return {
          status: 200,
          body: listOf(matching.slice(0, limit), '/v1/invoice_payments', expand, matching.length > limit),
        };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/invoice_payments\/([^/]+)$/,
      handle: (reader, match) => ok(found(invoicePayments, 'invoice payment', match[1]!), reader.only('expand')),
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      handle: (reader) => {
        reader.only(
          'amount',
          'currency',
          'customer',
          'automatic_payment_methods',
          'description',
          'metadata',
          'receipt_email',
          'payment_method_types',
          'expand',
          'setup_future_usage',
        );
        const amount = reader.integer('amount');
        if (amount === undefined) throw missingParam('amount');
        if (amount < 50) throw invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
        const automatic = reader.hash('automatic_payment_methods');
        automatic?.only('enabled', 'allow_redirects');
        const intent = newPaymentIntent({
          amount,
          currency: reader.requiredText('currency').toLowerCase(),
          customer: customerParam(reader) ?? null,
          description: reader.text('description') ?? null,
          metadata: reader.metadata(),
          automaticPaymentMethods: automatic?.boolean('enabled') ?? false,
          receiptEmail: reader.text('receipt_email') ?? null,
          announce: true,
        });
        return ok(intent, reader);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      publishable: true,
      handle: (reader, match, key) => {
        reader.only('expand', 'client_secret', 'key', '_stripe_version');
        const intent = found(paymentIntents, 'payment_intent', match[1]!);
        withClientSecret(reader, intent, key);
        return key === 'publishable' ? { status: 200, body: publicIntent(intent) } : ok(intent, reader);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      publishable: true,
      handle: (reader, match, key) => {
        reader.only(
          'client_secret',
          'key',
          'payment_method',
          'payment_method_data',
          'return_url',
          'test_card',
          'expected_payment_method_type',
          'use_stripe_sdk',
          'expand',
          '_stripe_version',
          'mandate_data',
          'off_session',
        );
        const intent = found(paymentIntents, 'payment_intent', match[1]!);
        withClientSecret(reader, intent, key);
        const card = reader.text('test_card') ?? reader.text('payment_method');
        if (!card) throw missingParam('payment_method');
        if (reader.text('payment_method') && !TEST_PAYMENT_METHODS[card] && !reader.has('test_card'))
          throw noSuch('PaymentMethod', card, 'payment_method');
        const decline = confirm(intent, card, billingFrom(reader));
        const view = key === 'publishable' ? publicIntent(intent) : present(intent, reader.strings('expand'));
        if (decline) {
          const error = intent.last_payment_error!;
          throw new ApiError(402, {
            type: 'card_error',
            code: decline.code,
            ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
            message: decline.message,
            charge: error.charge!,
            doc_url: error.doc_url!,
            payment_intent: view,
            payment_method: error.payment_method,
          });
        }
        return { status: 200, body: view };
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)\/test_authentication$/,
      publishable: true,
      handle: (reader, match, key) => {
        reader.only('client_secret', 'key', 'result', '_stripe_version');
        const intent = found(paymentIntents, 'payment_intent', match[1]!);
        withClientSecret(reader, intent, key);
        authenticate(intent, reader.oneOf('result', ['complete', 'fail'] as const) ?? 'complete');
        return { status: 200, body: key === 'publishable' ? publicIntent(intent) : present(intent, []) };
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      handle: (reader, match) => {
        reader.only('cancellation_reason', 'expand');
        const intent = found(paymentIntents, 'payment_intent', match[1]!);
        if (['succeeded', 'canceled'].includes(intent.status) || invoiceOfIntent(intent.id))
          throw invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            undefined,
            'payment_intent_unexpected_state',
          );
        Object.assign(intent, {
          status: 'canceled',
          canceled_at: now(),
          cancellation_reason:
            reader.oneOf('cancellation_reason', [
              'duplicate',
              'fraudulent',
              'requested_by_customer',
              'abandoned',
            ] as const) ?? null,
          next_action: null,
        });
        emit('payment_intent.canceled', intent);
        return ok(intent, reader);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/charges\/([^/]+)$/,
      handle: (reader, match) => ok(found(charges, 'charge', match[1]!), reader.only('expand')),
    },
    {
      method: 'POST',
      path: /^\/v1\/refunds$/,
      handle: (reader) => {
        reader.only('payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand');
        const intentId = reader.text('payment_intent');
        const chargeId =
          reader.text('charge') ?? (intentId ? found(paymentIntents, 'payment_intent', intentId).latest_charge : null);
        if (!chargeId) {
          if (intentId)
            throw invalid(`PaymentIntent ${intentId} does not have a successful charge to refund.`, 'payment_intent');
          throw missingParam('charge');
        }
        return ok(refundCharge(found(charges, 'charge', String(chargeId)), reader.integer('amount')), reader);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/refunds\/([^/]+)$/,
      handle: (reader, match) => ok(found(refunds, 'refund', match[1]!), reader.only('expand')),
    },
    {
      method: 'POST',
      path: /^\/v1\/checkout\/sessions$/,
      handle: (reader) => ok(createSession(reader), reader),
    },
    {
      method: 'GET',
      path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      handle: (reader, match) => ok(found(sessions, 'checkout.session', match[1]!), reader.only('expand')),
    },
    {
      method: 'POST',
      path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      handle: (reader, match) => {
        reader.only('expand');
        const session = found(sessions, 'checkout.session', match[1]!);
        if (session.status !== 'open')
          throw invalid(
            `Only Checkout Sessions with a status of open can be expired (this one is ${session.status}).`,
            undefined,
          );
        session.status = 'expired';
        emit('checkout.session.expired', session);
        return ok(session, reader);
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/events\/([^/]+)$/,
      handle: (reader, match) => {
        reader.only('expand');
        const event = recorded.find((candidate) => candidate.id === match[1]);
        if (!event) throw noSuch('event', match[1]!);
        return { status: 200, body: event };
      },
    },
    {
      method: 'GET',
      path: /^\/v1\/events$/,
      handle: (reader) => {
        reader.only('type', 'limit', 'starting_after', 'expand');
        const type = reader.text('type');
        const matching = recorded.filter((event) => !type || event.type === type).reverse();
        const limit = reader.integer('limit') ?? 10;
        return {
          status: 200,
          body: {
            object: 'list',
            data: matching.slice(0, limit),
            has_more: matching.length > limit,
            url: '/v1/events',
          },
        };
      },
    },
  ];

  function mergedMetadata(current: Stripe.Metadata | null, reader: Reader): Record<string, string> {
    const changes = reader.hash('metadata')?.params ?? {};
    const merged: Record<string, string> = { ...current };
    for (const [key, value] of Object.entries(changes)) {
      if (typeof value !== 'string') throw invalid(`Invalid string: metadata[${key}]`, `metadata[${key}]`);
      if (value === '') delete merged[key];
      else merged[key] = value;
    }
    return merged;
  }

  function billingFrom(reader: Reader): Stripe.PaymentMethod.BillingDetails {
    const details = reader.hash('payment_method_data')?.hash('billing_details');
    const address = details?.hash('address');
    const billing = noBilling();
    return {
      ...billing,
      address: {
        ...billing.address!,
        country: address?.text('country') ?? null,
        postal_code: address?.text('postal_code') ?? null,
        line1: address?.text('line1') ?? null,
        city: address?.text('city') ?? null,
      },
      email: details?.text('email') ?? null,
      name: details?.text('name') ?? null,
    };
  }

  function createSession(reader: Reader): Stripe.Checkout.Session {
    reader.only(
      'mode',
      'line_items',
      'discounts',
      'success_url',
      'cancel_url',
      'customer',
      'customer_email',
      'metadata',
      'subscription_data',
      'payment_intent_data',
      'client_reference_id',
      'customer_creation',
      'expand',
      'locale',
      'ui_mode',
      'payment_method_types',
      'billing_address_collection',
      'allow_promotion_codes',
    );
    const mode = reader.oneOf('mode', ['payment', 'subscription', 'setup'] as const);
    if (!mode) throw missingParam('mode');
    if (mode === 'setup') throw invalid('The fake Stripe makes payment and subscription sessions only.', 'mode');
    const customer = customerParam(reader);
    const customerEmail = reader.text('customer_email') ?? null;
    if (customer && customerEmail)
      throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    if (mode === 'subscription' && reader.has('payment_intent_data'))
      throw invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data');
    if (mode === 'payment' && reader.has('subscription_data'))
      throw invalid('You can not pass `subscription_data` in `payment` mode.', 'subscription_data');
    const lines = reader.list('line_items');
    if (lines.length !== 1) throw invalid('The fake Stripe takes exactly one line item.', 'line_items');
    const line = lines[0]!.only('price_data', 'price', 'quantity');
    const priceData = line.hash('price_data');
    const price = priceData
      ? priceFrom(priceData, mode === 'subscription')
      : found(prices, 'price', line.requiredText('price'));
    const quantity = line.integer('quantity') ?? 1;
    const applied = couponsFrom(reader);
    const subscriptionData = reader.hash('subscription_data')?.only('metadata', 'description');
    const intentData = reader.hash('payment_intent_data')?.only('metadata', 'description', 'receipt_email');
    const subtotal = (price.unit_amount ?? 0) * quantity;
    const discount = discountOf(subtotal, applied);
    const id = `cs_test_${alphanumeric(58)}`;
    const created = now();
    const successUrl = reader.text('success_url') ?? null;
    const session: Stripe.Checkout.Session = {
      id,
      object: 'checkout.session',
      adaptive_pricing: { enabled: false },
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: null,
      amount_subtotal: subtotal,
      amount_total: subtotal - discount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: reader.text('cancel_url') ?? null,
      client_reference_id: reader.text('client_reference_id') ?? null,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created,
      currency: price.currency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: customer?.id ?? null,
      customer_account: null,
      customer_creation: customer ? null : mode === 'payment' ? 'if_required' : 'always',
      customer_details: null,
      customer_email: customerEmail,
      discounts: applied.map((coupon) => ({ coupon: coupon.id, promotion_code: null })),
      expires_at: created + 24 * 3600,
      integration_identifier: null,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: null,
      managed_payments: null,
      metadata: reader.metadata(),
      mode,
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: mode === 'subscription' ? 'always' : null,
      payment_method_configuration_details: null,
      payment_method_options: { card: { request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      permissions: null,
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: successUrl,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${hostedPagesUrl}/c/pay/${id}`,
      wallet_options: null,
    };
    sessions.set(id, session);
    sessionPlans.set(id, {
      price,
      quantity,
      coupons: applied,
      subscriptionData: {
        metadata: subscriptionData?.metadata() ?? {},
        description: subscriptionData?.text('description') ?? null,
      },
      intentData: { metadata: intentData?.metadata() ?? {}, description: intentData?.text('description') ?? null },
    });
    return session;
  }

  // ------------------------------------------------------------ HTTP

  function authenticateRequest(request: IncomingMessage, params: Params): 'secret' | 'publishable' {
    const header = request.headers.authorization ?? '';
    const bearer = /^Bearer (.+)$/i.exec(header)?.[1];
    const basic = /^Basic (.+)$/i.exec(header)?.[1];
    const key =
      bearer ??
      (basic ? Buffer.from(basic, 'base64').toString().split(':')[0] : undefined) ??
      (typeof params.key === 'string' ? params.key : undefined);
    if (!key)
      throw new ApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    if (key === secretKey) return 'secret';
    if (key === publishableKey) return 'publishable';
    throw new ApiError(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    });
  }

  function api(
    request: IncomingMessage,
    url: URL,
    raw: string,
    requestId: string,
  ): Reply & { replayed?: true; key: FakeStripeRequest['key'] } {
    const method = request.method ?? 'GET';
    const params = method === 'POST' ? parseForm(raw) : parseForm(url.search.slice(1));
    const idempotencyKey =
      method === 'POST' ? ((request.headers['idempotency-key'] as string | undefined) ?? null) : null;
    let key: FakeStripeRequest['key'] = null;
    try {
      key = authenticateRequest(request, params);
      const version = request.headers['stripe-version'];
      if (version !== undefined && version !== API_VERSION)
        throw invalid(
          `The fake Stripe speaks API version ${API_VERSION} only; this request asked for ${String(version)}.`,
          'Stripe-Version',
        );
      const route = routes.find((candidate) => candidate.method === method && candidate.path.test(url.pathname));
      if (!route)
        throw new ApiError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}). The fake Stripe does not implement it.`,
        });
      if (key === 'publishable' && !route.publishable)
        throw new ApiError(403, {
          type: 'invalid_request_error',
          message:
            'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
        });
      const endpoint = `${method} ${url.pathname}`;
      const scopedKey = idempotencyKey ? `${key}:${idempotencyKey}` : null;
      const fingerprint = JSON.stringify(sorted(params));
      const stored = scopedKey ? idempotent.get(scopedKey) : undefined;
      if (stored) {
        if (stored.endpoint !== endpoint)
          throw new ApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.endpoint}' vs '${endpoint}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        if (stored.fingerprint !== fingerprint)
          throw new ApiError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        return { ...stored.reply, replayed: true, key };
      }
      context = { id: requestId, idempotencyKey, key };
      const reply = answer(() => route.handle(new Reader(params), route.path.exec(url.pathname)!, key ?? 'secret'));
      if (scopedKey && (reply.status < 400 || reply.status === 402))
        idempotent.set(scopedKey, { endpoint, fingerprint, reply });
      return { ...reply, key };
    } catch (error) {
      return { ...errorReply(error), key };
    } finally {
      context = null;
    }
  }

  function answer(work: () => Reply): Reply {
    try {
      return work();
    } catch (error) {
      return errorReply(error);
    }
  }

  function errorReply(error: unknown): Reply {
    if (error instanceof ApiError) return { status: error.status, body: { error: error.body } };
    throw error;
  }

  function failureFor(method: string, path: string) {
    const index = failures.findIndex(
      (rule) => (!rule.method || rule.method === method) && (!rule.path || rule.path.test(path)),
    );
    const rule = failures[index];
    if (!rule) return null;
    rule.times -= 1;
    if (rule.times <= 0) failures.splice(index, 1);
    return rule;
  }

  const server: Server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { type: 'api_error', message: `The fake Stripe failed: ${String(error)}` } }),
      );
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake.stripe');
    const raw = await readBody(request);
    const method = request.method ?? 'GET';
    if (method === 'OPTIONS') {
      response.writeHead(204, {
        ...CORS,
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
        'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? '*'),
        'access-control-max-age': '600',
      });
      response.end();
      return;
    }
    if (url.pathname.startsWith('/c/pay/')) return hostedCheckout(method, url, raw, response);
    if (!url.pathname.startsWith('/v1/')) {
      send(
        response,
        404,
        { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` } },
        {},
      );
      return;
    }
    const requestId = newId('req', 14);
    const failure = failureFor(method, url.pathname);
    const record = (status: number, key: FakeStripeRequest['key'], extra: Partial<FakeStripeRequest> = {}) =>
      fake.requests.push({
        method,
        path: url.pathname,
        params: method === 'POST' ? parseForm(raw) : parseForm(url.search.slice(1)),
        idempotencyKey: (request.headers['idempotency-key'] as string | undefined) ?? null,
        stripeVersion: (request.headers['stripe-version'] as string | undefined) ?? null,
        key,
        status,
        ...extra,
      });
    if (failure && !failure.afterApply) return injectFailure(failure, request, response, record);
    const reply = api(request, url, raw, requestId);
    if (failure) return injectFailure(failure, request, response, record);
    record(reply.status, reply.key, reply.replayed ? { replayed: true } : {});
    send(response, reply.status, reply.body, {
      'request-id': requestId,
      'stripe-version': String(request.headers['stripe-version'] ?? API_VERSION),
      ...(request.headers['idempotency-key'] ? { 'idempotency-key': String(request.headers['idempotency-key']) } : {}),
      ...(reply.replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
  }

  function injectFailure(
    failure: { kind: FakeStripeFailure['kind'] },
    request: IncomingMessage,
    response: ServerResponse,
    record: (status: number, key: FakeStripeRequest['key'], extra?: Partial<FakeStripeRequest>) => void,
  ): void {
    if (failure.kind === 'connection_reset') {
      record(0, null, { dropped: true });
      request.socket.destroy();
      return;
    }
    const status = failure.kind === 'rate_limit' ? 429 : 500;
    record(status, null);
    send(
      response,
      status,
      failure.kind === 'rate_limit'
        ? {
            error: {
              type: 'invalid_request_error',
              code: 'rate_limit',
              message:
                'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
            },
          }
        : { error: { type: 'api_error', message: 'An unknown error occurred' } },
      { 'request-id': newId('req', 14) },
    );
  }

  function hostedCheckout(method: string, url: URL, raw: string, response: ServerResponse): void {
    const match = /^\/c\/pay\/([^/]+)(\/complete)?$/.exec(url.pathname);
    const session = match ? sessions.get(match[1]!) : undefined;
    if (!session) {
      html(
        response,
        404,
        checkoutPage('Something went wrong', '<p>The page you were looking for could not be found.</p>'),
      );
      return;
    }
    if (method === 'POST' && match?.[2]) {
      const card = new URLSearchParams(raw).get('card') ?? 'success';
      let decline: Decline | null;
      try {
        decline = payCheckout(session, card);
      } catch (error) {
        html(
          response,
          400,
          checkoutPage(
            'Checkout',
            `<p role="alert">${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`,
          ),
        );
        return;
      }
      if (decline) {
        html(response, 402, sessionPage(session, decline.message));
        return;
      }
      const target = (session.success_url ?? 'https://stripe.com/').replace(/\{CHECKOUT_SESSION_ID\}/g, session.id);
      response.writeHead(303, { location: target, ...CORS });
      response.end();
      return;
    }
    if (method !== 'GET') {
      html(response, 405, checkoutPage('Checkout', '<p>Method not allowed.</p>'));
      return;
    }
    html(response, 200, sessionPage(session, null));
  }

  function sessionPage(session: Stripe.Checkout.Session, error: string | null): string {
    const plan = sessionPlans.get(session.id)!;
    const product = products.get(String(plan.price.product))?.name ?? 'Product';
    const interval = plan.price.recurring ? ` per ${plan.price.recurring.interval}` : '';
    if (session.status !== 'open') {
      const text =
        session.status === 'complete' ? 'This payment is complete.' : 'This Checkout Session is no longer active.';
      return checkoutPage(product, `<p>${text}</p>`);
    }
    const discount = session.total_details?.amount_discount ?? 0;
    const cards = (Object.entries(TEST_CARD_NUMBERS) as [TestCard, string][])
      .map(([name, number]) => `<option value="${name}">${number} (${name.replace(/_/g, ' ')})</option>`)
      .join('');
    return checkoutPage(
      `Pay Meetwise`,
      `<p>${escapeHtml(product)}: <strong>${dollars(plan.price.unit_amount ?? 0)}</strong>${interval}</p>` +
        (discount > 0 ? `<p>Discount: −${dollars(discount)} on the first payment</p>` : '') +
        `<p>Total due today: <strong>${dollars(session.amount_total ?? 0)}</strong></p>` +
        (session.customer_email ? `<p>Email: ${escapeHtml(session.customer_email)}</p>` : '') +
        (error ? `<p role="alert">${escapeHtml(error)}</p>` : '') +
        `<form method="post" action="${hostedPagesPath}/c/pay/${session.id}/complete"><label>Test card <select name="card">${cards}</select></label> ` +
        `<button type="submit">Pay</button></form>` +
        (session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ''),
    );
  }

  // ------------------------------------------------------------ controls

  const intentOf = (id: string) => {
    const intent = paymentIntents.get(id);
    if (!intent) throw new Error(`The fake Stripe has no payment intent ${id}.`);
    return intent;
  };
  const subscriptionOf = (id: string) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`The fake Stripe has no subscription ${id}.`);
    return subscription;
  };
  const sessionOf = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`The fake Stripe has no checkout session ${id}.`);
    return session;
  };
  /** Runs a control as Stripe's own doing (its events carry no request), answering Stripe's errors as Errors. */
  const control = <T>(work: () => T): T => {
    try {
      return work();
    } catch (error) {
      if (error instanceof ApiError)
        throw new Error(`The fake Stripe refused: ${error.body.message}`, { cause: error });
      throw error;
    }
  };

  const fake: FakeStripe = {
    url: '',
    publishableKey,
    secretKey,
    webhookSecret,
    requests: [],
    events: (type) => copy(recorded.filter((event) => !type || event.type === type)),
    signedDelivery(event, delivery = {}) {
      const body = JSON.stringify(event, null, 2);
      const signature = stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: delivery.secret ?? webhookSecret,
        ...(delivery.timestamp === undefined ? {} : { timestamp: delivery.timestamp }),
      });
      return { body, signature };
    },
    deliver(url, event, delivery) {
      const { body, signature } = fake.signedDelivery(event, delivery);
      return fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body,
      });
    },
    forwardEventsTo(url) {
      forwardTo = url;
    },
    async deliveries() {
      let pending: Promise<void>;
      do {
        pending = forwarding;
        await pending;
      } while (pending !== forwarding);
      return [...forwarded];
    },
    confirmPaymentIntent: (id, card) =>
      control(() => {
        const intent = intentOf(id);
        confirm(intent, card);
        return copy(intent);
      }),
    payInvoice: (invoiceId, card) =>
      control(() => {
        const payment = [...invoicePayments.values()].find((candidate) => candidate.invoice === invoiceId);
        if (!payment) throw new Error(`The fake Stripe has no invoice ${invoiceId}.`);
        confirm(intentOf(String(payment.payment.payment_intent)), card);
        return copy(invoices.get(invoiceId)!);
      }),
    authenticate: (id, result) =>
      control(() => {
        const intent = intentOf(id);
        authenticate(intent, result);
        return copy(intent);
      }),
    completeCheckout: (sessionId, card = 'success') =>
      control(() => {
        const session = sessionOf(sessionId);
        payCheckout(session, card);
        return copy(session);
      }),
    expireCheckout: (sessionId) =>
      control(() => {
        const session = sessionOf(sessionId);
        if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${session.status}.`);
        session.status = 'expired';
        emit('checkout.session.expired', session);
        return copy(session);
      }),
    renew: (subscriptionId, renewal = {}) =>
      control(() => {
        const subscription = subscriptionOf(subscriptionId);
        if (!['active', 'past_due'].includes(subscription.status))
          throw new Error(`Subscription ${subscriptionId} is ${subscription.status}: it does not renew.`);
        const item = subscription.items.data[0]!;
        const previous = { items: copy(subscription.items), latest_invoice: subscription.latest_invoice };
        item.current_period_start = item.current_period_end;
        item.current_period_end = addInterval(item.current_period_end, item.price.recurring?.interval ?? 'month');
        // Once-only coupons were spent on the first invoice; the subscription keeps only lasting ones.
        const lasting = subscription.discounts
          .map((discount) => (typeof discount === 'string' ? discountObjects.get(discount) : discount))
          .filter((discount) => discount !== undefined);
        const { invoice, intent } = newInvoice(subscription, lasting, 'subscription_cycle');
        subscription.latest_invoice = invoice.id;
        emit('customer.subscription.updated', subscription, previous);
        announceInvoice(invoice, intent);
        // Charged off-session to the saved card, which the bank now declines or accepts.
        const paymentMethod =
          paymentMethods.get(String(subscription.default_payment_method)) ??
          newPaymentMethod(TEST_CARD_NUMBERS.success, String(subscription.customer), noBilling());
        if (renewal.fail) fail(intent, paymentMethod, DECLINES.declined);
        else succeed(intent, paymentMethod);
        return copy(invoices.get(invoice.id)!);
      }),
    endSubscription: (subscriptionId) =>
      control(() => {
        const subscription = subscriptionOf(subscriptionId);
        cancelSubscription(subscription);
        return copy(subscription);
      }),
    refund: (paymentIntentId, refundOptions = {}) =>
      control(() => {
        const intent = intentOf(paymentIntentId);
        const charge = charges.get(String(intent.latest_charge));
        if (!charge || intent.status !== 'succeeded')
          throw new Error(`Payment intent ${paymentIntentId} is ${intent.status}: there is nothing to refund.`);
        return copy(refundCharge(charge, refundOptions.amount));
      }),
    advanceClock(seconds) {
      clockOffset += seconds;
    },
    failNext(failure) {
      failures.push({
        kind: failure.kind,
        method: failure.method?.toUpperCase() ?? null,
        path: failure.path ?? null,
        times: failure.times ?? 1,
        afterApply: failure.afterApply ?? false,
      });
    },
    object<T = unknown>(id: string): T | undefined {
      const stored = lookup(id);
      return stored ? (present(stored, []) as T) : undefined;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${port}`;
  return fake;
}

// ---------------------------------------------------------------- helpers

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'Request-Id, Stripe-Version, Idempotency-Key, Idempotent-Replayed',
};

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-cache, no-store',
    ...CORS,
    ...headers,
  });
  response.end(JSON.stringify(body, null, 2));
}

function html(response: ServerResponse, status: number, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...CORS });
  response.end(body);
}

function checkoutPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p><small>Fake Stripe Checkout (test mode)</small></p></main></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Parameters with their keys in order, so that the same parameters in another order compare equal. */
function sorted(value: ParamValue): ParamValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(sorted);
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted(value[key]!)]),
  );
}

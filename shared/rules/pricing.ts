/**
 * Plan prices, promo codes and the processing fee, in whole cents. The server quotes every
 * figure the billing page shows and charges exactly what it quoted; a client's figure that disagrees is refused.
 */

export const PLAN_TYPES = ['monthly', 'annual', 'lifetime'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Monthly $3, annual $29 ('Save 20%'), lifetime $79 (what the payment code charges). */
export const PLAN_PRICE_CENTS: Readonly<Record<PlanType, number>> = { monthly: 300, annual: 2900, lifetime: 7900 };

export const PLAN_NAMES: Readonly<Record<PlanType, string>> = {
  monthly: 'Monthly Plan',
  annual: 'Annual Plan',
  lifetime: 'Lifetime Plan',
};

/** How often a plan renews; lifetime is paid once. */
export const PLAN_INTERVAL: Readonly<Record<PlanType, 'month' | 'year' | null>> = {
  monthly: 'month',
  annual: 'year',
  lifetime: null,
};

/** The processing fee the page shows: 2.9% of the price plus $0.30. */
export const FEE_PERCENT_TENTHS = 29;
export const FEE_FIXED_CENTS = 30;

/** 2.9% of `priceCents` (rounded half up to a cent) plus 30 cents. */
export const processingFeeCents = (priceCents: number): number =>
  Math.round((priceCents * FEE_PERCENT_TENTHS) / 1000) + FEE_FIXED_CENTS;

/**
 * A promo code as stored (data, changeable without a deploy): a fixed price for some plans ("one dolla holla":
 * monthly at $1) or a percentage off ("launchdeez": 80%). Either applies to the first payment only.
 */
export interface PromoCode {
  /** As shown to the host. */
  code: string;
  kind: 'price' | 'percent';
  /** kind price: the first payment's price per plan it applies to. */
  prices?: Partial<Record<PlanType, number>>;
  /** kind percent: whole percent off (1–100). */
  percent?: number;
  /** The plans it applies to: only these (a code that names no plan applies to none). */
  planTypes: PlanType[];
  /** The discount the page shows as "{n}% off" (a fixed price's flag, e.g. 67 for $3 → $1). */
  displayPercent?: number;
  active: boolean;
  /**
   * How many payments may use the code in all (each account and each e-mail address once). The count is kept on the
   * code's item and grows in the same transaction that records the payment (adapters/dynamodb/billing.ts).
   */
  maxRedemptions: number;
}

/** Codes are matched trimmed and case-insensitively. */
export const normalizePromoCode = (code: string): string => code.trim().replace(/\s+/g, ' ').toLowerCase();

/** The text of an unknown code, or a code for another plan. */
export const invalidPromoMessage = (code: string): string =>
  `Invalid promo code: The promo code "${code.trim()}" is not valid.`;

/** Why a valid code cannot be used (409): its maximum number of uses is reached, or this buyer has used it. */
export type PromoRefusal = 'used-up' | 'already-used';

export const promoRefusalMessage = (code: string, refusal: PromoRefusal): string =>
  refusal === 'used-up'
    ? `Promo code used up: The promo code "${code.trim()}" has been used as many times as it may be.`
    : `Promo code already used: The promo code "${code.trim()}" has already been used with this account or e-mail address. Each may use it once.`;

/** A code applies only to the plans it names, and only while it is active. */
export const promoAppliesTo = (promo: PromoCode, planType: PlanType): boolean =>
  promo.active &&
  promo.planTypes.includes(planType) &&
  (promo.kind === 'percent' ? (promo.percent ?? 0) > 0 : promo.prices?.[planType] !== undefined);

export interface PlanQuote {
  planType: PlanType;
  /** The plan's list price. */
  listCents: number;
  /** The first payment's price after the promo (before the fee): what the client sends as calculatedPrice. */
  priceCents: number;
  /** The fee on priceCents. */
  feeCents: number;
  /** What the first payment charges: priceCents + feeCents. */
  totalCents: number;
  /** What each later payment charges (list price + its fee); null for lifetime. */
  renewalCents: number | null;
  /** The discount shown, whole percent (0 without a promo). */
  discountPercent: number;
  /** The applied code as stored, or null. */
  promoCode: string | null;
}

/** The first payment and the renewals of `planType`, with `promo` when it applies to that plan (else without). */
export function quotePlan(planType: PlanType, promo: PromoCode | null): PlanQuote {
  const listCents = PLAN_PRICE_CENTS[planType];
  const applied = promo && promoAppliesTo(promo, planType) ? promo : null;
  let priceCents = listCents;
  let discountPercent = 0;
  if (applied?.kind === 'percent') {
    const percent = Math.min(100, applied.percent ?? 0);
    priceCents = Math.round((listCents * (100 - percent)) / 100);
    discountPercent = percent;
  } else if (applied?.kind === 'price') {
    priceCents = Math.min(listCents, applied.prices?.[planType] ?? listCents);
    discountPercent = applied.displayPercent ?? Math.round(((listCents - priceCents) * 100) / listCents);
  }
  const feeCents = processingFeeCents(priceCents);
  return {
    planType,
    listCents,
    priceCents,
    feeCents,
    totalCents: priceCents + feeCents,
    renewalCents: PLAN_INTERVAL[planType] ? listCents + processingFeeCents(listCents) : null,
    discountPercent,
    promoCode: applied ? applied.code : null,
  };
}

/** `12.5` → 1250; the client sends dollars with two decimals. */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/** 1250 → "$12.50". */
export const formatCents = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** The codes a new installation starts with; the table holds the live list. */
export const SEED_PROMO_CODES: readonly PromoCode[] = [
  {
    code: 'one dolla holla',
    kind: 'price',
    prices: { monthly: 100 },
    planTypes: ['monthly'],
    displayPercent: 67,
    active: true,
    maxRedemptions: 1000,
  },
  // 80% off a renewing plan's first payment; never the lifetime plan (a code applies only to the plans it names).
  {
    code: 'launchdeez',
    kind: 'percent',
    percent: 80,
    planTypes: ['monthly', 'annual'],
    active: true,
    maxRedemptions: 100,
  },
];

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { routeTable } from '#shared/api/routes';
import { PLAN_PRICES, PRICE_COMPARISON } from '#shared/constants';
import { priceComparison } from '#frontend/features/landing/components/pricing-section.tsx';
import { FEATURE_CLAIMS } from '#frontend/features/landing/lib/feature-claims.ts';

/**
 * Every claim on the landing page is true of the product when it is shown (issue 15, item 13): a feature card
 * without "Coming soon" names the screens and API routes that do what it says, and each of them exists; a card
 * still to come says so and speaks of the future.
 */

const router = readFileSync(new URL('../../frontend/src/app/router.tsx', import.meta.url), 'utf8');
const screenExists = (path: string) => router.includes(`path="${path}"`);

describe('the landing page feature cards', () => {
  it.each(FEATURE_CLAIMS.filter((claim) => !claim.comingSoon))(
    '"$title" rests on screens and routes that exist',
    (claim) => {
      expect(claim.evidence, claim.title).toBeDefined();
      expect(claim.evidence!.screens.length + claim.evidence!.api.length).toBeGreaterThan(0);
      for (const screen of claim.evidence!.screens)
        expect(screenExists(screen), `${claim.title}: screen /${screen}`).toBe(true);
      for (const name of claim.evidence!.api)
        expect(
          routeTable.find((route) => route.name === name),
          `${claim.title}: route ${name}`,
        ).toBeDefined();
      expect(claim.text, claim.title).not.toMatch(/\bwill\b/);
    },
  );

  it.each(FEATURE_CLAIMS.filter((claim) => claim.comingSoon))(
    '"$title" is marked Coming soon and told in the future tense',
    (claim) => {
      expect(claim.evidence).toBeUndefined();
      expect(claim.text).toMatch(/\bwill\b/);
    },
  );

  it('notices a claimed screen that does not exist', () => {
    expect(screenExists('team-dashboard')).toBe(false);
    expect(screenExists('calendar')).toBe(true);
  });
});

describe('the price claim', () => {
  it('says "about four times cheaper" because the figures it names make it so', () => {
    expect(PLAN_PRICES.monthly * 4).toBe(PRICE_COMPARISON.competitorMonthlyUsd);
    expect(priceComparison()).toBe(
      'About four times cheaper than Calendly Standard: $3 a month against its list price of $12 a month per seat.',
    );
  });

  it('follows the figures when they change', () => {
    expect(priceComparison(3, 6)).toMatch(/^About twice cheaper/);
    expect(priceComparison(3, 30)).toMatch(/^About 10 times cheaper/);
  });
});

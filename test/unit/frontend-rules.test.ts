import { describe, expect, it } from 'vitest';

import { bookingSlugOf, chromeFor, isHostAreaPath, isPublicBookingPath } from '#frontend/app/layout-rules.ts';
import { onlyErrorToasts } from '#frontend/components/ui/toaster.tsx';
import { reducer, type ToasterToast } from '#frontend/components/ui/use-toast.ts';

/** The pure rules behind the shell: which chrome shows where, and the toast store. */

describe('chrome per path', () => {
  it('hides the brand on public booking pages only', () => {
    expect(isPublicBookingPath('/book/intro-call')).toBe(true);
    expect(isPublicBookingPath('/events/intro-call')).toBe(true);
    expect(isPublicBookingPath('/events/new')).toBe(false);
    expect(isPublicBookingPath('/events/dashboard')).toBe(false);
    expect(isPublicBookingPath('/events')).toBe(false);
    expect(chromeFor('/book/intro-call').showBrand).toBe(false);
    expect(chromeFor('/contact-us').showBrand).toBe(true);
  });

  it('finds the event slug of a booking page (lower-cased), never of a host screen', () => {
    expect(bookingSlugOf('/book/intro-call')).toBe('intro-call');
    expect(bookingSlugOf('/events/Intro-Call/')).toBe('intro-call');
    expect(bookingSlugOf('/book/new')).toBe('new');
    expect(bookingSlugOf('/events/new')).toBeNull();
    expect(bookingSlugOf('/events/dashboard')).toBeNull();
    expect(bookingSlugOf('/events')).toBeNull();
    expect(bookingSlugOf('/book/a/b')).toBeNull();
    expect(bookingSlugOf('/book/%E0%A4%A')).toBeNull();
    expect(bookingSlugOf('/contact-us')).toBeNull();
  });

  it('hides header and footer on the event editor, the footer on auth-success', () => {
    expect(chromeFor('/events/new')).toMatchObject({ showHeader: false, showFooter: false });
    expect(chromeFor('/auth-success/success')).toMatchObject({ showHeader: true, showFooter: false });
    expect(chromeFor('/')).toMatchObject({ showHeader: true, showFooter: true });
  });

  it('hides Pricing on login, register, booking, events, profile, calendar, billing and contact pages', () => {
    for (const path of [
      '/login',
      '/register',
      '/register-email',
      '/book/x',
      '/events',
      '/profile-settings',
      '/calendar',
      '/calendar-integration',
      '/billing-details',
      '/contact-us',
    ]) {
      expect(chromeFor(path).showPricing, path).toBe(false);
    }
    expect(chromeFor('/').showPricing).toBe(true);
    expect(chromeFor('/debug').showPricing).toBe(true);
  });

  it('knows the host-area paths, where a signed-in header shows Help and the user menu', () => {
    for (const path of [
      '/admin',
      '/admin/settings',
      '/events',
      '/events/',
      '/events/new',
      '/events/dashboard',
      '/Profile-Settings',
      '/calendar',
      '/calendar-integration',
      '/billing-details',
    ]) {
      expect(isHostAreaPath(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/events/intro-call',
      '/book/intro-call',
      '/login',
      '/register',
      '/contact-us',
      '/debug',
      '/calendar-connected',
      '/billing-success',
      '/auth-success/success',
      '/eventsx',
    ]) {
      expect(isHostAreaPath(path), path).toBe(false);
    }
  });

  it('has no mobile menu toggle on contact and login pages', () => {
    expect(chromeFor('/contact-us').showMenuToggle).toBe(false);
    expect(chromeFor('/login').showMenuToggle).toBe(false);
    expect(chromeFor('/').showMenuToggle).toBe(true);
  });
});

describe('toasts', () => {
  const make = (id: string): ToasterToast => ({ id, title: id, open: true, onOpenChange: () => undefined });

  it('keeps one toast: a newer one replaces the older', () => {
    const state = reducer(reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('a') }), {
      type: 'ADD_TOAST',
      toast: make('b'),
    });
    expect(state.toasts.map((t) => t.id)).toEqual(['b']);
  });

  it('closes a dismissed toast before removing it', () => {
    const added = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('a') });
    const dismissed = reducer(added, { type: 'DISMISS_TOAST', toastId: 'a' });
    expect(dismissed.toasts).toEqual([expect.objectContaining({ id: 'a', open: false })]);
    expect(reducer(dismissed, { type: 'REMOVE_TOAST', toastId: 'a' }).toasts).toEqual([]);
  });

  it('shows only error toasts under 768 px on booking and confirmation paths', () => {
    expect(onlyErrorToasts('/book/intro', true)).toBe(true);
    expect(onlyErrorToasts('/booking/123', true)).toBe(true);
    expect(onlyErrorToasts('/confirmation', true)).toBe(true);
    expect(onlyErrorToasts('/book/intro', false)).toBe(false);
    expect(onlyErrorToasts('/contact-us', true)).toBe(false);
  });
});

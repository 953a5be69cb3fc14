import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

import type { manualLoginBody } from '#shared/api/schemas/auth';
import { apiRequest } from '#frontend/lib/api.ts';

export type ManualLoginInput = z.input<typeof manualLoginBody>;

/**
 * POST /api/auth/manual-login → `{ success, message }`. Signs nobody in: the server e-mails a one-time sign-in link
 * (docs/security.md) and answers the same whether or not the address has an account.
 */
export const manualLogin = (body: ManualLoginInput) => apiRequest('manualLogin', { body });

export const useManualLogin = () =>
  useMutation({
    mutationKey: ['manualLogin'],
    mutationFn: manualLogin,
  });

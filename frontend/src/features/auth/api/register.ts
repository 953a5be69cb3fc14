import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

import type { registerBody } from '#shared/api/schemas/auth';
import { apiRequest } from '#frontend/lib/api.ts';

export type RegisterInput = z.input<typeof registerBody>;

/** POST /api/auth/register → 201 `{ message, user }`; 400 with field details, 409 for a known e-mail. */
export const register = (body: RegisterInput) => apiRequest('register', { body });

export const useRegister = () =>
  useMutation({
    mutationKey: ['register'],
    mutationFn: register,
  });

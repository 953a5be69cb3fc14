import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

import type { loginBody } from '#shared/api/schemas/auth';
import { apiRequest } from '#frontend/lib/api.ts';

export type LoginInput = z.input<typeof loginBody>;

/** POST /api/login → `{ user }` and the HttpOnly session cookie; 401 wrong credentials, 429 throttled. */
export const login = (body: LoginInput) => apiRequest('login', { body });

export const useLogin = () =>
  useMutation({
    mutationKey: ['login'],
    mutationFn: login,
  });

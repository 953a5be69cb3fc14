import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '#frontend/lib/api.ts';

/** POST /api/logout with an empty JSON body (writes always carry one: CSRF rule) → `{ message }`. */
export const logout = () => apiRequest('logout', { body: {} });

export const useLogout = () =>
  useMutation({
    mutationKey: ['logout'],
    mutationFn: logout,
  });

import { useMutation } from '@tanstack/react-query';

import type { ContactSubmitInput } from '#shared/api/schemas/contact';
import { apiRequest } from '#frontend/lib/api.ts';

/** POST /api/contact/submit → `{ message }`. */
export const submitContact = (body: ContactSubmitInput) => apiRequest('submitContact', { body });

export const useSubmitContact = () =>
  useMutation({
    mutationKey: ['submitContact'],
    mutationFn: submitContact,
  });

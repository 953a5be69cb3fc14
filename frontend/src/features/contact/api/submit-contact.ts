import { useMutation } from '@tanstack/react-query';
import { routes } from '#shared/api/routes';
import type { ContactSubmitInput } from '#shared/api/schemas/contact';
import { apiRequest } from '#frontend/lib/api.ts';

/** POST /api/contact/submit → `{ message }`. */
export const submitContact = (body: ContactSubmitInput) => apiRequest(routes.submitContact, { body });

export const useSubmitContact = () =>
  useMutation({
    mutationKey: [routes.submitContact.name],
    mutationFn: submitContact,
  });

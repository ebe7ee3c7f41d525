import type { TFunction } from 'i18next';
import type { SigninRequest } from '@portal/contract';
import type { FieldErrors } from '../../shared/forms/field-errors';

// A deliberately small check (same keys as the contract's schema) so the sign-in page, the
// lightest screen, does not need zod; the server validates with the contract anyway.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateSignIn(values: SigninRequest, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = t('validation.required');
  else if (!EMAIL.test(email)) errors.email = t('validation.invalid_email');
  if (!values.password) errors.password = t('validation.required');
  return errors;
}

export function toSignInRequest(values: SigninRequest): SigninRequest {
  return { email: values.email.trim().toLowerCase(), password: values.password };
}

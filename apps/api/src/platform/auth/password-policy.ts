import { dictionary } from '@zxcvbn-ts/language-common';
import { RequestValidationError } from '../validation';
import { verifyPassword } from './passwords';

/**
 * The common passwords of zxcvbn-ts's maintained common-language package (49,233, from
 * leaked-password frequency lists), compared case-insensitively; loaded on first use.
 */
let commonPasswords: Set<string> | null = null;

const normalized = (password: string) => password.normalize('NFKC').toLowerCase();

/**
 * A common password, or one made of a common password with digits and symbols around it
 * ('Password2026!'): at 12 characters or more the list itself has few entries (308), while
 * such padded words are what guessing tools try first.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].map(normalized));
  const text = normalized(password);
  const core = text.replace(/^[\d\W_]+|[\d\W_]+$/gu, '');
  return commonPasswords.has(text) || (core.length >= 4 && commonPasswords.has(core));
}

const refuse = (field: string, key: 'validation.password_common' | 'validation.password_same') =>
  new RequestValidationError([{ code: 'custom', path: [field], message: key, input: undefined }]);

/**
 * The rules a new password meets beyond its length (the contract's schema): not a commonly
 * used password, and not the account's current one (`currentHash`, when it has one).
 */
export async function checkNewPassword(
  password: string,
  currentHash: string | null = null,
  field = 'password',
): Promise<void> {
  if (isCommonPassword(password)) throw refuse(field, 'validation.password_common');
  if (currentHash && (await verifyPassword(password, currentHash))) {
    throw refuse(field, 'validation.password_same');
  }
}

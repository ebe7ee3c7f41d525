import type { EligibilityOutcome, ValidationKey } from '@portal/contract';
import type { RequestContext } from '../../platform/auth/guard';
import { AppError } from '../../platform/errors';
import { t, type MessageKey, type Vars } from '../../platform/i18n';

export interface Problem {
  field: string;
  key: ValidationKey;
  vars?: Vars;
}

/** An eligibility outcome in the request's language (for messages). */
export const eligibilityLabel = (ctx: RequestContext, outcome: EligibilityOutcome) =>
  t(ctx.locale, `eligibility.${outcome}` as MessageKey);

export function messageOf(ctx: RequestContext, problem: Problem): string {
  const vars = { ...problem.vars };
  if (typeof vars.eligibility === 'string') {
    vars.eligibility = eligibilityLabel(ctx, vars.eligibility as EligibilityOutcome);
  }
  return t(ctx.locale, problem.key as MessageKey, vars);
}

/** 400 VALIDATION_ERROR naming each field, in the request's language. */
export function validationFailed(ctx: RequestContext, problems: Problem[], status = 400) {
  return new AppError(
    'VALIDATION_ERROR',
    'errors.validation_failed',
    {},
    problems.map((problem) => ({ field: problem.field, message: messageOf(ctx, problem) })),
    status,
  );
}

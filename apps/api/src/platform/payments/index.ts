import type { Config } from '../../config';
import { appUrl } from '../urls';
import type { Db } from '../../db/client';
import { mollieProvider } from './mollie';
import type { PaymentProvider } from './provider';
import { simulatedProvider } from './simulated';

export type { NewPayment, PaymentProvider, ProviderPayment } from './provider';

export type SimulatedProvider = ReturnType<typeof simulatedProvider>;

/** The configured payment provider, and each provider by name for payments made earlier. */
export interface Payments {
  active: PaymentProvider;
  simulated: SimulatedProvider;
  byName(name: string): PaymentProvider | null;
}

export function createPayments(db: Db, config: Config): Payments {
  const simulated = simulatedProvider({
    db,
    baseUrl: () => appUrl(config),
    expiryMinutes: config.payments.simulatedExpiryMinutes,
  });
  const mollie = config.payments.mollie ? mollieProvider(config.payments.mollie) : null;
  const active = config.payments.provider === 'mollie' && mollie ? mollie : simulated;
  return {
    active,
    simulated,
    byName: (name) => (name === 'simulated' ? simulated : name === 'mollie' ? mollie : null),
  };
}

import type { Config } from '../../config';
import type { VatChecker } from './checker';
import { offlineVatChecker } from './offline';
import { viesVatChecker } from './vies';

export type { VatChecker } from './checker';

/** The checker chosen by VAT_CHECKER: `offline` (default) or `vies`. */
export function createVatChecker(config: Config): VatChecker {
  return config.vatChecker === 'vies'
    ? viesVatChecker({ baseUrl: config.viesUrl, timeoutMs: config.viesTimeoutMs })
    : offlineVatChecker();
}

/** What other modules may use of the addresses module (eslint.config.js: only through this file). */
export {
  companyOf,
  findAddress,
  findDefaultAddress,
  snapshotOf,
  toAddress,
  type AddressRow,
} from './service';

/** What other modules may use of the orders module (eslint.config.js: only through this file). */
export { writeOrder, type OrdersDeps } from './place-order';
export { afterPaid, moveOrder, releaseStock, type Actor } from './status';
export { monthlySpendCents, mostBoughtProductIds } from './stats';
export { describeOrder, findOrder } from './view';
export { forgetTabCounts } from './staff-orders';

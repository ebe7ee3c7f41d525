/** What other modules may use of the cart module (eslint.config.js: only through this file). */
export {
  availableQuantity,
  cartIdOf,
  cartSums,
  describeLines,
  emptyCart,
  pricedLines,
  putLinesBack,
  titleOf,
  type CartDeps,
  type PricedLine,
} from './service';

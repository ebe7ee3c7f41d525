/** What other modules may use of the cart module (eslint.config.js: only through this file). */
export {
  addLinesToCart,
  atBuyerPrices,
  availableQuantity,
  cartIdOf,
  cartSums,
  describeLines,
  emptyCart,
  getMyCart,
  pricedLines,
  pricedProducts,
  putLinesBack,
  titleOf,
  type CartDeps,
  type PricedLine,
} from './service';

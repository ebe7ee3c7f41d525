/** What other modules may use of the cart module (eslint.config.js: only through this file). */
export {
  addLinesToCart,
  atBuyerPrices,
  availableQuantity,
  cartIdOf,
  cartSums,
  describeLines,
  emptiedCart,
  emptyCart,
  getMyCart,
  pricedLinesJson,
  pricedLinesOf,
  pricedProducts,
  putLinesBack,
  titleOf,
  type CartDeps,
  type PricedLine,
} from './service';

/** What other modules may use of the media module (eslint.config.js: only through this file). */
export {
  deleteShopPicture,
  deleteUnusedShopPictures,
  readShopPictureUpload,
  storeShopPicture,
  storedShopPictures,
} from './shop-pictures';

import { DEFAULT_LOCALE, type Locale, type Product, type ProductListItem } from '@portal/contract';
import type { ProductDetails } from '../product-repo';
import type { CategoryTree } from './read-model';

/** A product page: its list row, the detail fields and its categories, named in `locale`. */
export function productPage(
  item: ProductListItem,
  details: ProductDetails,
  tree: CategoryTree,
  locale: Locale,
): Product {
  return {
    ...item,
    translations: details.translations,
    images: details.images,
    box_size: details.boxSize,
    replaced_models: details.replacedModels,
    suitable_devices: details.suitableDevices,
    specifications: details.specifications,
    standout_features:
      details.standoutFeatures[locale] ?? details.standoutFeatures[DEFAULT_LOCALE] ?? [],
    categories: details.categoryIds.flatMap((categoryId) => {
      const node = tree.categoryById.get(categoryId);
      if (!node) return [];
      return [
        {
          _id: node.id,
          slug: node.slugs[DEFAULT_LOCALE] ?? '',
          name: node.names[locale] ?? node.names[DEFAULT_LOCALE] ?? '',
        },
      ];
    }),
    description: details.descriptions[locale] ?? details.descriptions[DEFAULT_LOCALE] ?? '',
    created_at: details.createdAt,
  };
}

import { LOCALES, type Locale } from '@portal/contract';
import type { CategoryIcon } from '../media/paths';
import { CATEGORY_TREE, type CategoryNode } from './categories';
import { slugify } from '../../../platform/slug';
import type { LeafSpec } from './types';

/** A category ready to insert: parents come before their children. */
export interface FlatCategory {
  index: number;
  parentIndex: number | null;
  depth: number;
  position: number;
  names: Record<Locale, string>;
  slugs: Record<Locale, string>;
  icon: CategoryIcon;
  leaf?: LeafSpec;
}

/**
 * Flattens the tree depth-first and gives each category a slug per language. A slug that more
 * than one category would get in a language (every brand 'dell') is prefixed with the parent's.
 */
export function flattenTree(tree: CategoryNode[] = CATEGORY_TREE): FlatCategory[] {
  const flat: FlatCategory[] = [];
  const walk = (nodes: CategoryNode[], parent: FlatCategory | null) =>
    nodes.forEach((node, position) => {
      const category: FlatCategory = {
        index: flat.length,
        parentIndex: parent?.index ?? null,
        depth: parent ? parent.depth + 1 : 1,
        position,
        names: node.names,
        slugs: { ...node.names },
        icon: node.icon,
        ...(node.leaf ? { leaf: node.leaf } : {}),
      };
      flat.push(category);
      walk(node.children ?? [], category);
    });
  walk(tree, null);

  for (const locale of LOCALES) {
    const uses = new Map<string, number>();
    for (const category of flat) {
      const base = slugify(category.names[locale]);
      uses.set(base, (uses.get(base) ?? 0) + 1);
    }
    const taken = new Set<string>();
    for (const category of flat) {
      const base = slugify(category.names[locale]);
      const parent = category.parentIndex === null ? undefined : flat[category.parentIndex];
      const slug = (uses.get(base) ?? 0) > 1 && parent ? `${parent.slugs[locale]}-${base}` : base;
      if (taken.has(slug)) throw new Error(`duplicate category slug '${slug}' (${locale})`);
      taken.add(slug);
      category.slugs[locale] = slug;
    }
  }
  return flat;
}

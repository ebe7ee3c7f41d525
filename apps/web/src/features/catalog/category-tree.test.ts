import { describe, expect, it } from 'vitest';
import type { NestedCategory } from '@portal/contract';
import {
  categorySlugOf,
  expandedIdsForSlug,
  findCategoryPath,
  toggled,
  withExpanded,
} from './category-tree';

let seq = 0;
function category(slug: string, children: NestedCategory[] = []): NestedCategory {
  seq += 1;
  const id = `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  return {
    _id: id,
    parent_id: null,
    slug,
    name: slug,
    slugs: { en: slug, fr: `${slug}-fr`, es: slug, de: `${slug}-de`, nl: slug, it: slug },
    names: { en: slug, fr: slug, es: slug, de: slug, nl: slug, it: slug },
    icon: null,
    position: seq,
    product_count: 0,
    children,
  };
}

const laptop = category('laptop-batteries', [category('dell-laptop-batteries')]);
const batteries = category('batteries', [category('phone-batteries'), laptop]);
const solar = category('solar', [category('panels')]);
const tree = [batteries, solar];

describe('category tree', () => {
  it('reads the slug of /cat/{slug} paths only', () => {
    expect(categorySlugOf('/cat/batteries')).toBe('batteries');
    expect(categorySlugOf('/cat/batteries/')).toBe('batteries');
    expect(categorySlugOf('/cat/caf%C3%A9')).toBe('café');
    expect(categorySlugOf('/product/ABC')).toBeNull();
    expect(categorySlugOf('/cat/')).toBeNull();
    expect(categorySlugOf('/cat/%E0%A4%A')).toBeNull();
  });

  it('finds the path from the root down to a deep category', () => {
    const path = findCategoryPath(tree, 'dell-laptop-batteries');
    expect(path.map((c) => c.slug)).toEqual([
      'batteries',
      'laptop-batteries',
      'dell-laptop-batteries',
    ]);
    expect(findCategoryPath(tree, 'solar').map((c) => c.slug)).toEqual(['solar']);
    expect(findCategoryPath(tree, 'nothing')).toEqual([]);
  });

  it('matches the slug of any language', () => {
    expect(findCategoryPath(tree, 'laptop-batteries-de').map((c) => c.slug)).toEqual([
      'batteries',
      'laptop-batteries',
    ]);
  });

  it('expands the ancestors and the category itself', () => {
    expect(expandedIdsForSlug(tree, 'laptop-batteries')).toEqual([batteries._id, laptop._id]);
    expect(expandedIdsForSlug(tree, null)).toEqual([]);
  });

  it('adds and toggles ids without losing others', () => {
    const start = new Set(['a']);
    expect(withExpanded(start, ['a'])).toBe(start);
    expect([...withExpanded(start, ['b', 'c'])]).toEqual(['a', 'b', 'c']);
    expect([...toggled(start, 'a')]).toEqual([]);
    expect([...toggled(start, 'b')]).toEqual(['a', 'b']);
  });
});

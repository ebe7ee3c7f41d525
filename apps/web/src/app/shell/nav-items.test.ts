import { describe, expect, it } from 'vitest';
import { IconFileText } from '@tabler/icons-react';
import { visibleNav, type NavSection } from './nav-items';

const sections: NavSection[] = [
  {
    id: 'account',
    items: [
      {
        kind: 'group',
        id: 'my-account',
        labelKey: 'nav.myAccount',
        icon: IconFileText,
        children: [
          { kind: 'link', labelKey: 'nav.orders', to: '/orders', icon: IconFileText },
          {
            kind: 'link',
            labelKey: 'members',
            to: '/user-access-control',
            icon: IconFileText,
            permission: 'members.manage',
          },
        ],
      },
    ],
  },
  {
    id: 'empty',
    items: [{ kind: 'group', id: 'g', labelKey: 'x', icon: IconFileText, children: [] }],
  },
];

describe('visibleNav', () => {
  it('filters links by permission and drops empty groups and sections', () => {
    const owner = visibleNav('owner', sections);
    expect(owner).toHaveLength(1);
    const group = owner[0]?.items[0];
    expect(group?.kind === 'group' && group.children.map((c) => c.to)).toEqual([
      '/orders',
      '/user-access-control',
    ]);
    const purchaser = visibleNav('purchaser', sections)[0]?.items[0];
    expect(purchaser?.kind === 'group' && purchaser.children.map((c) => c.to)).toEqual(['/orders']);
  });

  it('shows staff only the back office and public links of the real menu', () => {
    const labels = visibleNav('admin').flatMap((s) => s.items.map((i) => i.labelKey));
    expect(labels).toEqual([
      'nav.terms',
      'nav.orders',
      'nav.customers',
      'nav.staffClaims',
      'nav.quotes',
      'nav.catalog',
      'nav.priceLists',
      'nav.messages',
      'nav.staff',
      'nav.settings',
      'nav.auditLog',
    ]);
    const operatorLabels = visibleNav('operator').flatMap((s) => s.items.map((i) => i.labelKey));
    expect(operatorLabels).toEqual([
      'nav.terms',
      'nav.orders',
      'nav.customers',
      'nav.staffClaims',
      'nav.quotes',
      'nav.messages',
    ]);
    const ownerLabels = visibleNav('owner').flatMap((s) => s.items.map((i) => i.labelKey));
    expect(ownerLabels).toEqual(['nav.dashboard', 'nav.myAccount', 'nav.terms', 'nav.contact']);
  });
});

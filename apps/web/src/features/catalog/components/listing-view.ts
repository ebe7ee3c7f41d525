import { useLocalStorage } from '@mantine/hooks';
import { useMe } from '../../../shared/auth/me';

/** How a listing shows its products: cards, or one row each (the list view). */
export type ListingView = 'cards' | 'list';

/** The listing view the signed-in user chose last, kept in this browser per user. */
export function useListingView() {
  const userId = useMe().data?._id ?? 'anonymous';
  return useLocalStorage<ListingView>({
    key: `portal.listing-view.${userId}`,
    defaultValue: 'cards',
    getInitialValueInEffect: false,
  });
}

import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PlaceOrderResponse } from '@portal/contract';
import { useLocalizePath } from '../../../shared/locale/use-locale';
import { cartQueryKey } from '../../../shared/api/cart';
import { idempotencyKeyFor, paymentDestination, type KeyedBody } from '../order-state';

/** After an order is placed: the cart is empty; go to the provider's page or the result page. */
export function usePaymentRedirect() {
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const queryClient = useQueryClient();
  const [redirecting, setRedirecting] = useState(false);

  const follow = useCallback(
    (response: PlaceOrderResponse) => {
      void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      const destination = paymentDestination(response);
      if (destination.kind === 'provider') {
        setRedirecting(true);
        window.location.assign(destination.url);
      } else {
        void navigate(localize(destination.path));
      }
    },
    [navigate, localize, queryClient],
  );

  return { redirecting, follow };
}

/** 32 random hex characters (getRandomValues also works outside secure contexts). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** One Idempotency-Key per order body: retries of the same order reuse it. */
export function useIdempotencyKey() {
  const last = useRef<KeyedBody | null>(null);
  return useCallback((body: unknown) => {
    last.current = idempotencyKeyFor(last.current, body, randomKey);
    return last.current.key;
  }, []);
}

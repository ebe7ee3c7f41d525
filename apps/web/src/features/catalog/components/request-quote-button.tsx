import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconMessageDollar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { can } from '@portal/contract';
import { useMe } from '../../../shared/auth/me';
import { RequestQuoteModal } from '../../../shared/quotes/request-quote-modal';

/** Product page: asks the shop for a quote on this product (the quantity is chosen in the form). */
export function RequestQuoteButton({
  product,
}: {
  product: { _id: string; name: string; sku: string };
}) {
  const { t } = useTranslation();
  const role = useMe().data?.role;
  const [opened, setOpened] = useState(false);
  if (!can(role, 'quotes.request')) return null;
  return (
    <>
      <Button
        variant="default"
        size="md"
        leftSection={<IconMessageDollar size={18} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('quotes.request.fromProduct')}
      </Button>
      {opened && (
        <RequestQuoteModal
          opened
          onClose={() => setOpened(false)}
          lines={[{ productId: product._id, title: product.name, sku: product.sku, quantity: 1 }]}
        />
      )}
    </>
  );
}

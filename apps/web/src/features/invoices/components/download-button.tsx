import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDownloadInvoice } from '../api/invoices';

/** The PDF download of one invoice. */
export function DownloadInvoiceButton({
  invoice,
  compact = false,
}: {
  invoice: { _id: string; invoice_number: string };
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const download = useDownloadInvoice();
  return (
    <Button
      variant={compact ? 'subtle' : 'filled'}
      size={compact ? 'compact-sm' : 'sm'}
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={download.isPending}
      onClick={() => download.mutate(invoice)}
      aria-label={t('invoices.downloadLabel', { number: invoice.invoice_number })}
      data-invoice-download
    >
      {/* A list row says only 'PDF' (its column and its accessible name say the rest): the
          whole label did not fit a phone's stacked row. */}
      {compact ? 'PDF' : t('invoices.download')}
    </Button>
  );
}

import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { E_INVOICE_FORMATS } from '@portal/contract';
import { notifyError } from '../../../shared/ui/notify';
import { useDownloadDocument, type InvoiceDocument } from '../api/invoices';

/**
 * The structured e-invoices of an invoice or credit note (EN 16931): UBL for Peppol and
 * accounting software, Factur-X for German and French customers.
 */
export function EInvoiceMenu({
  document,
  compact = false,
}: {
  document: InvoiceDocument;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const download = useDownloadDocument();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant={compact ? 'subtle' : 'default'}
          size={compact ? 'compact-sm' : 'sm'}
          leftSection={<IconFileCode size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          loading={download.isPending}
          aria-label={t('invoices.eInvoice.menuLabel', { number: document.number })}
        >
          {t('invoices.eInvoice.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {E_INVOICE_FORMATS.map((format) => (
          <Menu.Item
            key={format}
            onClick={() => download.mutate({ document, format }, { onError: notifyError })}
          >
            {t(`invoices.eInvoice.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

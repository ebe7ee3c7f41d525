import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../../i18n/i18n';
import type { UploadProgress } from '../../../shared/api/client';

/** The bytes sent, then an animated bar while the server reads and checks the rows. */
export function UploadProgressBar({ progress }: { progress: UploadProgress | null }) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  if (!progress) return null;
  const sending = progress.phase === 'sending';
  const label = sending
    ? t('claims:csv.uploading', { percent: String(progress.percent) })
    : t('claims:csv.checking');
  return (
    <Stack gap={4} data-upload-progress>
      <Text size="sm" aria-live="polite">
        {label}
      </Text>
      <Progress
        value={sending ? progress.percent : 100}
        striped={!sending}
        animated={!sending}
        size="lg"
        aria-label={label}
      />
    </Stack>
  );
}

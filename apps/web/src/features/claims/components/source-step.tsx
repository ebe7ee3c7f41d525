import { Button, FileInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../../i18n/i18n';
import { CLAIM_CSV_TEMPLATE_FILE_NAME, CLAIM_LIMITS } from '@portal/contract';
import type { UploadProgress } from '../../../shared/api/client';
import { notifyError } from '../../../shared/ui/notify';
import { downloadFile } from '../../../shared/api/download';
import type { ClaimSource } from '../claim-form';
import { UploadProgressBar } from './upload-progress';

interface SourceStepProps {
  source: ClaimSource;
  onSource: (source: ClaimSource) => void;
  orderNumber: string;
  onOrderNumber: (value: string) => void;
  file: File | null;
  onFile: (file: File | null) => void;
  error: string | null;
  progress: UploadProgress | null;
}

/** Step 1: the order to claim from (exactly 10 characters), or a CSV file of many lines. */
export function SourceStep(props: SourceStepProps) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  const template = useMutation({
    mutationFn: () => downloadFile('/claims/csv/template', CLAIM_CSV_TEMPLATE_FILE_NAME),
    onError: notifyError,
  });
  const fromOrder = props.source === 'order';

  return (
    <Stack gap="md" maw={560}>
      <Radio.Group
        label={t('claims:start.label')}
        value={props.source}
        onChange={(value) => props.onSource(value as ClaimSource)}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="order" label={t('claims:start.order')} />
          <Radio value="file" label={t('claims:start.file')} />
        </Stack>
      </Radio.Group>
      {fromOrder ? (
        <TextInput
          label={t('claims:orderNumber')}
          description={t('claims:start.orderHint', {
            length: String(CLAIM_LIMITS.orderNumberLength),
          })}
          value={props.orderNumber}
          onChange={(event) => props.onOrderNumber(event.currentTarget.value)}
          error={props.error}
          maxLength={20}
          autoComplete="off"
          required
          data-autofocus
        />
      ) : (
        <Stack gap="xs">
          <FileInput
            label={t('claims:csv.file')}
            description={t('claims:csv.fileHint')}
            accept=".csv,text/csv"
            value={props.file}
            onChange={props.onFile}
            error={props.error}
            leftSection={<IconFileTypeCsv size={18} aria-hidden />}
            clearable
            clearButtonProps={{ 'aria-label': t('claims:csv.clearFile') }}
            placeholder={t('claims:csv.choose')}
            required
          />
          <UploadProgressBar progress={props.progress} />
          <Text size="sm" c="gray.7">
            {t('claims:csv.columns')}
          </Text>
          <div>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={template.isPending}
              onClick={() => template.mutate()}
            >
              {t('claims:csv.template')}
            </Button>
          </div>
        </Stack>
      )}
    </Stack>
  );
}

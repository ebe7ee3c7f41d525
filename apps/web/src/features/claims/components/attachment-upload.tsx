import { useState } from 'react';
import { Alert, Button, FileButton, Group, List, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../../i18n/i18n';
import { CLAIM_ATTACHMENT_LIMITS, CLAIM_ATTACHMENT_TYPES } from '@portal/contract';
import { ApiError, type UploadProgress } from '../../../shared/api/client';
import { claimsKey, uploadClaimAttachment } from '../api/claims';

const MEGABYTES = CLAIM_ATTACHMENT_LIMITS.maxBytes / 1_048_576;

interface Refused {
  name: string;
  message: string;
}

/**
 * Adds photos or files to a claim, one after the other with a progress bar. What the browser can
 * tell is refused at once (size, kind, the claim's limit); the server checks every file again.
 */
export function AttachmentUpload({ claimId, count }: { claimId: string; count: number }) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<{ name: string; progress: UploadProgress } | null>(null);
  const [refused, setRefused] = useState<Refused[]>([]);
  const room = CLAIM_ATTACHMENT_LIMITS.maxPerClaim - count;

  const send = async (files: File[]) => {
    const problems: Refused[] = [];
    let added = 0;
    for (const [index, file] of files.entries()) {
      const problem =
        index >= room
          ? t('validation.attachments_full', { max: CLAIM_ATTACHMENT_LIMITS.maxPerClaim })
          : file.size > CLAIM_ATTACHMENT_LIMITS.maxBytes
            ? t('validation.attachment_too_large', { max: MEGABYTES })
            : file.type && !(CLAIM_ATTACHMENT_TYPES as readonly string[]).includes(file.type)
              ? t('validation.attachment_type')
              : null;
      if (problem) {
        problems.push({ name: file.name, message: problem });
        continue;
      }
      try {
        await uploadClaimAttachment(claimId, file, (progress) =>
          setSending({ name: file.name, progress }),
        );
        added += 1;
      } catch (error) {
        if (!(error instanceof ApiError) || error.isServerFailure) {
          problems.push({ name: file.name, message: t('errors.generic') });
        } else {
          problems.push({ name: file.name, message: error.details[0]?.message ?? error.message });
        }
      }
    }
    setSending(null);
    setRefused(problems);
    if (added > 0) {
      notifications.show({
        color: 'teal',
        message: t('claims:attachments.added', { count: added }),
      });
    }
    await queryClient.invalidateQueries({ queryKey: [...claimsKey, claimId] });
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <FileButton
          multiple
          accept={CLAIM_ATTACHMENT_TYPES.join(',')}
          onChange={(files) => {
            if (files.length) void send(files);
          }}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoPlus size={16} aria-hidden />}
              loading={sending !== null}
              disabled={room <= 0}
            >
              {t('claims:attachments.add')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="gray.7">
          {room <= 0
            ? t('validation.attachments_full', { max: CLAIM_ATTACHMENT_LIMITS.maxPerClaim })
            : t('claims:attachments.hint', {
                size: MEGABYTES,
                max: CLAIM_ATTACHMENT_LIMITS.maxPerClaim,
              })}
        </Text>
      </Group>
      {sending && (
        <Stack gap={4} role="status">
          <Text size="sm">{t('claims:attachments.sending', { name: sending.name })}</Text>
          <Progress
            value={sending.progress.phase === 'sending' ? sending.progress.percent : 100}
            animated={sending.progress.phase === 'checking'}
            aria-label={t('claims:attachments.sending', { name: sending.name })}
          />
        </Stack>
      )}
      {refused.length > 0 && (
        <Alert
          color="red"
          role="alert"
          title={t('claims:attachments.refused')}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setRefused([])}
        >
          <List size="sm" spacing={2}>
            {refused.map((item, index) => (
              <List.Item key={`${item.name}-${index}`}>
                {item.name}: {item.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

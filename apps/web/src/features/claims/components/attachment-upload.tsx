import { Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../../i18n/i18n';
import { CLAIM_ATTACHMENT_LIMITS, CLAIM_ATTACHMENT_TYPES } from '@portal/contract';
import {
  UploadButton,
  UploadStatus,
  useSequentialUpload,
} from '../../../shared/ui/sequential-upload';
import { claimsKey, uploadClaimAttachment } from '../api/claims';

const MEGABYTES = CLAIM_ATTACHMENT_LIMITS.maxBytes / 1_048_576;

/**
 * Adds photos or files to a claim, one after the other with a progress bar. What the browser can
 * tell is refused at once (size, kind, the claim's limit); the server checks every file again.
 */
export function AttachmentUpload({ claimId, count }: { claimId: string; count: number }) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  const queryClient = useQueryClient();
  const room = CLAIM_ATTACHMENT_LIMITS.maxPerClaim - count;
  const upload = useSequentialUpload({
    check: (file, index) =>
      index >= room
        ? t('validation.attachments_full', { max: CLAIM_ATTACHMENT_LIMITS.maxPerClaim })
        : file.size > CLAIM_ATTACHMENT_LIMITS.maxBytes
          ? t('validation.attachment_too_large', { max: MEGABYTES })
          : file.type && !(CLAIM_ATTACHMENT_TYPES as readonly string[]).includes(file.type)
            ? t('validation.attachment_type')
            : null,
    upload: (file, onProgress) => uploadClaimAttachment(claimId, file, onProgress),
    onDone: async (added) => {
      if (added > 0) {
        notifications.show({
          color: 'teal',
          message: t('claims:attachments.added', { count: added }),
        });
      }
      await queryClient.invalidateQueries({ queryKey: [...claimsKey, claimId] });
    },
  });

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <UploadButton upload={upload} accept={CLAIM_ATTACHMENT_TYPES} room={room}>
          {t('claims:attachments.add')}
        </UploadButton>
        <Text size="sm" c="gray.7">
          {room <= 0
            ? t('validation.attachments_full', { max: CLAIM_ATTACHMENT_LIMITS.maxPerClaim })
            : t('claims:attachments.hint', {
                size: MEGABYTES,
                max: CLAIM_ATTACHMENT_LIMITS.maxPerClaim,
              })}
        </Text>
      </Group>
      <UploadStatus
        upload={upload}
        sendingLabel={(name) => t('claims:attachments.sending', { name })}
        refusedTitle={t('claims:attachments.refused')}
      />
    </Stack>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Image,
  type ImageProps,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconDownload, IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../i18n/i18n';
import type { ClaimAttachment } from '@portal/contract';
import { apiRequest } from '../api/client';
import { downloadFile } from '../api/download';
import { formatDateTime } from '../format/date';
import { formatFileSize } from '../format/file-size';
import { useLocale } from '../locale/use-locale';
import { notifyError } from './notify';

const isPicture = (attachment: ClaimAttachment) => attachment.content_type.startsWith('image/');

/**
 * A picture the API answers only with the bearer token: fetched once, shown through an object URL
 * that lives as long as the element.
 */
function AuthorizedPicture({
  path,
  name,
  ...props
}: { path: string; name: string } & Omit<ImageProps, 'src'>) {
  const picture = useQuery({
    queryKey: ['claim-attachment', path],
    queryFn: ({ signal }) => apiRequest<Blob>(path, { binary: true, signal }),
    // An attachment never changes: a new file gets a new id.
    staleTime: Infinity,
  });
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (!picture.data || !image) return undefined;
    const url = URL.createObjectURL(picture.data);
    image.src = url;
    return () => URL.revokeObjectURL(url);
  }, [picture.data]);
  if (!picture.data) {
    return (
      <Group h={120} justify="center" bg="gray.0">
        <Loader size="sm" aria-hidden />
      </Group>
    );
  }
  return <Image ref={ref} alt={name} {...props} />;
}

function PictureModal({
  attachment,
  path,
  onClose,
}: {
  attachment: ClaimAttachment;
  path: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  const download = useDownload(path, attachment.file_name);
  return (
    <Modal
      opened
      onClose={onClose}
      title={attachment.file_name}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <AuthorizedPicture path={path} name={attachment.file_name} fit="contain" mah="70vh" />
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate()}
          >
            {t('claims:attachments.download')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function useDownload(path: string, name: string) {
  return useMutation({ mutationFn: () => downloadFile(path, name), onError: notifyError });
}

function AttachmentTile({
  attachment,
  path,
  onRemove,
}: {
  attachment: ClaimAttachment;
  path: string;
  onRemove?: (attachment: ClaimAttachment) => void;
}) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  const locale = useLocale();
  const [viewing, setViewing] = useState(false);
  const download = useDownload(path, attachment.file_name);
  const picture = isPicture(attachment);
  return (
    <Card withBorder radius="md" padding="xs" data-claim-attachment>
      <Card.Section>
        <UnstyledButton
          w="100%"
          onClick={() => (picture ? setViewing(true) : download.mutate())}
          aria-label={t(picture ? 'claims:attachments.view' : 'claims:attachments.downloadFile', {
            name: attachment.file_name,
          })}
        >
          {picture ? (
            <AuthorizedPicture
              path={attachment.thumbnail ? `${path}/thumbnail` : path}
              name={attachment.file_name}
              h={120}
              fit="cover"
              radius="sm"
            />
          ) : (
            <Group h={120} justify="center" bg="gray.0">
              {download.isPending ? (
                <Loader size="sm" aria-hidden />
              ) : (
                <IconFileTypePdf size={48} aria-hidden />
              )}
            </Group>
          )}
        </UnstyledButton>
      </Card.Section>
      <Group justify="space-between" wrap="nowrap" gap={4} mt="xs" align="flex-start">
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} truncate="end" title={attachment.file_name}>
            {attachment.file_name}
          </Text>
          <Text size="xs" c="gray.7">
            {formatFileSize(attachment.byte_size, locale)} · {attachment.uploaded_by}
          </Text>
          <Text size="xs" c="gray.7">
            {formatDateTime(attachment.created_at, locale)}
          </Text>
        </Stack>
        {onRemove && (
          <ActionIcon
            variant="subtle"
            color="red.8"
            onClick={() => onRemove(attachment)}
            aria-label={t('claims:attachments.remove', { name: attachment.file_name })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      {viewing && (
        <PictureModal attachment={attachment} path={path} onClose={() => setViewing(false)} />
      )}
    </Card>
  );
}

/**
 * The photos and files sent with a claim, oldest first: pictures as their thumbnails (made by the
 * server, a few KB each) that open large,
 * PDF files to download. `apiPath` is the claim's API path (the customer's or the staff's);
 * `children` holds what adds files, `onRemove` is given where removing one is allowed.
 */
export function ClaimAttachments({
  attachments,
  apiPath,
  onRemove,
  children,
}: {
  attachments: ClaimAttachment[];
  apiPath: string;
  onRemove?: (attachment: ClaimAttachment) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="claim-attachments"
      data-claim-attachments
    >
      <Title order={2} size="h4" mb="sm" id="claim-attachments">
        {t('claims:attachments.title')}
      </Title>
      <Stack gap="md">
        {children}
        {attachments.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('claims:attachments.none')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 4 }} spacing="sm">
            {attachments.map((attachment) => (
              <AttachmentTile
                key={attachment._id}
                attachment={attachment}
                path={`${apiPath}/attachments/${attachment._id}`}
                onRemove={onRemove}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

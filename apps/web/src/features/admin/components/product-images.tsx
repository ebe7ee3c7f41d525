import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconStar, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRODUCT_IMAGE_LIMITS, type StaffProduct } from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import {
  PICTURE_TYPES,
  UploadButton,
  UploadStatus,
  usePictureCheck,
  useSequentialUpload,
} from '../../../shared/ui/sequential-upload';
import { notifyError } from '../../../shared/ui/notify';
import { catalogKey, uploadProductImage, useProductAction } from '../api/catalog';

const MEGABYTES = PRODUCT_IMAGE_LIMITS.maxBytes / 1_048_576;

/**
 * A product's pictures in the order buyers see them (the first is the one lists show): add
 * several at once, move one earlier or later, make one the first, remove one.
 */
export function ProductImages({ product }: { product: StaffProduct }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const queryClient = useQueryClient();
  const action = useProductAction();
  const paths = product.images.map((image) => image.path);
  const room = PRODUCT_IMAGE_LIMITS.maxPerProduct - paths.length;
  const pictureCheck = usePictureCheck(PRODUCT_IMAGE_LIMITS.maxBytes);
  const upload = useSequentialUpload({
    check: (file, index) =>
      index >= room
        ? t('validation.pictures_full', { max: PRODUCT_IMAGE_LIMITS.maxPerProduct })
        : pictureCheck(file),
    upload: (file, onProgress) => uploadProductImage(product._id, file, onProgress),
    onDone: async (added) => {
      if (added > 0) {
        notifications.show({ color: 'teal', message: t('staff:images.added', { count: added }) });
      }
      await queryClient.invalidateQueries({ queryKey: catalogKey });
    },
  });
  const reorder = (next: string[], done: string) =>
    action.mutate(
      { kind: 'images', id: product._id, paths: next },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: done }),
        onError: notifyError,
      },
    );
  const move = (index: number, to: number) => {
    const next = [...paths];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(to, 0, moved);
    reorder(next, t('staff:images.reordered'));
  };
  const remove = (index: number) =>
    modals.openConfirmModal({
      title: t('staff:images.removeTitle'),
      children: <Text size="sm">{t('staff:images.confirmRemove', { number: index + 1 })}</Text>,
      labels: { confirm: t('staff:images.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red.9' },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        reorder(
          paths.filter((_, other) => other !== index),
          t('staff:images.removed'),
        ),
    });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              {t('staff:images.title')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('staff:images.hint', { size: MEGABYTES, max: PRODUCT_IMAGE_LIMITS.maxPerProduct })}
            </Text>
          </div>
          <UploadButton upload={upload} accept={PICTURE_TYPES} room={room}>
            {t('staff:images.add')}
          </UploadButton>
        </Group>
        <UploadStatus
          upload={upload}
          sendingLabel={(name) => t('staff:images.sending', { name })}
          refusedTitle={t('staff:images.refused')}
        />
        {paths.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('staff:images.none')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
            {product.images.map((image, index) => {
              const number = index + 1;
              return (
                <Card key={image.path} withBorder padding="xs" radius="sm" data-product-image>
                  <Image
                    src={image.thumbnail.path}
                    alt={t('staff:images.alt', { number })}
                    h={110}
                    fit="contain"
                  />
                  <Group justify="space-between" mt={6} gap={4} wrap="nowrap">
                    {index === 0 ? (
                      <Badge size="sm" variant="filled" color="brand.9" miw="max-content">
                        {t('staff:images.main')}
                      </Badge>
                    ) : (
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('staff:images.makeMain', { number })}
                        onClick={() => move(index, 0)}
                      >
                        <IconStar size={18} aria-hidden />
                      </ActionIcon>
                    )}
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        disabled={index === 0}
                        aria-label={t('staff:images.moveEarlier', { number })}
                        onClick={() => move(index, index - 1)}
                      >
                        <IconArrowLeft size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        disabled={index === paths.length - 1}
                        aria-label={t('staff:images.moveLater', { number })}
                        onClick={() => move(index, index + 1)}
                      >
                        <IconArrowRight size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={t('staff:images.removeOne', { number })}
                        onClick={() => remove(index)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}

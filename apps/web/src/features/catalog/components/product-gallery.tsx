import { useState } from 'react';
import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Product } from '@portal/contract';
import classes from './catalog.module.css';

/** The product's images: one large, the others as buttons that show them. */
export function ProductGallery({ product }: { product: Product }) {
  const { t } = useTranslation();
  const images = product.images.length
    ? product.images
    : [{ path: product.image.path, thumbnail: product.image.thumbnail }];
  const [index, setIndex] = useState(0);
  const shown = images[Math.min(index, images.length - 1)] ?? images[0];

  return (
    <Stack gap="sm">
      <img
        className={classes.gallery}
        src={shown?.path}
        alt={product.name}
        width={640}
        height={480}
      />
      {images.length > 1 && (
        <Group gap="xs" role="group" aria-label={t('catalog.gallery')}>
          {images.map((image, position) => (
            <button
              key={`${image.path}-${position}`}
              type="button"
              className={classes.galleryThumb}
              aria-pressed={position === index}
              aria-label={t('catalog.showImage', { index: position + 1 })}
              onClick={() => setIndex(position)}
            >
              <img src={image.thumbnail.path} alt="" width={64} height={48} />
            </button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Card,
  Center,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_SLIDER_MAX_BANNERS,
  DEFAULT_LOCALE,
  LOCALES,
  SHOP_PICTURE_LIMITS,
  dashboardSliderSchema,
  type Banner,
  type BannerText,
  type DashboardSlider,
  type Locale,
} from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../../i18n/i18n';
import { languageName } from '../../../../shared/format/language';
import { useLocale } from '../../../../shared/locale/use-locale';
import {
  PICTURE_TYPES,
  UploadButton,
  UploadStatus,
  usePictureCheck,
  useSequentialUpload,
} from '../../../../shared/ui/sequential-upload';
import { uploadBannerPicture } from '../../api/settings';
import { SettingForm } from './setting-form';

const BLANK: BannerText = { title: '', text: '', cta: '' };
const isBlank = (text: BannerText | undefined) =>
  !text || (!text.title.trim() && !text.text.trim() && !text.cta.trim());

/** Every language present in the form, empty where the saved slider has none. */
function prepare(slider: DashboardSlider): DashboardSlider {
  return {
    ...slider,
    banners: slider.banners.map((banner) => ({
      ...banner,
      texts: Object.fromEntries(
        LOCALES.map((locale) => [locale, banner.texts[locale] ?? BLANK]),
      ) as Banner['texts'],
    })),
  };
}

/** A language whose three texts are empty is left out: buyers reading it see English. */
function toSetting(slider: DashboardSlider): DashboardSlider {
  return {
    ...slider,
    banners: slider.banners.map((banner) => ({
      ...banner,
      texts: Object.fromEntries(
        LOCALES.filter((locale) => locale === DEFAULT_LOCALE || !isBlank(banner.texts[locale])).map(
          (locale) => [locale, banner.texts[locale]],
        ),
      ) as Banner['texts'],
    })),
  };
}

/** The banner as a buyer reading `locale` sees it, English where that language has no texts. */
function BannerPreview({ banner, locale }: { banner: Banner; locale: Locale }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const uiLocale = useLocale();
  const text = isBlank(banner.texts[locale]) ? banner.texts.en : banner.texts[locale]!;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      bg="gray.0"
      aria-label={t('staff:settings.slider.preview', { language: languageName(locale, uiLocale) })}
      role="group"
      data-banner-preview={locale}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap={6} justify="center">
          <Text fw={700} c="brand.9" lineClamp={2}>
            {text.title}
          </Text>
          <Text size="sm" c="gray.8" lineClamp={3}>
            {text.text}
          </Text>
          <Box>
            <Button size="xs" tabIndex={-1} component="span">
              {text.cta}
            </Button>
          </Box>
        </Stack>
        {banner.image ? (
          <img
            src={banner.image}
            alt=""
            width={SHOP_PICTURE_LIMITS.banner.width}
            height={SHOP_PICTURE_LIMITS.banner.height}
            style={{ width: '100%', height: 'auto', borderRadius: 8 }}
          />
        ) : (
          <Center bg="gray.2" style={{ aspectRatio: '2 / 1', borderRadius: 8 }}>
            <Text size="sm" c="gray.7">
              {t('staff:settings.slider.noPicture')}
            </Text>
          </Center>
        )}
      </SimpleGrid>
    </Card>
  );
}

function BannerEditor({
  form,
  index,
  count,
}: {
  form: UseFormReturnType<DashboardSlider>;
  index: number;
  count: number;
}) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const [language, setLanguage] = useState<Locale>(DEFAULT_LOCALE);
  const banner = form.getValues().banners[index]!;
  const number = index + 1;
  const path = `banners.${index}`;
  const pictureCheck = usePictureCheck(SHOP_PICTURE_LIMITS.maxBytes);
  const upload = useSequentialUpload({
    check: pictureCheck,
    upload: (file, onProgress) =>
      uploadBannerPicture(file, onProgress).then((picture) => {
        form.setFieldValue(`${path}.image`, picture.path);
        form.clearFieldError(`${path}.image`);
      }),
    onDone: (added) => {
      if (added) {
        notifications.show({ color: 'teal', message: t('staff:settings.slider.pictureSent') });
      }
    },
  });
  const pictureError = form.errors[`${path}.image`];
  return (
    <Card withBorder radius="md" padding="md" data-banner={banner.id}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5">
            {t('staff:settings.slider.banner', { number })}
          </Title>
          <Group gap={2} wrap="nowrap">
            <Tooltip label={t('staff:settings.slider.moveUp', { number })}>
              <ActionIcon
                variant="subtle"
                disabled={index === 0}
                aria-label={t('staff:settings.slider.moveUp', { number })}
                onClick={() => form.reorderListItem('banners', { from: index, to: index - 1 })}
              >
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('staff:settings.slider.moveDown', { number })}>
              <ActionIcon
                variant="subtle"
                disabled={index === count - 1}
                aria-label={t('staff:settings.slider.moveDown', { number })}
                onClick={() => form.reorderListItem('banners', { from: index, to: index + 1 })}
              >
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('staff:settings.slider.remove', { number })}>
              <ActionIcon
                variant="subtle"
                color="red.9"
                aria-label={t('staff:settings.slider.remove', { number })}
                onClick={() => form.removeListItem('banners', index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Group gap="sm" wrap="wrap">
          <UploadButton
            upload={upload}
            accept={PICTURE_TYPES}
            room={1}
            multiple={false}
            label={t('staff:settings.slider.uploadPicture', { number })}
          >
            {t('staff:settings.slider.uploadShort')}
          </UploadButton>
          <Text size="sm" c="gray.7">
            {t('staff:settings.slider.pictureHint', {
              size: SHOP_PICTURE_LIMITS.maxBytes / 1_048_576,
              width: SHOP_PICTURE_LIMITS.banner.width,
              height: SHOP_PICTURE_LIMITS.banner.height,
            })}
          </Text>
        </Group>
        {pictureError && (
          <Text size="sm" c="red.9" role="alert">
            {pictureError}
          </Text>
        )}
        <UploadStatus
          upload={upload}
          sendingLabel={(name) => t('staff:images.sending', { name })}
          refusedTitle={t('staff:images.refused')}
        />
        <TextInput
          label={t('staff:settings.slider.link')}
          description={t('staff:settings.slider.linkHelp')}
          required
          {...form.getInputProps(`${path}.link`)}
        />
        <Tabs
          value={language}
          onChange={(value) => setLanguage((value as Locale | null) ?? DEFAULT_LOCALE)}
          keepMounted={false}
        >
          <Tabs.List>
            {LOCALES.map((code) => (
              <Tabs.Tab
                key={code}
                value={code}
                aria-label={languageName(code, locale)}
                c={isBlank(banner.texts[code]) ? 'gray.7' : undefined}
              >
                {code.toUpperCase()}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {LOCALES.map((code) => (
            <Tabs.Panel key={code} value={code} pt="sm">
              <Stack gap="sm">
                <BannerPreview banner={banner} locale={code} />
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  <TextInput
                    label={t('staff:settings.slider.title')}
                    required={code === DEFAULT_LOCALE}
                    {...form.getInputProps(`${path}.texts.${code}.title`)}
                  />
                  <TextInput
                    label={t('staff:settings.slider.cta')}
                    required={code === DEFAULT_LOCALE}
                    {...form.getInputProps(`${path}.texts.${code}.cta`)}
                  />
                </SimpleGrid>
                <Textarea
                  label={t('staff:settings.slider.text')}
                  required={code === DEFAULT_LOCALE}
                  autosize
                  minRows={2}
                  {...form.getInputProps(`${path}.texts.${code}.text`)}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Card>
  );
}

/**
 * The dashboard slider: banners in the order buyers see them, each with its picture (uploaded,
 * cropped to the slider's frame), link and texts in six languages, previewed as buyers of the
 * chosen language see it; and the seconds between slides.
 */
export function SliderSettingsForm() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  return (
    <SettingForm
      code="dashboard_slider"
      schema={dashboardSliderSchema}
      prepare={prepare}
      toSetting={toSetting}
    >
      {(form) => {
        const banners = form.getValues().banners;
        return (
          <Stack gap="md">
            <NumberInput
              label={t('staff:settings.slider.intervalSeconds')}
              min={3}
              max={60}
              allowDecimal={false}
              maw={280}
              {...form.getInputProps('interval_seconds')}
            />
            <Text size="sm" c="gray.7">
              {t('staff:settings.slider.help', { max: DASHBOARD_SLIDER_MAX_BANNERS })}
            </Text>
            {banners.map((banner, index) => (
              <BannerEditor key={banner.id} form={form} index={index} count={banners.length} />
            ))}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={banners.length >= DASHBOARD_SLIDER_MAX_BANNERS}
                onClick={() =>
                  form.insertListItem('banners', {
                    id: `banner-${Date.now().toString(36)}`,
                    image: '',
                    link: '/',
                    texts: Object.fromEntries(
                      LOCALES.map((locale) => [locale, BLANK]),
                    ) as Banner['texts'],
                  })
                }
              >
                {t('staff:settings.slider.add')}
              </Button>
            </Group>
          </Stack>
        );
      }}
    </SettingForm>
  );
}

import { useState } from 'react';
import {
  ActionIcon,
  Autocomplete,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconCircleDashed, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  LOCALES,
  PRODUCT_STATES,
  SPEC_KEYS,
  completeLocales,
  staffProductCreateSchema,
  type Locale,
  type StaffProductCreate,
  type StaffProductText,
} from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { languageName } from '../../../shared/format/language';
import { useLocale } from '../../../shared/locale/use-locale';
import { FormAlert } from '../../../shared/ui/form-alert';
import { useCategoryTree, useManufacturers } from '../api/catalog';
import { categoryOptions } from './category-options';

/** What the form holds: a product as the API takes it, every language's texts present. */
export type ProductFormValues = StaffProductCreate & {
  texts: Record<Locale, StaffProductText>;
};

export const emptyText = (): StaffProductText => ({
  title: '',
  description: '',
  standout_features: [],
});

/** Every field path of the form, for the API's field errors. */
function fieldPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Object.entries(value as Record<string, unknown>);
  return [
    ...(prefix ? [prefix] : []),
    ...entries.flatMap(([key, item]) => fieldPaths(item, prefix ? `${prefix}.${key}` : key)),
  ];
}

/**
 * Every field of a product staff write: codes, price and shipping figures, what it is and fits,
 * its texts in six languages (a mark per language once title and description are written), its
 * categories and whether buyers see it. Stock is received on the product's stock tab; a new
 * product may start with some.
 */
export function ProductForm({
  initial,
  isNew,
  saving,
  onSave,
}: {
  initial: ProductFormValues;
  isNew: boolean;
  saving: boolean;
  onSave: (values: ProductFormValues) => Promise<unknown>;
}) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const tree = useCategoryTree(locale);
  const manufacturers = useManufacturers();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<ProductFormValues>({
    initialValues: initial,
    validate: (values) => zodFieldErrors(staffProductCreateSchema, values, t),
  });
  const values = form.getValues();
  const complete = completeLocales(values.texts);
  const submit = (submitted: ProductFormValues) => {
    setAlert(null);
    onSave(submitted).catch((error: unknown) =>
      setAlert(applyServerError(error, fieldPaths(submitted), form.setErrors)),
    );
  };
  const textErrors = (code: Locale) =>
    Object.keys(form.errors).some((path) => path.startsWith(`texts.${code}.`));

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="lg">
        <FormAlert message={alert} />
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('staff:product.identity')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <TextInput label={t('catalog.sku')} required {...form.getInputProps('sku')} />
            <TextInput
              label={t('catalog.reference')}
              required
              {...form.getInputProps('reference')}
            />
            <TextInput
              label={t('staff:product.ean')}
              inputMode="numeric"
              {...form.getInputProps('ean')}
              value={form.getValues().ean ?? ''}
            />
            <Autocomplete
              label={t('catalog.manufacturer')}
              required
              data={manufacturers.data?.items ?? []}
              limit={20}
              {...form.getInputProps('manufacturer')}
            />
            <Select
              label={t('catalog.stateLabel')}
              data={PRODUCT_STATES.map((value) => ({ value, label: t(`catalog.state.${value}`) }))}
              allowDeselect={false}
              {...form.getInputProps('state')}
            />
            <MultiSelect
              label={t('staff:product.categories')}
              required
              searchable
              data={categoryOptions(tree.data)}
              {...form.getInputProps('category_ids')}
            />
          </SimpleGrid>
        </Card>

        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('staff:product.priceAndShipping')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <NumberInput
              label={t('staff:product.price')}
              required
              min={0}
              decimalScale={2}
              fixedDecimalScale
              prefix="€ "
              {...form.getInputProps('price')}
            />
            <NumberInput
              label={t('staff:product.weight')}
              min={0}
              allowDecimal={false}
              suffix=" g"
              {...form.getInputProps('weight_grams')}
            />
            <NumberInput
              label={t('staff:product.warrantyMonths')}
              min={0}
              max={600}
              allowDecimal={false}
              {...form.getInputProps('warranty_months')}
            />
            {(['width', 'height', 'length'] as const).map((side) => (
              <NumberInput
                key={side}
                label={t(`staff:product.box.${side}`)}
                min={0}
                allowDecimal={false}
                suffix=" mm"
                {...form.getInputProps(`box_size.${side}`)}
              />
            ))}
            {isNew && (
              <NumberInput
                label={t('staff:product.initialStock')}
                min={0}
                allowDecimal={false}
                {...form.getInputProps('quantity')}
              />
            )}
          </SimpleGrid>
          <Group mt="md" gap="xl">
            <Checkbox
              label={t('staff:product.isActive')}
              {...form.getInputProps('is_active', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('staff:product.isInStock')}
              {...form.getInputProps('is_in_stock', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('staff:product.backorderable')}
              {...form.getInputProps('backorderable', { type: 'checkbox' })}
            />
          </Group>
        </Card>

        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb={4}>
            {t('staff:product.texts')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('staff:product.textsHelp', { count: complete.length, total: LOCALES.length })}
          </Text>
          <Tabs defaultValue="en" keepMounted={false}>
            <Tabs.List>
              {LOCALES.map((code) => {
                const done = complete.includes(code);
                return (
                  <Tabs.Tab
                    key={code}
                    value={code}
                    c={textErrors(code) ? 'red.9' : undefined}
                    leftSection={
                      done ? (
                        <IconCircleCheck
                          size={16}
                          color="var(--mantine-color-teal-8)"
                          aria-hidden
                        />
                      ) : (
                        <IconCircleDashed size={16} aria-hidden />
                      )
                    }
                    aria-label={`${languageName(code, locale)}: ${
                      done ? t('staff:product.complete') : t('staff:product.incomplete')
                    }`}
                  >
                    {code.toUpperCase()}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            {LOCALES.map((code) => (
              <Tabs.Panel key={code} value={code} pt="md">
                <Stack gap="sm">
                  <TextInput
                    label={t('staff:product.title')}
                    required={code === 'en'}
                    description={code === 'en' ? undefined : t('staff:product.fallback')}
                    {...form.getInputProps(`texts.${code}.title`)}
                  />
                  <Textarea
                    label={t('catalog.description')}
                    autosize
                    minRows={3}
                    maxRows={12}
                    {...form.getInputProps(`texts.${code}.description`)}
                  />
                  <TagsInput
                    label={t('catalog.standoutFeatures')}
                    description={t('staff:product.tagsHelp')}
                    {...form.getInputProps(`texts.${code}.standout_features`)}
                  />
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
        </Card>

        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('staff:product.fits')}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TagsInput
              label={t('catalog.replacedModels')}
              description={t('staff:product.tagsHelp')}
              {...form.getInputProps('replaced_models')}
            />
            <TagsInput
              label={t('catalog.suitableDevices')}
              description={t('staff:product.tagsHelp')}
              {...form.getInputProps('suitable_devices')}
            />
          </SimpleGrid>
          <Text fw={600} size="sm" mt="md" mb={4}>
            {t('catalog.specifications')}
          </Text>
          <Stack gap="xs">
            {values.specifications.map((spec, index) => (
              <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                <Select
                  label={t('staff:product.specKey')}
                  data={SPEC_KEYS.map((key) => ({ value: key, label: t(`catalog.specs.${key}`) }))}
                  searchable
                  allowDeselect={false}
                  w={220}
                  {...form.getInputProps(`specifications.${index}.key`)}
                />
                <TextInput
                  label={t('staff:product.specValue')}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`specifications.${index}.value`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  mb={2}
                  aria-label={t('staff:product.removeSpec', {
                    name: spec.key ? t(`catalog.specs.${spec.key}`) : index + 1,
                  })}
                  onClick={() => form.removeListItem('specifications', index)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() =>
                form.insertListItem('specifications', { key: SPEC_KEYS[0], value: '' })
              }
              style={{ alignSelf: 'flex-start' }}
            >
              {t('staff:product.addSpec')}
            </Button>
          </Stack>
        </Card>

        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {isNew ? t('staff:product.create') : t('staff:product.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

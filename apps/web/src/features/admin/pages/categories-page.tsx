import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowUp,
  IconBatteryVertical3,
  IconEye,
  IconEyeOff,
  IconFolderPlus,
  IconPencil,
  IconPhoto,
  IconTransfer,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  LOCALES,
  SHOP_PICTURE_LIMITS,
  categoryNamesSchema,
  type Locale,
  type StaffCategory,
} from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { applyServerError } from '../../../shared/forms/server-errors';
import { zodFieldErrors } from '../../../shared/forms/zod-errors';
import { languageName } from '../../../shared/format/language';
import { useLocale } from '../../../shared/locale/use-locale';
import { FormAlert } from '../../../shared/ui/form-alert';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { notifyError } from '../../../shared/ui/notify';
import { PageLoader } from '../../../shared/ui/page-loader';
import {
  PICTURE_TYPES,
  UploadButton,
  UploadStatus,
  usePictureCheck,
  useSequentialUpload,
} from '../../../shared/ui/sequential-upload';
import {
  uploadCategoryIcon,
  useCategoryAction,
  useRefreshCategories,
  useStaffCategories,
  type CategoryAction,
} from '../api/categories';

type Names = Record<Locale, string>;
const nameIn = (category: StaffCategory, locale: Locale) =>
  category.names[locale] ?? category.names.en ?? '';

/** A category's names in six languages, for a new category or a renamed one. */
function NamesDialog({
  title,
  initial,
  onSave,
  onClose,
}: {
  title: string;
  initial: Partial<Names>;
  onSave: (names: Partial<Names>) => CategoryAction;
  onClose: () => void;
}) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const action = useCategoryAction();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<{ names: Names }>({
    initialValues: {
      names: Object.fromEntries(LOCALES.map((code) => [code, initial[code] ?? ''])) as Names,
    },
    validate: (values) => {
      const errors = zodFieldErrors(categoryNamesSchema, values.names, t);
      return Object.fromEntries(
        Object.entries(errors).map(([key, value]) => [`names.${key}`, value]),
      );
    },
  });
  const submit = ({ names }: { names: Names }) => {
    const written = Object.fromEntries(
      Object.entries(names).filter(([, name]) => name.trim() !== ''),
    ) as Partial<Names>;
    action.mutate(onSave(written), {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('staff:categories.saved') });
        onClose();
      },
      onError: (error) =>
        setAlert(
          applyServerError(
            error,
            LOCALES.map((code) => `names.${code}`),
            form.setErrors,
          ),
        ),
    });
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <FormAlert message={alert} />
          <Text size="sm" c="gray.7">
            {t('staff:categories.namesHelp')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {LOCALES.map((code) => (
              <TextInput
                key={code}
                label={languageName(code, locale)}
                required={code === 'en'}
                maxLength={100}
                data-autofocus={code === 'en' ? true : undefined}
                {...form.getInputProps(`names.${code}`)}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={action.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Choose where a category goes: under another category (not its own subtree) or at the top. */
function MoveDialog({
  category,
  all,
  onClose,
}: {
  category: StaffCategory;
  all: StaffCategory[];
  onClose: () => void;
}) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const action = useCategoryAction();
  const [parent, setParent] = useState<string>(category.parent_id ?? 'top');
  const inside = new Set([category._id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const other of all) {
      if (other.parent_id && inside.has(other.parent_id) && !inside.has(other._id)) {
        inside.add(other._id);
        grew = true;
      }
    }
  }
  const options = [
    { value: 'top', label: t('staff:categories.top') },
    ...all
      .filter((other) => !inside.has(other._id))
      .map((other) => ({ value: other._id, label: nameIn(other, locale) })),
  ];
  const move = () => {
    const parentId = parent === 'top' ? null : parent;
    const siblings = all.filter(
      (other) => other.parent_id === parentId && other._id !== category._id,
    );
    action.mutate(
      { kind: 'move', id: category._id, move: { parent_id: parentId, position: siblings.length } },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('staff:categories.saved') });
          onClose();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('staff:categories.moveTitle', { name: nameIn(category, locale) })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Select
          label={t('staff:categories.newParent')}
          data={options}
          value={parent}
          onChange={(value) => setParent(value ?? 'top')}
          searchable
          allowDeselect={false}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={move} loading={action.isPending}>
            {t('staff:categories.move')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** One of a category row's icon buttons; its label is both its tooltip and its accessible name. */
function RowAction({
  label,
  icon: Icon,
  onClick,
  disabled,
  color,
}: {
  label: string;
  icon: typeof IconPencil;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={color}
        disabled={disabled}
        aria-label={label}
        onClick={onClick}
      >
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** The icon buyers see beside a category's name: uploaded, or the default battery. */
function CategoryIcon({ category }: { category: StaffCategory }) {
  return category.icon ? (
    <img src={category.icon.path} alt="" width={20} height={20} />
  ) : (
    <IconBatteryVertical3 size={20} stroke={1.8} aria-hidden />
  );
}

/**
 * A category's icon: a picture uploaded (kept square, transparent around it), or back to the
 * default battery icon.
 */
function IconDialog({ category, onClose }: { category: StaffCategory; onClose: () => void }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const refresh = useRefreshCategories();
  const action = useCategoryAction();
  const pictureCheck = usePictureCheck(SHOP_PICTURE_LIMITS.maxBytes);
  const upload = useSequentialUpload({
    check: pictureCheck,
    upload: (file, onProgress) => uploadCategoryIcon(category._id, file, onProgress),
    onDone: async (added) => {
      if (added) notifications.show({ color: 'teal', message: t('staff:categories.iconSaved') });
      await refresh();
    },
  });
  const remove = () =>
    action.mutate(
      { kind: 'removeIcon', id: category._id },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: t('staff:categories.iconRemoved') }),
        onError: notifyError,
      },
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('staff:categories.iconTitle', { name: nameIn(category, locale) })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap" data-category-icon={category.icon?.path ?? 'default'}>
          <Center w={64} h={64} bg="gray.1" style={{ borderRadius: 8, flex: 'none' }}>
            {category.icon ? (
              <img src={category.icon.path} alt="" width={48} height={48} />
            ) : (
              <IconBatteryVertical3 size={40} stroke={1.6} aria-hidden />
            )}
          </Center>
          <Text size="sm" c="gray.7">
            {category.icon ? t('staff:categories.iconUploaded') : t('staff:categories.iconDefault')}{' '}
            {t('staff:categories.iconHint', {
              size: SHOP_PICTURE_LIMITS.maxBytes / 1_048_576,
              pixels: SHOP_PICTURE_LIMITS.iconSize,
            })}
          </Text>
        </Group>
        <UploadStatus
          upload={upload}
          sendingLabel={(name) => t('staff:images.sending', { name })}
          refusedTitle={t('staff:images.refused')}
        />
        <Group justify="flex-end" gap="xs">
          {category.icon && (
            <Button variant="default" color="red.9" onClick={remove} loading={action.isPending}>
              {t('staff:categories.iconRemove')}
            </Button>
          )}
          <UploadButton upload={upload} accept={PICTURE_TYPES} room={1} multiple={false}>
            {t('staff:categories.iconUpload')}
          </UploadButton>
        </Group>
      </Stack>
    </Modal>
  );
}

type Dialog =
  | { kind: 'create'; parent: StaffCategory | null }
  | { kind: 'rename'; category: StaffCategory }
  | { kind: 'move'; category: StaffCategory }
  | { kind: 'icon'; categoryId: string };

/**
 * Back office: the category tree. Staff add categories, rename them in six languages (their
 * slugs stay, so links keep working), move them under another parent or up and down among their
 * siblings, and hide one from buyers with its subtree.
 */
export function CategoriesPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const categories = useStaffCategories();
  const action = useCategoryAction();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  if (categories.isError) {
    return (
      <Alert color="red" role="alert">
        {categories.error.message}
      </Alert>
    );
  }
  if (!categories.data) return <PageLoader />;
  const all = categories.data;
  // The dialog follows the tree: it shows the icon just uploaded once the tree is read again.
  const iconOf =
    dialog?.kind === 'icon' ? all.find((category) => category._id === dialog.categoryId) : null;
  const childrenOf = (parentId: string | null) =>
    all
      .filter((category) => category.parent_id === parentId)
      .sort((a, b) => a.position - b.position);
  const run = (what: CategoryAction) =>
    action.mutate(what, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('staff:categories.saved') }),
      onError: notifyError,
    });
  const toggle = (category: StaffCategory) => {
    const name = nameIn(category, locale);
    modals.openConfirmModal({
      title: category.is_active
        ? t('staff:categories.hideTitle', { name })
        : t('staff:categories.showTitle', { name }),
      children: (
        <Text size="sm">
          {category.is_active
            ? t('staff:categories.confirmHide')
            : t('staff:categories.confirmShow')}
        </Text>
      ),
      labels: { confirm: t('staff:catalog.apply'), cancel: t('common.cancel') },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () => run({ kind: 'active', id: category._id, active: !category.is_active }),
    });
  };

  const rows = (parentId: string | null, depth: number): React.ReactNode[] =>
    childrenOf(parentId).flatMap((category, index, siblings) => {
      const name = nameIn(category, locale);
      return [
        <Group
          key={category._id}
          justify="space-between"
          wrap="nowrap"
          py={6}
          pl={depth * 24}
          data-category={category.names.en}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <CategoryIcon category={category} />
              <Text fw={depth === 0 ? 700 : 500} size="sm" truncate>
                {name}
              </Text>
              {!category.is_active && (
                <Badge size="xs" color="gray.7" variant="filled" miw="max-content">
                  {t('staff:categories.hidden')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="gray.7">
              /cat/{category.slugs.en} ·{' '}
              {t('staff:categories.products', { count: category.products })}
            </Text>
          </div>
          <Group gap={2} wrap="nowrap">
            <RowAction
              label={t('staff:categories.moveUp', { name })}
              icon={IconArrowUp}
              disabled={index === 0}
              onClick={() =>
                run({
                  kind: 'move',
                  id: category._id,
                  move: { parent_id: parentId, position: index - 1 },
                })
              }
            />
            <RowAction
              label={t('staff:categories.moveDown', { name })}
              icon={IconArrowDown}
              disabled={index === siblings.length - 1}
              onClick={() =>
                run({
                  kind: 'move',
                  id: category._id,
                  move: { parent_id: parentId, position: index + 1 },
                })
              }
            />
            <RowAction
              label={t('staff:categories.moveTo', { name })}
              icon={IconTransfer}
              onClick={() => setDialog({ kind: 'move', category })}
            />
            <RowAction
              label={t('staff:categories.iconTitle', { name })}
              icon={IconPhoto}
              onClick={() => setDialog({ kind: 'icon', categoryId: category._id })}
            />
            <RowAction
              label={t('staff:categories.rename', { name })}
              icon={IconPencil}
              onClick={() => setDialog({ kind: 'rename', category })}
            />
            <RowAction
              label={t('staff:categories.addChild', { name })}
              icon={IconFolderPlus}
              onClick={() => setDialog({ kind: 'create', parent: category })}
            />
            <RowAction
              label={
                category.is_active
                  ? t('staff:categories.hideTitle', { name })
                  : t('staff:categories.showTitle', { name })
              }
              icon={category.is_active ? IconEyeOff : IconEye}
              color={category.is_active ? 'red.9' : 'teal.9'}
              onClick={() => toggle(category)}
            />
          </Group>
        </Group>,
        ...rows(category._id, depth + 1),
      ];
    });

  return (
    <Stack gap="lg">
      <Anchor component={LocaleLink} to="/admin/catalog" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('staff:catalog.backToList')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2" c="brand.9">
            {t('staff:categories.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('staff:categories.subtitle')}
          </Text>
        </div>
        <Button
          leftSection={<IconFolderPlus size={18} aria-hidden />}
          onClick={() => setDialog({ kind: 'create', parent: null })}
        >
          {t('staff:categories.addTop')}
        </Button>
      </Group>
      <Card withBorder radius="md" padding="md">
        {rows(null, 0)}
      </Card>
      {dialog?.kind === 'create' && (
        <NamesDialog
          title={
            dialog.parent
              ? t('staff:categories.addChild', { name: nameIn(dialog.parent, locale) })
              : t('staff:categories.addTop')
          }
          initial={{}}
          onSave={(names) => ({
            kind: 'create',
            category: { parent_id: dialog.parent?._id ?? null, names },
          })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NamesDialog
          title={t('staff:categories.rename', { name: nameIn(dialog.category, locale) })}
          initial={dialog.category.names}
          onSave={(names) => ({ kind: 'rename', id: dialog.category._id, names })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog category={dialog.category} all={all} onClose={() => setDialog(null)} />
      )}
      {iconOf && <IconDialog category={iconOf} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

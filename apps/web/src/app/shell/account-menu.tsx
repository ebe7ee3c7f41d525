import { Avatar, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconFileCode, IconLogout, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can, type Me, type Permission } from '@portal/contract';
import { apiRequest } from '../../shared/api/client';
import { meQueryKey } from '../../shared/auth/me';
import { signOut } from '../../shared/auth/sign-out';
import { notifyError, notifySuccess } from '../../shared/ui/notify';
import { useLocalizePath } from '../../shared/locale/use-locale';

interface AccountMenuEntry {
  labelKey: string;
  to: string;
  permission: Permission;
}

/**
 * Account dropdown entries (SPEC section 2), filtered by role with `can()`.
 */
const ACCOUNT_MENU_ENTRIES: AccountMenuEntry[] = [
  { labelKey: 'breadcrumbs.personalProfile', to: '/profile', permission: 'profile.edit' },
  { labelKey: 'breadcrumbs.companyDetails', to: '/company-details', permission: 'company.view' },
  { labelKey: 'breadcrumbs.shoppingLists', to: '/lists', permission: 'shopping_lists.view' },
  { labelKey: 'breadcrumbs.approvals', to: '/approvals', permission: 'approvals.view' },
  {
    labelKey: 'breadcrumbs.shippingDetails',
    to: '/shipping-details',
    permission: 'addresses.manage',
  },
  {
    labelKey: 'breadcrumbs.invoiceAddresses',
    to: '/invoice-addresses',
    permission: 'addresses.manage',
  },
  {
    labelKey: 'breadcrumbs.userAccessControl',
    to: '/user-access-control',
    permission: 'members.manage',
  },
  {
    labelKey: 'breadcrumbs.emailNotificationPreferences',
    to: '/email-notification-preferences',
    permission: 'notification_preferences.edit',
  },
  { labelKey: 'breadcrumbs.alertMails', to: '/admin/alert-mails', permission: 'alerts.receive' },
];

const initials = (user: Me) =>
  `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase() || '?';

export function AccountMenu({ user }: { user: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localize = useLocalizePath();
  const queryClient = useQueryClient();
  const entries = ACCOUNT_MENU_ENTRIES.filter((entry) => can(user.role, entry.permission));

  // The old link stops working at once: confirmed first, then the menu shows the new one.
  const renewXmlFeedLink = () =>
    modals.openConfirmModal({
      title: t('header.xmlFeedRenewTitle'),
      children: <Text size="sm">{t('header.xmlFeedRenewText')}</Text>,
      labels: { confirm: t('header.xmlFeedRenewConfirm'), cancel: t('common.cancel') },
      cancelProps: { variant: 'default' },
      closeButtonProps: { 'aria-label': t('common.close') },
      onConfirm: () =>
        void apiRequest<{ url: string }>('/xml/renew-link', { method: 'POST' })
          .then(async () => {
            await queryClient.invalidateQueries({ queryKey: meQueryKey });
            notifySuccess(t('header.xmlFeedRenewed'));
          })
          .catch(notifyError),
    });

  const logOut = async () => {
    await signOut();
    // Leave the shell first: clearing the cache under it would refetch the user.
    await navigate(localize('/sign-in'), { replace: true });
    queryClient.clear();
  };

  return (
    // Mantine's focus placeholder is a role="presentation" child that a menu may not hold.
    <Menu position="bottom-end" shadow="md" width={240} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.accountMenu')} px={6} py={4}>
          <Box style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Avatar color="brand" radius="xl" size={34}>
              {initials(user)}
            </Avatar>
            <Box visibleFrom="sm" style={{ lineHeight: 1.2 }}>
              <Text size="sm" fw={600} c="dark.9">
                {user.full_name}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`roles.${user.role}`)}
              </Text>
            </Box>
            {/* On a phone the header holds five controls: the avatar alone marks the menu. */}
            <Box visibleFrom="xs" lh={0}>
              <IconChevronDown size={14} aria-hidden />
            </Box>
          </Box>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu holds menu items and groups only: who is signed in is a group of its own. */}
        <Box role="group" aria-label={t('header.signedInAs')}>
          <Menu.Label>{t('header.signedInAs')}</Menu.Label>
          <Box px="sm" pb="xs">
            <Text size="sm" fw={600}>
              {user.full_name}
            </Text>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {user.email}
            </Text>
          </Box>
        </Box>
        <Menu.Divider />
        {entries.map((entry) => (
          <Menu.Item key={entry.to} onClick={() => void navigate(localize(entry.to))}>
            {t(entry.labelKey)}
          </Menu.Item>
        ))}
        {/* SPEC section 6: owners only, and only when the company's XML option is on. */}
        {can(user.role, 'xml_feed.view') && user.xml_feed_url && (
          <Menu.Item
            component="a"
            href={user.xml_feed_url}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconFileCode size={16} aria-hidden />}
          >
            {t('header.xmlFeed')}
          </Menu.Item>
        )}
        {can(user.role, 'xml_feed.view') && user.xml_feed_url && (
          <Menu.Item leftSection={<IconRefresh size={16} aria-hidden />} onClick={renewXmlFeedLink}>
            {t('header.xmlFeedRenew')}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void logOut()}>
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

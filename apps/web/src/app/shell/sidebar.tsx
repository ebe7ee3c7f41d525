import { useId, useState } from 'react';
import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { can, type AnyRole, type StaffAlerts } from '@portal/contract';
import { CategoryTree } from '../../features/catalog/components/category-tree';
import { useLocalizePath } from '../../shared/locale/use-locale';
import { visibleNav, type NavActionItem, type NavGroupItem, type NavLinkItem } from './nav-items';
import classes from './shell.module.css';

interface SidebarProps {
  role: AnyRole;
  /** Staff: what waits behind their links (the links' `alert`). */
  alerts?: StaffAlerts;
  opened: boolean;
  width: number;
  homePath: string;
  onLinkClick: () => void;
  /** Runs a shell action such as opening the contact-us dialog. */
  onAction: (action: NavActionItem['action']) => void;
}

export function Sidebar({
  role,
  alerts,
  opened,
  width,
  homePath,
  onLinkClick,
  onAction,
}: SidebarProps) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const sections = visibleNav(role);
  const collapsed = !opened;
  // The catalog is for company members; back-office staff have no prices to see.
  const showCatalog = can(role, 'company.view');

  return (
    <nav
      id="sidebar"
      aria-label={t('nav.main')}
      className={`${classes.sidebar} ${collapsed ? classes.collapsed : ''}`}
      style={{ width }}
    >
      <div className={classes.logo}>
        <NavLink to={localize(homePath)} onClick={onLinkClick} aria-label={t('app.logoAlt')}>
          {collapsed ? (
            <img src="/logo-collapsed.svg" alt="" width={44} height={44} />
          ) : (
            <img src="/logo-expanded.svg" alt="" width={196} height={44} />
          )}
        </NavLink>
      </div>
      <div className={classes.navScroll}>
        {sections.map((section) => (
          <div key={section.id} className={classes.section}>
            {section.titleKey && !collapsed && (
              <p className={classes.sectionTitle}>{t(section.titleKey)}</p>
            )}
            <ul className={classes.list}>
              {section.items.map((item) =>
                item.kind === 'link' ? (
                  <li key={item.to}>
                    <SidebarLink
                      item={item}
                      collapsed={collapsed}
                      onClick={onLinkClick}
                      waiting={item.alert ? alerts?.[item.alert] : undefined}
                    />
                  </li>
                ) : item.kind === 'action' ? (
                  <li key={item.action}>
                    <SidebarAction
                      item={item}
                      collapsed={collapsed}
                      onClick={() => {
                        onLinkClick();
                        onAction(item.action);
                      }}
                    />
                  </li>
                ) : (
                  <SidebarGroup
                    key={item.id}
                    group={item}
                    collapsed={collapsed}
                    onLinkClick={onLinkClick}
                  />
                ),
              )}
            </ul>
            {/* SPEC section 2: the Categories section follows Account. */}
            {section.id === 'account' && showCatalog && (
              <CategoryTree collapsed={collapsed} onLinkClick={onLinkClick} />
            )}
          </div>
        ))}
      </div>
    </nav>
  );
}

function SidebarLink({
  item,
  collapsed,
  onClick,
  waiting,
}: {
  item: NavLinkItem;
  collapsed: boolean;
  onClick: () => void;
  /** How many things wait behind the link (staff); nothing shown when none. */
  waiting?: number;
}) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const label = t(item.labelKey);
  const count = waiting ? t('nav.waiting', { count: waiting }) : '';
  const Icon = item.icon;
  const link = (
    <NavLink
      to={localize(item.to)}
      end={item.to === '/'}
      className={classes.link}
      onClick={onClick}
      aria-label={collapsed ? [label, count].filter(Boolean).join(', ') : undefined}
    >
      <Icon size={22} stroke={1.7} aria-hidden />
      {!collapsed && <span>{label}</span>}
      {!collapsed && waiting ? (
        <Badge ml="auto" size="sm" color="yellow.5" autoContrast data-waiting>
          <span aria-hidden>{waiting}</span>
          <VisuallyHidden>{count}</VisuallyHidden>
        </Badge>
      ) : null}
    </NavLink>
  );
  return collapsed ? (
    <Tooltip label={label} position="right" withArrow>
      {link}
    </Tooltip>
  ) : (
    link
  );
}

function SidebarAction({
  item,
  collapsed,
  onClick,
}: {
  item: NavActionItem;
  collapsed: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const label = t(item.labelKey);
  const Icon = item.icon;
  const button = (
    <button
      type="button"
      className={classes.link}
      onClick={onClick}
      aria-haspopup="dialog"
      aria-label={collapsed ? label : undefined}
    >
      <Icon size={22} stroke={1.7} aria-hidden />
      {!collapsed && <span>{label}</span>}
    </button>
  );
  return collapsed ? (
    <Tooltip label={label} position="right" withArrow>
      {button}
    </Tooltip>
  ) : (
    button
  );
}

/** An expandable menu; when the sidebar is collapsed it opens as a flyout beside the rail. */
function SidebarGroup({
  group,
  collapsed,
  onLinkClick,
}: {
  group: NavGroupItem;
  collapsed: boolean;
  onLinkClick: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // SPEC section 2: a click outside an open sidebar menu closes that menu.
  const ref = useClickOutside<HTMLLIElement>(() => setOpen(false));
  const listId = useId();
  const label = t(group.labelKey);
  const Icon = group.icon;

  return (
    <li ref={ref} className={classes.group}>
      <button
        type="button"
        className={classes.link}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={collapsed ? label : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon size={22} stroke={1.7} aria-hidden />
        {!collapsed && <span>{label}</span>}
        {!collapsed && (
          <IconChevronRight
            size={16}
            aria-hidden
            className={`${classes.chevron} ${open ? classes.chevronOpen : ''}`}
          />
        )}
      </button>
      {open && (
        <ul id={listId} className={collapsed ? classes.flyout : classes.subList}>
          {group.children.map((child) => (
            <li key={child.to}>
              <SidebarLink
                item={child}
                collapsed={false}
                onClick={() => {
                  setOpen(false);
                  onLinkClick();
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

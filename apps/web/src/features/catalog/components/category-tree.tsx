import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { Tooltip } from '@mantine/core';
import { IconBatteryVertical3, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { TIMINGS, type NestedCategory } from '@portal/contract';
import { parseLocalePath } from '../../../shared/locale/paths';
import { useLocale, useLocalizePath } from '../../../shared/locale/use-locale';
import { useNestedCategories } from '../api/categories';
import { categorySlugOf, expandedIdsForSlug, toggled, withExpanded } from '../category-tree';
import { createNavigationGate, type NavigationGate } from '../navigation-gate';
import { useCategoryPrefetch } from './use-catalog-prefetch';
import classes from './category-tree.module.css';

interface CategoryTreeProps {
  collapsed: boolean;
  /** The shell's link-click handler: closes the sidebar on mobile. */
  onLinkClick: () => void;
}

/**
 * The sidebar's Categories section (SPEC section 2): a nested tree in the current language.
 * A category click expands it and navigates to /cat/{slug} after 500 ms of quiet, ignoring
 * clicks while a navigation runs; the arrow only toggles; the current category's path opens.
 */
export function CategoryTree({ collapsed, onLinkClick }: CategoryTreeProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const routerNavigation = useNavigation();
  const { pathname } = useLocation();
  const tree = useNestedCategories(locale).data;
  const currentSlug = categorySlugOf(parseLocalePath(pathname).path);

  // Open the path of the current URL whenever it (or the tree) changes.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const pathKey = tree ? `${currentSlug ?? ''}` : null;
  if (tree && pathKey !== openedFor) {
    setOpenedFor(pathKey);
    setExpanded((set) => withExpanded(set, expandedIdsForSlug(tree, currentSlug)));
  }

  const busy = useRef(false);
  const latest = useRef({ navigate, onLinkClick });
  useEffect(() => {
    busy.current = routerNavigation.state !== 'idle';
    latest.current = { navigate, onLinkClick };
  });
  const gate = useRef<NavigationGate | null>(null);
  useEffect(() => {
    const created = createNavigationGate({
      delayMs: TIMINGS.categoryClickDebounceMs,
      isBusy: () => busy.current,
      navigate: (target) => {
        latest.current.onLinkClick();
        return latest.current.navigate(target);
      },
    });
    gate.current = created;
    return () => created.cancel();
  }, []);

  if (!tree?.length) return null;

  const choose = (event: MouseEvent, category: NestedCategory) => {
    // Modified clicks (new tab, new window) stay plain links.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
      return;
    event.preventDefault();
    const accepted = gate.current?.click(localize(`/cat/${encodeURIComponent(category.slug)}`));
    if (accepted && category.children.length) {
      setExpanded((set) => withExpanded(set, [category._id]));
    }
  };

  return (
    <div className={classes.section}>
      {!collapsed && <p className={classes.title}>{t('nav.categories')}</p>}
      <ul className={classes.list} aria-label={collapsed ? t('nav.categories') : undefined}>
        {tree.map((category) => (
          <CategoryNode
            key={category._id}
            category={category}
            level={0}
            collapsed={collapsed}
            expanded={expanded}
            currentSlug={currentSlug}
            onChoose={choose}
            onToggle={(id) => setExpanded((set) => toggled(set, id))}
          />
        ))}
      </ul>
    </div>
  );
}

interface NodeProps {
  category: NestedCategory;
  level: number;
  collapsed: boolean;
  expanded: ReadonlySet<string>;
  currentSlug: string | null;
  onChoose: (event: MouseEvent, category: NestedCategory) => void;
  onToggle: (id: string) => void;
}

function CategoryNode(props: NodeProps) {
  const { category, level, collapsed, expanded, currentSlug, onChoose, onToggle } = props;
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const listId = useId();
  const prefetch = useCategoryPrefetch<HTMLAnchorElement>(category.slug);
  const hasChildren = category.children.length > 0;
  const open = hasChildren && expanded.has(category._id) && !collapsed;
  const current = currentSlug !== null && category.slug === currentSlug;

  const marker =
    level > 0 ? (
      <span className={classes.dot} aria-hidden />
    ) : category.icon ? (
      <span className={classes.icon}>
        <img src={category.icon.path} alt="" width={20} height={20} />
      </span>
    ) : (
      <span className={classes.icon}>
        <IconBatteryVertical3 size={18} stroke={1.8} aria-hidden />
      </span>
    );

  const link = (
    <a
      href={localize(`/cat/${encodeURIComponent(category.slug)}`)}
      className={`${classes.link} ${collapsed ? classes.rail : ''}`}
      aria-current={current ? 'page' : undefined}
      aria-label={collapsed ? category.name : undefined}
      onClick={(event) => onChoose(event, category)}
      style={collapsed ? undefined : { paddingLeft: 8 + level * 14 }}
      {...prefetch}
    >
      {marker}
      {!collapsed && <span className={classes.name}>{category.name}</span>}
    </a>
  );

  return (
    <li>
      <div className={classes.row}>
        {collapsed ? (
          <Tooltip label={category.name} position="right" withArrow>
            {link}
          </Tooltip>
        ) : (
          link
        )}
        {hasChildren && !collapsed && (
          <button
            type="button"
            className={classes.toggle}
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-label={t('nav.subcategories', { name: category.name })}
            onClick={() => onToggle(category._id)}
          >
            <IconChevronRight
              size={16}
              aria-hidden
              className={`${classes.chevron} ${open ? classes.chevronOpen : ''}`}
            />
          </button>
        )}
      </div>
      {open && (
        <ul id={listId} className={classes.list}>
          {category.children.map((child) => (
            <CategoryNode key={child._id} {...props} category={child} level={level + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

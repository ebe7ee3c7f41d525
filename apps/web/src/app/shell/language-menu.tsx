import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useClickOutside } from '@mantine/hooks';
import { IconCheck, IconChevronDown, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOCALES, LOCALE_LABELS, type Locale } from '@portal/contract';
import { localizePath, parseLocalePath, storeLocale } from '../../shared/locale/paths';
import classes from './language-menu.module.css';

/**
 * Language switcher: stores the choice and rewrites the URL's locale prefix. A small
 * hand-made menu button (WAI-ARIA menu pattern): it sits on the sign-in page, where a
 * positioning library would cost more than everything else on the screen.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { locale, path } = parseLocalePath(location.pathname);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const rootRef = useClickOutside<HTMLDivElement>(() => setOpen(false));

  const focusItem = (index: number) => {
    const count = LOCALES.length;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };

  const openMenu = (focusIndex = LOCALES.indexOf(locale)) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(focusIndex));
  };

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) triggerRef.current?.focus();
  };

  const choose = async (next: Locale) => {
    close(true);
    if (next === locale) return;
    storeLocale(next);
    await i18n.changeLanguage(next);
    await navigate(`${localizePath(path, next)}${location.search}${location.hash}`);
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 0 : LOCALES.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: LOCALES.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusItem(target);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div ref={rootRef} className={classes.root}>
      <button
        ref={triggerRef}
        type="button"
        className={classes.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('header.language', { language: LOCALE_LABELS[locale] })}
        onClick={() => (open ? close(false) : openMenu())}
        onKeyDown={onTriggerKeyDown}
      >
        <IconWorld size={18} aria-hidden />
        <span>{locale.toUpperCase()}</span>
        <IconChevronDown size={14} aria-hidden />
      </button>
      {open && (
        <ul id={menuId} role="menu" className={classes.menu} onKeyDown={onMenuKeyDown}>
          {LOCALES.map((option, index) => (
            <li key={option} role="none">
              <button
                ref={(node) => {
                  itemRefs.current[index] = node;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={classes.item}
                aria-current={option === locale ? 'true' : undefined}
                onClick={() => void choose(option)}
              >
                {LOCALE_LABELS[option]}
                {option === locale && <IconCheck size={16} aria-hidden />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

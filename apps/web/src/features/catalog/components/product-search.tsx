import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../shared/format/money';
import { useLocale, useLocalizePath } from '../../../shared/locale/use-locale';
import { productSearchQueryOptions, useProductSearch } from '../api/products';
import { SEARCH_DEBOUNCE_MS, searchText, submitTarget } from '../search';
import classes from './catalog.module.css';

interface ProductSearchProps {
  /** `header`: compact, labelled for screen readers; `large`: the dashboard's visible box. */
  variant?: 'header' | 'large';
  autoFocus?: boolean;
  /** Called after a product or the results page was opened (the narrow header closes then). */
  onOpened?: () => void;
}

/**
 * Product search (SPEC section 2): a combobox whose dropdown lists matching products with
 * thumbnail, title in the current language and price. Enter opens the highlighted product, the
 * only result when nothing is highlighted, or the results page (/search?q=…) when several match.
 */
export function ProductSearch({ variant = 'header', autoFocus, onOpened }: ProductSearchProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  // Remounting the field after a product was opened drops Mantine's remembered highlight.
  const [fieldKey, setFieldKey] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const typed = searchText(value);
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const results = useProductSearch(debounced, locale);
  const items = typed ? (results.data ?? []) : [];
  const settled = typed === debounced && !results.isFetching && results.data !== undefined;
  const large = variant === 'large';

  const go = (path: string) => {
    combobox.closeDropdown();
    setValue('');
    setFieldKey((key) => key + 1);
    void navigate(localize(path));
    onOpened?.();
  };
  const open = (sku: string) => go(`/product/${encodeURIComponent(sku)}`);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed) return;
    const found = await queryClient.fetchQuery(productSearchQueryOptions(typed, locale));
    const target = submitTarget(null, found);
    if (target) open(target);
    else if (found.length > 1) go(`/search?${new URLSearchParams({ q: typed }).toString()}`);
    else combobox.openDropdown();
  };

  // The highlight Mantine remembers can point at a row that the new results no longer have:
  // never leave aria-activedescendant pointing at nothing.
  useEffect(() => {
    const input = inputRef.current;
    const active = input?.getAttribute('aria-activedescendant');
    if (input && active && !document.getElementById(active)) {
      input.removeAttribute('aria-activedescendant');
    }
  });

  return (
    <form role="search" onSubmit={(event) => void onSubmit(event)} style={{ width: '100%' }}>
      <Combobox
        store={combobox}
        onOptionSubmit={open}
        withinPortal
        width={large ? 'target' : 'min(440px, calc(100vw - 16px))'}
        position="bottom-start"
        shadow="md"
        middlewares={{ flip: false, shift: { padding: 8 } }}
      >
        <Combobox.Target withAriaAttributes withExpandedAttribute withKeyboardNavigation>
          <TextInput
            key={fieldKey}
            ref={inputRef}
            type="search"
            value={value}
            size={large ? 'lg' : 'sm'}
            radius={large ? 'md' : 'xl'}
            label={large ? t('catalog.search.lookingFor') : undefined}
            aria-label={large ? undefined : t('catalog.search.label')}
            placeholder={
              large ? t('catalog.search.lookingForPlaceholder') : t('catalog.search.placeholder')
            }
            autoComplete="off"
            autoFocus={autoFocus}
            spellCheck={false}
            leftSection={<IconSearch size={large ? 20 : 16} aria-hidden />}
            rightSection={results.isFetching && typed ? <Loader size="xs" /> : null}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              combobox.resetSelectedOption();
              if (searchText(event.currentTarget.value)) combobox.openDropdown();
              else combobox.closeDropdown();
            }}
            onFocus={() => typed && combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            styles={{ input: { minWidth: 0 } }}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!typed || (!items.length && !settled)}>
          <Combobox.Options
            aria-label={t('catalog.search.results')}
            mah={420}
            style={{ overflowY: 'auto' }}
          >
            {items.map((item) => (
              <Combobox.Option value={item.sku} key={item._id}>
                <div className={classes.searchOption}>
                  <img
                    className={classes.searchThumb}
                    src={item.image.thumbnail.path}
                    alt=""
                    width={44}
                    height={44}
                  />
                  <div className={classes.searchText}>
                    <Text size="sm" fw={500} lh={1.3} className={classes.clamp}>
                      {item.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.sku}
                    </Text>
                  </div>
                  <Text size="sm" fw={700} c="brand.9" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(item.price, locale)}
                  </Text>
                </div>
              </Combobox.Option>
            ))}
            {settled && items.length === 0 && (
              // An option-like row, so that the listbox is never without options.
              <Combobox.Empty role="option" aria-disabled="true" aria-selected="false">
                {t('catalog.noResults')}
              </Combobox.Empty>
            )}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </form>
  );
}

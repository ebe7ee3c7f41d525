import {
  Card,
  Group,
  Skeleton,
  Table,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CURRENCY, type MonthlySpend } from '@portal/contract';
import { formatMoney } from '../../../shared/format/money';
import { useLocale } from '../../../shared/locale/use-locale';
import { useMonthlySpend } from '../api/dashboard';
import { niceMax } from './chart-scale';

const HEIGHT = 220;
const AXIS_WIDTH = 64;
/** Room on the right for half of the last month's label. */
const RIGHT_PAD = 16;
const LABEL_HEIGHT = 24;
const TOP = 12;

/** 'YYYY-MM' as a date in the middle of that month, so no time zone moves it. */
const monthDate = (month: string) => new Date(`${month}-15T12:00:00Z`);

function Bars({ data, width }: { data: MonthlySpend['months']; width: number }) {
  const locale = useLocale();
  const { t } = useTranslation();
  const top = niceMax(Math.max(...data.map((month) => month.amount)));
  const plotWidth = Math.max(width - AXIS_WIDTH - RIGHT_PAD, 60);
  const plotHeight = HEIGHT - LABEL_HEIGHT - TOP;
  const slot = plotWidth / data.length;
  const barWidth = Math.max(slot * 0.62, 4);
  // Every label when there is room for a short month name, else every second or third one.
  const every = slot >= 40 ? 1 : slot >= 20 ? 2 : 3;
  const monthLabel = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const fullMonth = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const axis = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: CURRENCY,
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  const ticks = [0, 0.25, 0.5, 0.75, 1];

  return (
    <svg width={width} height={HEIGHT} aria-hidden="true" data-spend-chart>
      {ticks.map((tick) => {
        const y = TOP + plotHeight * (1 - tick);
        return (
          <g key={tick}>
            <line
              x1={AXIS_WIDTH}
              x2={AXIS_WIDTH + plotWidth}
              y1={y}
              y2={y}
              stroke="var(--mantine-color-gray-3)"
            />
            <text
              x={AXIS_WIDTH - 8}
              y={y}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={11}
              fill="var(--mantine-color-gray-7)"
            >
              {axis.format(top * tick)}
            </text>
          </g>
        );
      })}
      {data.map((month, position) => {
        const height = (month.amount / top) * plotHeight;
        const x = AXIS_WIDTH + position * slot + (slot - barWidth) / 2;
        const date = monthDate(month.month);
        const last = position === data.length - 1;
        return (
          <g key={month.month}>
            <rect
              x={x}
              y={TOP + plotHeight - height}
              width={barWidth}
              height={Math.max(height, month.amount > 0 ? 2 : 0)}
              rx={3}
              fill={last ? 'var(--mantine-color-brand-8)' : 'var(--mantine-color-brand-5)'}
            >
              <title>
                {t('dashboard.spend.bar', {
                  month: fullMonth.format(date),
                  amount: formatMoney(month.amount, locale),
                  orders: String(month.orders),
                })}
              </title>
            </rect>
            {(data.length - 1 - position) % every === 0 && (
              <text
                x={x + barWidth / 2}
                y={HEIGHT - 6}
                textAnchor="middle"
                fontSize={11}
                fill="var(--mantine-color-gray-7)"
              >
                {monthLabel.format(date)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

/** The company's spend per month over the last 12 months: bars, and a table for screen readers. */
export function SpendChart() {
  const { t } = useTranslation();
  const locale = useLocale();
  const spend = useMonthlySpend(true);
  const { ref, width } = useElementSize();
  const fullMonth = new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="spend-title">
      <Group justify="space-between" mb="md" align="flex-end" wrap="wrap">
        <Group gap="sm">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <IconChartBar size={20} />
          </ThemeIcon>
          <Title order={2} size="h4" id="spend-title">
            {t('dashboard.spend.title')}
          </Title>
        </Group>
        {spend.data && (
          <Text size="sm" c="gray.7" data-spend-total>
            {t('dashboard.spend.total', { amount: formatMoney(spend.data.total, locale) })}
          </Text>
        )}
      </Group>
      <div ref={ref} style={{ minHeight: HEIGHT }}>
        {!spend.data ? (
          <Skeleton height={HEIGHT} />
        ) : (
          width > 0 && <Bars data={spend.data.months} width={width} />
        )}
      </div>
      {spend.data && (
        <>
          <Text size="xs" c="gray.7" mt="xs">
            {t('dashboard.spend.note')}
          </Text>
          <VisuallyHidden>
            <Table>
              <caption>{t('dashboard.spend.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.spend.month')}</th>
                  <th scope="col">{t('dashboard.spend.amount')}</th>
                  <th scope="col">{t('dashboard.spend.orders')}</th>
                </tr>
              </thead>
              <tbody>
                {spend.data.months.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{fullMonth.format(monthDate(month.month))}</th>
                    <td>{formatMoney(month.amount, locale)}</td>
                    <td>{month.orders}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Card>
  );
}

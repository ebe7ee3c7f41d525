import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  FileButton,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_LIMITS,
  type ImportJob,
  type ImportOutcome,
  type ImportReport,
} from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../i18n/i18n';
import { ApiError, type UploadProgress } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { LocaleLink } from '../../../shared/ui/locale-link';
import { ResponsiveTable } from '../../../shared/ui/responsive-table';
import { catalogKey, uploadImport, useImportJobs } from '../api/catalog';

const OUTCOME_COLORS: Record<ImportOutcome, string> = {
  created: 'teal.9',
  updated: 'brand.9',
  unchanged: 'gray.7',
  error: 'red.9',
};

function OutcomeBadge({ outcome }: { outcome: ImportOutcome }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  return (
    <Badge color={OUTCOME_COLORS[outcome]} variant="filled" autoContrast miw="max-content">
      {t(`staff:import.outcomes.${outcome}`)}
    </Badge>
  );
}

/** How many rows did what; a job counts no errors (those rows were left out when it started). */
function Counts({ counts }: { counts: ImportReport['counts'] | ImportJob['counts'] }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const outcomes = [
    'created',
    'updated',
    'unchanged',
    ...('error' in counts ? (['error'] as const) : []),
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: outcomes.length }} spacing="xs">
      {outcomes.map((outcome) => (
        <Card key={outcome} withBorder padding="sm" radius="sm">
          <Text size="xs" c="gray.7">
            {t(`staff:import.outcomes.${outcome}`)}
          </Text>
          <Text fw={700} size="lg" data-count={outcome}>
            {(counts as ImportReport['counts'])[outcome].toLocaleString(locale)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A running or finished import: its progress bar, then what it did. */
function JobProgress({ job }: { job: ImportJob }) {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const locale = useLocale();
  const percent = job.total ? Math.round((job.processed / job.total) * 100) : 100;
  const open = job.status === 'queued' || job.status === 'running';
  return (
    <Card withBorder radius="md" padding="lg" data-import-job={job.status}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t(`staff:import.statuses.${job.status}`, { file: job.file_name })}
          </Title>
          <Text size="sm" c="gray.7">
            {formatDateTime(job.created_at, locale)}
          </Text>
        </Group>
        <Progress
          value={percent}
          animated={open}
          color={job.status === 'failed' ? 'red.9' : undefined}
          aria-label={t('staff:import.progress', {
            processed: job.processed.toLocaleString(locale),
            total: job.total.toLocaleString(locale),
          })}
        />
        <Text size="sm" role="status">
          {t('staff:import.progress', {
            processed: job.processed.toLocaleString(locale),
            total: job.total.toLocaleString(locale),
          })}
        </Text>
        {job.error && (
          <Alert color="red" role="alert">
            {job.error}
          </Alert>
        )}
        {!open && <Counts counts={job.counts} />}
      </Stack>
    </Card>
  );
}

/**
 * Back office: products or stock from a spreadsheet. The file is checked first, every row
 * reported; the good rows are then imported in the background, its progress kept across a
 * reload.
 */
export function ImportPage() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  const queryClient = useQueryClient();
  const jobs = useImportJobs();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const latest = jobs.data?.items[0];
  const running = latest?.status === 'queued' || latest?.status === 'running';

  const failure = (error: unknown) =>
    error instanceof ApiError && !error.isServerFailure
      ? (error.details[0]?.message ?? error.message)
      : t('errors.generic');
  const check = async (chosen: File) => {
    setFile(chosen);
    setReport(null);
    setProblem(null);
    try {
      setReport(await uploadImport<ImportReport>(chosen, true, setProgress));
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setProgress(null);
    }
  };
  const start = async () => {
    if (!file) return;
    setProblem(null);
    try {
      await uploadImport<ImportJob>(file, false, setProgress);
      setReport(null);
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: catalogKey });
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setProgress(null);
    }
  };
  const importable = report ? report.counts.created + report.counts.updated : 0;

  return (
    <Stack gap="lg">
      <Anchor component={LocaleLink} to="/admin/catalog" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('staff:catalog.backToList')}
        </Group>
      </Anchor>
      <div>
        <Title order={1} size="h2" c="brand.9">
          {t('staff:import.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('staff:import.subtitle', {
            size: PRODUCT_IMPORT_LIMITS.maxBytes / 1_048_576,
            rows: PRODUCT_IMPORT_LIMITS.maxRows.toLocaleString(),
          })}
        </Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Text size="sm">{t('staff:import.columns')}</Text>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {PRODUCT_IMPORT_COLUMNS.join(', ')}
          </Code>
          <Text size="sm" c="gray.7">
            {t('staff:import.rules')}
          </Text>
          <Group>
            <FileButton
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(chosen) => {
                if (chosen) void check(chosen);
              }}
            >
              {(props) => (
                <Button
                  {...props}
                  leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
                  loading={progress !== null}
                  disabled={running}
                >
                  {t('staff:import.choose')}
                </Button>
              )}
            </FileButton>
            {file && <Text size="sm">{file.name}</Text>}
          </Group>
          {running && (
            <Text size="sm" c="gray.7">
              {t('staff:import.wait')}
            </Text>
          )}
          {progress && (
            <Progress
              value={progress.phase === 'sending' ? progress.percent : 100}
              animated={progress.phase === 'checking'}
              aria-label={t('staff:import.checking')}
            />
          )}
          {problem && (
            <Alert color="red" role="alert" title={t('staff:import.refused')}>
              {problem}
            </Alert>
          )}
        </Stack>
      </Card>

      {report && (
        <Card withBorder radius="md" padding="lg" data-import-report>
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('staff:import.reportTitle', { count: report.total })}
            </Title>
            <Counts counts={report.counts} />
            {report.rows.length > 0 && (
              <ResponsiveTable minWidth={640} striped verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('staff:import.row')}</Table.Th>
                    <Table.Th>SKU</Table.Th>
                    <Table.Th>{t('staff:import.outcome')}</Table.Th>
                    <Table.Th>{t('staff:import.errors')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.rows.map((row) => (
                    <Table.Tr key={row.row} data-report-row={row.outcome}>
                      <Table.Td>{row.row}</Table.Td>
                      <Table.Td>{row.sku || '—'}</Table.Td>
                      <Table.Td>
                        <OutcomeBadge outcome={row.outcome} />
                      </Table.Td>
                      <Table.Td>
                        {row.errors.map((error) => (
                          <Text key={error.column} size="sm">
                            <Text span fw={600} size="sm">
                              {error.column}
                            </Text>
                            : {error.message}
                          </Text>
                        ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </ResponsiveTable>
            )}
            <Group justify="flex-end">
              <Button
                onClick={() => void start()}
                disabled={importable === 0 || running}
                loading={progress !== null}
              >
                {t('staff:import.start', { count: importable })}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}

      {latest && <JobProgress job={latest} />}
    </Stack>
  );
}

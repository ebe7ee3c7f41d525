import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/date';
import { useLocale } from '../../../shared/locale/use-locale';
import { PageLoader } from '../../../shared/ui/page-loader';
import { TERMS_UPDATED_AT, loadTermsContent } from '../terms/terms-content';

/** `/pages/terms-conditions`: public, in the shell when signed in. */
export function TermsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const terms = useQuery({
    queryKey: ['pages', 'terms', locale],
    queryFn: () => loadTermsContent(locale),
    staleTime: Infinity,
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={860} mx="auto" shadow="xs">
      <Title order={1} size="h2" c="brand.9" style={{ hyphens: 'auto', overflowWrap: 'anywhere' }}>
        {t('terms.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        {t('terms.updated', { date: formatDate(TERMS_UPDATED_AT, locale) })}
      </Text>
      {terms.data ? (
        <Stack gap="lg">
          <Text>{terms.data.intro}</Text>
          {terms.data.sections.map((section) => (
            <section key={section.title}>
              <Title order={2} size="h4" mb="xs">
                {section.title}
              </Title>
              <Stack gap="xs">
                {section.paragraphs.map((paragraph) => (
                  <Text key={paragraph.slice(0, 40)} size="sm" lh={1.65}>
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            </section>
          ))}
        </Stack>
      ) : (
        <PageLoader />
      )}
    </Paper>
  );
}

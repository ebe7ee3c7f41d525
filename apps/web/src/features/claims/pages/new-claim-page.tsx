import { useEffect, useRef } from 'react';
import { Button, Group, Stack, Stepper, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../../i18n/i18n';
import { CLAIM_LIMITS, type ClaimKind } from '@portal/contract';
import type { ClaimStep } from '../claim-form';
import { BoxesStep } from '../components/boxes-step';
import { CsvPreview } from '../components/csv-preview';
import { ItemsStep } from '../components/items-step';
import { ReviewStep } from '../components/review-step';
import { SourceStep } from '../components/source-step';
import { UploadProgressBar } from '../components/upload-progress';
import { useClaimWizard } from '../use-claim-wizard';

const STEPS = ['source', 'items', 'shipping', 'review'] as const;

/** Hidden from sight, still read out: the step labels on a phone. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** 'New return' and 'New warranty claim': order or CSV file, items, shipping boxes, review. */
function NewClaimPage({ kind }: { kind: ClaimKind }) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  const wizard = useClaimWizard(kind);
  const phone = useMediaQuery('(max-width: 36em)');
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const { step } = wizard;

  // Moving between steps puts the focus on the new step's heading, for keyboards and readers.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const fromFile = wizard.source.source === 'file';
  const stepLabel = (index: number) =>
    t(`claims:steps.${index === 1 && fromFile ? 'preview' : STEPS[index]}`);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2" c="brand.9">
        {t(`claims:${kind}.newTitle`)}
      </Title>
      <nav aria-label={t('claims:steps.label')}>
        <Stepper
          active={step}
          size="sm"
          onStepClick={(index) => wizard.setStep(index as ClaimStep)}
          allowNextStepsSelect={false}
          styles={phone ? { stepBody: visuallyHidden } : undefined}
        >
          {STEPS.map((name, index) => (
            <Stepper.Step
              key={name}
              label={stepLabel(index)}
              aria-current={index === step ? 'step' : undefined}
              allowStepSelect={index < step && !wizard.busy}
            />
          ))}
        </Stepper>
      </nav>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          wizard.next();
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            {t('claims:steps.counter', {
              step: String(step + 1),
              total: String(STEPS.length),
              label: stepLabel(step),
            })}
          </Title>
          {step === 0 && <SourceStep {...wizard.source} />}
          {step === 1 && wizard.order && !fromFile && (
            <ItemsStep order={wizard.order} {...wizard.items} />
          )}
          {step === 1 && wizard.preview && fromFile && (
            <>
              <CsvPreview preview={wizard.preview} message={wizard.items.message} />
              <Textarea
                label={t('claims:comment')}
                value={wizard.items.comment}
                onChange={(event) => wizard.items.onComment(event.currentTarget.value)}
                maxLength={CLAIM_LIMITS.commentMaxLength}
                autosize
                minRows={2}
              />
            </>
          )}
          {step === 2 && <BoxesStep {...wizard.boxes} />}
          {step === 3 && (
            <>
              <ReviewStep
                request={wizard.review.request}
                preview={fromFile ? wizard.preview : null}
                titles={Object.fromEntries(
                  (wizard.order?.lines ?? []).map((line) => [line.sku, line.title]),
                )}
                boxes={wizard.boxes.boxes}
                comment={wizard.items.comment}
                error={wizard.review.submitError}
              />
              {fromFile && <UploadProgressBar progress={wizard.progress} />}
            </>
          )}
          <Group justify="space-between" mt="sm" wrap="nowrap">
            {step > 0 ? (
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={16} aria-hidden />}
                onClick={() => wizard.setStep((step - 1) as ClaimStep)}
                disabled={wizard.busy}
              >
                {t('claims:back')}
              </Button>
            ) : (
              <span />
            )}
            <Button
              type="submit"
              loading={wizard.busy}
              rightSection={
                step === 3 ? (
                  <IconSend size={16} aria-hidden />
                ) : (
                  <IconArrowRight size={16} aria-hidden />
                )
              }
            >
              {step === 3
                ? t(`claims:${kind}.submit`)
                : step === 0 && fromFile
                  ? t('claims:csv.check')
                  : t('claims:next')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

export const NewReturnPage = () => <NewClaimPage kind="return" />;
export const NewWarrantyClaimPage = () => <NewClaimPage kind="warranty" />;

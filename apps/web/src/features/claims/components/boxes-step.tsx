import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CLAIM_NAMESPACES } from '../../../i18n/i18n';
import { CLAIM_LIMITS } from '@portal/contract';
import type { BoxDraft } from '../claim-form';

export type BoxMessages = Record<string, Partial<Record<keyof BoxDraft, string>>>;

interface BoxesStepProps {
  boxes: BoxDraft[];
  onAdd: () => void;
  onChange: (key: string, change: Partial<BoxDraft>) => void;
  onRemove: (key: string) => void;
  errors: BoxMessages;
  message: string | null;
}

/** Step 3: how the goods travel back: one line per tracking code, at least one. */
export function BoxesStep({ boxes, onAdd, onChange, onRemove, errors, message }: BoxesStepProps) {
  const { t } = useTranslation(CLAIM_NAMESPACES);
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t('claims:boxes.hint')}
      </Text>
      {message && (
        <Alert color="red" variant="light" role="alert" styles={{ message: { color: '#a61e1e' } }}>
          {message}
        </Alert>
      )}
      {boxes.map((box, index) => {
        const fieldErrors = errors[box.key] ?? {};
        const legend = t('claims:boxes.box', { number: String(index + 1) });
        return (
          <Fieldset key={box.key} legend={legend} radius="md" data-claim-box>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={t('claims:boxes.carrier')}
                value={box.carrier}
                onChange={(event) => onChange(box.key, { carrier: event.currentTarget.value })}
                error={fieldErrors.carrier}
                maxLength={100}
                required
                w={{ base: '100%', sm: 200 }}
              />
              <TextInput
                label={t('claims:boxes.trackingCode')}
                value={box.tracking_code}
                onChange={(event) =>
                  onChange(box.key, { tracking_code: event.currentTarget.value })
                }
                error={fieldErrors.tracking_code}
                maxLength={100}
                required
                w={{ base: '100%', sm: 220 }}
              />
              <NumberInput
                label={t('claims:boxes.numberOfBoxes')}
                value={box.number_of_boxes}
                onChange={(value) =>
                  onChange(box.key, { number_of_boxes: typeof value === 'number' ? value : '' })
                }
                min={1}
                max={CLAIM_LIMITS.maxBoxesPerLine}
                allowDecimal={false}
                allowNegative={false}
                error={fieldErrors.number_of_boxes}
                required
                w={{ base: '100%', sm: 150 }}
              />
              <ActionIcon
                variant="default"
                c="red.9"
                size="lg"
                mt={{ base: 0, sm: 26 }}
                aria-label={t('claims:boxes.remove', { number: String(index + 1) })}
                onClick={() => onRemove(box.key)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Fieldset>
        );
      })}
      <div>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={onAdd}
          disabled={boxes.length >= CLAIM_LIMITS.maxBoxes}
        >
          {t('claims:boxes.add')}
        </Button>
      </div>
    </Stack>
  );
}

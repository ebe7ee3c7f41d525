import { NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { claimSettingsSchema } from '@portal/contract';
import { STAFF_NAMESPACES } from '../../../../i18n/i18n';
import { SettingForm } from './setting-form';

/** How long after delivery buyers may return goods. */
export function ClaimSettingsForm() {
  const { t } = useTranslation(STAFF_NAMESPACES);
  return (
    <SettingForm code="claim_settings" schema={claimSettingsSchema}>
      {(form) => (
        <NumberInput
          label={t('staff:settings.claims.returnWindowDays')}
          description={t('staff:settings.claims.returnWindowHelp')}
          min={1}
          max={365}
          allowDecimal={false}
          maw={320}
          {...form.getInputProps('return_window_days')}
        />
      )}
    </SettingForm>
  );
}

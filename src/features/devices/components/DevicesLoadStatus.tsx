import { useTranslation } from 'react-i18next';
import { devicesRequested, selectDevicesStatus } from '../../../store/entities/devicesSlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { LoadingScreen } from '../../../ui/layout/LoadingScreen';

/**
 * What a devices screen shows before the member's devices first arrive (they load after login): a
 * loading status, or the failure with a retry (devicesRequested).
 */
export function DevicesLoadStatus() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectDevicesStatus);
  if (status !== 'failed') return <LoadingScreen label={t('Common.Loading')} />;
  return (
    <FormMessage
      tone="error"
      actions={
        <button type="button" className="ll-button" onClick={() => dispatch(devicesRequested())}>
          {t('Devices.Errors.Retry')}
        </button>
      }
    >
      {t('Devices.Errors.LoadFailed')}
    </FormMessage>
  );
}

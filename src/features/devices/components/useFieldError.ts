import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { KeyedFieldError } from '../../../ui/forms/zodFormResolver';

/**
 * Translates a form field's error (a `Validations.*` key with its params, app §5 "Messages are shown
 * from translation keys"), or undefined when the field has none.
 */
export function useFieldError(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return (error) => {
    if (!error?.message) return undefined;
    const params = (error as Partial<KeyedFieldError>).params;
    return t(error.message, params ?? {});
  };
}

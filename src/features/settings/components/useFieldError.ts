import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { KeyedFieldError } from '../../../ui/forms/zodFormResolver';

/**
 * Translates a form field's error (a `Validations.*` key with its params), or undefined. Takes any
 * react-hook-form error with a `message`, array fields' included.
 */
export function useFieldError(): (
  error: Pick<FieldError, 'message'> | undefined,
) => string | undefined {
  const { t } = useTranslation();
  return (error) => {
    if (!error?.message) return undefined;
    const params = (error as Partial<KeyedFieldError>).params;
    return t(error.message, params ?? {});
  };
}

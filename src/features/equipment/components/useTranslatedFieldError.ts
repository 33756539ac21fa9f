import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { KeyedFieldError } from '../../../ui/forms/zodFormResolver';

/** Translates a form field's error (a Validations.* key with its params, e.g. `{ max }`), or undefined. */
export function useTranslatedFieldError(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return (error) => {
    if (!error?.message) return undefined;
    const params = (error as Partial<KeyedFieldError>).params;
    return t(error.message, params ?? {});
  };
}

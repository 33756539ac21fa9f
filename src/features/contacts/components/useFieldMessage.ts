import { useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';
import type { KeyedFieldError } from '../../../ui/forms/zodFormResolver';

/**
 * Translates a form field's error (a `Validations.*` or `Contacts.*` key with its interpolation
 * params, as the contract's rules emit them), or undefined when the field has none.
 */
export function useFieldMessage(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return (error) => {
    if (!error?.message) return undefined;
    const params = (error as Partial<KeyedFieldError>).params;
    return t(error.message, params ?? {});
  };
}

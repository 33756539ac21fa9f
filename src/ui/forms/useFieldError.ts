import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { KeyedFieldError } from './zodFieldErrors';

/**
 * Translates a form field's error: the translation key `parseForm` (zodFieldErrors.ts; or `zodFormResolver`)
 * put in `message` (`Validations.*`, `Contacts.*`, … — app §5 "Messages are shown from translation
 * keys") with its interpolation `params` (e.g. `{ max }`); undefined when the field has none. Takes
 * any error with a `message`: react-hook-form's, array fields' included, and parseForm's.
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

import { useTranslation } from 'react-i18next';
import { FormMessage } from '../forms/FormMessage';

/** What failed, under a failure's message: a translation key, or a service's own text. */
export type FailureDetail = { readonly detailKey: string } | { readonly detail: string };

export interface FailureMessageProps {
  /** The failure, translated; announced as an alert. */
  readonly message: string;
  /** Shown under it when given (spec §8 "… Error, each with detail"). */
  readonly detail?: FailureDetail | null | undefined;
}

/** A failure message with its detail under it (a translated reason, or "Detail: <service text>"). */
export function FailureMessage({ message, detail }: FailureMessageProps) {
  const { t } = useTranslation();
  return (
    <FormMessage tone="error">
      {message}
      {detail ? (
        <small className="ll-failure-detail">
          {'detailKey' in detail
            ? t(detail.detailKey)
            : t('Common.ErrorDetail', { detail: detail.detail })}
        </small>
      ) : null}
    </FormMessage>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { FormMessage } from '../../ui/forms/FormMessage';
import { TextField } from '../../ui/forms/TextField';
import { devOutboxRequested, selectDevOutbox } from './devOutboxSlice';

/**
 * /dev/outbox: the e-mail and SMS the embedded server "sent" (codes included), newest first, so a
 * developer or an end-to-end test can finish sign-up without a mail server. The server answers only in
 * its embedded mode; in production the page reports that the outbox is unavailable.
 */
export function DevOutboxPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const outbox = useAppSelector(selectDevOutbox);
  const [to, setTo] = useState(params.get('to') ?? '');
  const query = params.get('to') ?? '';

  useEffect(() => {
    dispatch(devOutboxRequested({ to: query }));
  }, [dispatch, query]);

  return (
    <section aria-labelledby="outbox-title">
      <h1 id="outbox-title">{t('DevOutbox.Title')}</h1>
      <p className="ll-muted">{t('DevOutbox.Intro')}</p>
      <form
        className="ll-form"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(to.trim() ? { to: to.trim() } : {});
          dispatch(devOutboxRequested({ to: to.trim() }));
        }}
      >
        <TextField
          label={t('DevOutbox.Recipient')}
          value={to}
          onChange={(event) => {
            setTo(event.target.value);
          }}
        />
        <button type="submit" className="ll-button">
          {t('DevOutbox.Show')}
        </button>
      </form>
      {outbox.status === 'failed' ? (
        <FormMessage tone="error">{t('DevOutbox.Unavailable')}</FormMessage>
      ) : null}
      {outbox.status === 'loaded' && outbox.messages.length === 0 ? (
        <p>{t('DevOutbox.Empty')}</p>
      ) : null}
      <ol className="ll-outbox">
        {outbox.messages.map((message) => (
          <li
            key={`${message.SentTimestamp}-${message.To}-${message.Subject}`}
            className="ll-message"
          >
            <div>
              <strong>{message.Subject}</strong> · {message.Channel} · {message.To} ·{' '}
              <time dateTime={new Date(message.SentTimestamp).toISOString()}>
                {new Date(message.SentTimestamp).toISOString()}
              </time>
            </div>
            {message.Code ? (
              <div>
                {t('DevOutbox.Code')}: <code data-testid="outbox-code">{message.Code}</code>
              </div>
            ) : null}
            <pre className="ll-outbox-body">{message.Body}</pre>
          </li>
        ))}
      </ol>
    </section>
  );
}

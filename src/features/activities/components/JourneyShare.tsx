import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VanityCode } from '../../../api/calls/common';
import {
  journeyShareRequested,
  journeyShareUrl,
  selectJourneyShare,
  type JourneySpan,
} from '../../../store/activities/journeySlice';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';

/**
 * Share Journey (policy §2 "Journey with day picker and Share Journey"; spec §7 share-journey; issue 7
 * item 4): an optional custom short name (`VanityStub`, checked by the contract's rule), a button that
 * asks the store to share the journey `span`, and the resulting link — the short link when the server
 * made one, else the full share link — with a copy button. Failures come as a notice (the store).
 */
export function JourneyShare({ span }: { span: JourneySpan }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const share = useAppSelector(selectJourneyShare);
  const [vanity, setVanity] = useState('');
  const [copied, setCopied] = useState(false);
  const vanityValid = vanity === '' || VanityCode.safeParse(vanity).success;
  const link = share.link ? journeyShareUrl(share.link) : null;

  return (
    <section className="ll-journey-share" aria-labelledby="journey-share-title">
      <h2 id="journey-share-title">{t('Journey.Share.Title')}</h2>
      <p className="ll-muted">{t('Journey.Share.Explain')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!vanityValid) return;
          setCopied(false);
          dispatch(journeyShareRequested(vanity === '' ? span : { ...span, VanityStub: vanity }));
        }}
      >
        <label>
          {t('Journey.Share.Vanity')}
          <input
            value={vanity}
            maxLength={30}
            aria-invalid={!vanityValid}
            onChange={(e) => {
              setVanity(e.target.value.trim());
            }}
          />
        </label>
        {vanityValid ? null : <p role="alert">{t('Journey.Share.VanityInvalid')}</p>}
        <button
          type="submit"
          className="ll-button ll-button-primary"
          disabled={share.status === 'creating'}
        >
          {share.status === 'creating' ? t('Journey.Share.Creating') : t('Journey.Share.Create')}
        </button>
      </form>
      {link ? (
        <div role="status" className="ll-journey-share-link">
          <input
            readOnly
            aria-label={t('Journey.Share.Link')}
            value={link}
            onFocus={(e) => {
              e.target.select();
            }}
          />
          <button
            type="button"
            className="ll-button"
            onClick={() => {
              // Undefined outside secure contexts; the link stays selectable in the field above.
              const clipboard = navigator.clipboard as Clipboard | undefined;
              void clipboard?.writeText(link).then(
                () => {
                  setCopied(true);
                },
                () => undefined,
              );
            }}
          >
            {t('Journey.Share.Copy')}
          </button>
          {copied ? <span>{t('Journey.Share.Copied')}</span> : null}
        </div>
      ) : null}
    </section>
  );
}

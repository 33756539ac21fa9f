import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberShare } from '../../../api/calls/memberIntegrationShares';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  memberShareCreatedSeen,
  memberShareCreateRequested,
  memberShareRevokeRequested,
  memberSharesRequested,
  selectMemberShares,
  sharesOfActivity,
} from '../../../store/shares/memberSharesSlice';
import type { Formatter } from '../../../ui/format';
import { useServerClockOffset } from '../../../ui/time/serverClock';
import { useNow } from '../../../ui/time/useNow';
import { RetryMessage } from '../../../ui/feedback/RetryMessage';

/** Share lifetimes offered, ms; null is the server's default (7 days, docs/shares.md). */
const LIFETIMES: readonly { key: string; ms: number | null }[] = [
  { key: 'OneHour', ms: 3_600_000 },
  { key: 'OneDay', ms: 86_400_000 },
  { key: 'SevenDays', ms: null },
  { key: 'ThirtyDays', ms: 30 * 86_400_000 },
];

/** Where a share stands now: it opens, it ran out, or the member revoked it. */
function shareState(share: MemberShare, nowMs: number): 'Active' | 'Expired' | 'Revoked' {
  if (share.RevokedTimestamp !== null) return 'Revoked';
  return share.ExpiryTimestamp <= nowMs ? 'Expired' : 'Active';
}

/** Copies `url` to the clipboard (undefined outside secure contexts: the link stays selectable). */
function CopyLinkButton({ url, label }: { readonly url: string; readonly label: string }) {
  return (
    <button
      type="button"
      className="ll-button"
      onClick={() => {
        const clipboard = navigator.clipboard as Clipboard | undefined;
        void clipboard?.writeText(url).catch(() => undefined);
      }}
    >
      {label}
    </button>
  );
}

/**
 * The activity's share links (issue 8 item 1 "Members create and revoke shares of a live activity";
 * docs/shares.md): create one for a chosen time (optionally needing a one-time code, whose secret
 * shows once), copy its link, and revoke any after a confirmation — a revoked link stops opening and
 * its viewers are disconnected within a second. Each link shows when it was made, so several (one
 * per guardian) can be told apart.
 */
export function ActivityShares({ activityId, format }: { activityId: number; format: Formatter }) {
  const { t } = useTranslation();
  // Expiries are on the server's clock.
  const nowMs = useNow(60_000) + useServerClockOffset();
  const dispatch = useAppDispatch();
  const { shares, status, created, creating, revoking } = useAppSelector(selectMemberShares);
  const [lifetime, setLifetime] = useState('SevenDays');
  const [withTotp, setWithTotp] = useState(false);
  // The share whose revoke waits for the member's confirmation.
  const [confirming, setConfirming] = useState<string | null>(null);
  useEffect(() => {
    dispatch(memberSharesRequested());
  }, [dispatch]);
  const own = sharesOfActivity(shares, activityId);
  const createdHere = created?.ActivityId === activityId ? created : null;

  return (
    <section className="ll-activity-shares" aria-label={t('Activities.Shares.Title')}>
      <p className="ll-muted">{t('Activities.Shares.Explain')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const ms = LIFETIMES.find((option) => option.key === lifetime)?.ms ?? null;
          dispatch(
            memberShareCreateRequested({
              ActivityId: activityId,
              ExpiryTimestamp: ms === null ? null : nowMs + ms,
              WithTotp: withTotp,
            }),
          );
        }}
      >
        <label>
          {t('Activities.Shares.Lifetime')}
          <select
            value={lifetime}
            onChange={(e) => {
              setLifetime(e.target.value);
            }}
          >
            {LIFETIMES.map((option) => (
              <option key={option.key} value={option.key}>
                {t(`Activities.Shares.Lifetimes.${option.key}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={withTotp}
            onChange={(e) => {
              setWithTotp(e.target.checked);
            }}
          />
          {t('Activities.Shares.WithTotp')}
        </label>
        <button type="submit" className="ll-button" disabled={creating}>
          {t('Activities.Shares.Create')}
        </button>
      </form>
      {createdHere ? (
        <div role="status" className="ll-share-created">
          <p>
            {t('Activities.Shares.Created', {
              expiry: format.dateTime(createdHere.ExpiryTimestamp),
            })}
          </p>
          <input
            readOnly
            aria-label={t('Activities.Shares.Link')}
            value={createdHere.ShareUrl}
            onFocus={(e) => {
              e.target.select();
            }}
          />
          <CopyLinkButton url={createdHere.ShareUrl} label={t('Activities.Shares.Copy')} />
          {createdHere.TotpSecret ? (
            <p>{t('Activities.Shares.TotpSecret', { secret: createdHere.TotpSecret })}</p>
          ) : null}
          <button
            type="button"
            className="ll-button"
            onClick={() => dispatch(memberShareCreatedSeen())}
          >
            {t('Activities.Shares.Done')}
          </button>
        </div>
      ) : null}
      {status === 'failed' ? (
        <RetryMessage
          message={t('Activities.Shares.LoadFailed')}
          retryLabel={t('Activities.Retry')}
          onRetry={() => dispatch(memberSharesRequested())}
        />
      ) : null}
      {own.length > 0 ? (
        <ul className="ll-share-list" aria-label={t('Activities.Shares.ListLabel')}>
          {own.map((share) => {
            const state = shareState(share, nowMs);
            return (
              <li key={share.ShareId}>
                <span>
                  {t('Activities.Shares.CreatedAt', {
                    created: format.dateTime(share.CreatedTimestamp),
                  })}{' '}
                  · {t(`Activities.Shares.State.${state}`)} ·{' '}
                  {t('Activities.Shares.Until', { expiry: format.dateTime(share.ExpiryTimestamp) })}
                  {share.HasTotp ? ` · ${t('Activities.Shares.NeedsCode')}` : ''}
                </span>
                {state === 'Active' && share.ShareUrl ? (
                  <CopyLinkButton url={share.ShareUrl} label={t('Activities.Shares.Copy')} />
                ) : null}
                {state !== 'Active' ? null : confirming === share.ShareId ? (
                  // A revoke cannot be undone and cuts its viewers off at once: asked first.
                  <span role="group" aria-label={t('Activities.Shares.ConfirmRevoke')}>
                    {t('Activities.Shares.ConfirmRevoke')}{' '}
                    <button
                      type="button"
                      className="ll-button ll-button-primary"
                      disabled={revoking.includes(share.ShareId)}
                      onClick={() => {
                        setConfirming(null);
                        dispatch(memberShareRevokeRequested({ ShareId: share.ShareId }));
                      }}
                    >
                      {t('Activities.Shares.RevokeForGood')}
                    </button>
                    <button
                      type="button"
                      className="ll-button"
                      onClick={() => {
                        setConfirming(null);
                      }}
                    >
                      {t('Activities.Shares.KeepLink')}
                    </button>
                  </span>
                ) : (
                  <button
                    type="button"
                    className="ll-button"
                    disabled={revoking.includes(share.ShareId)}
                    onClick={() => {
                      setConfirming(share.ShareId);
                    }}
                  >
                    {t('Activities.Shares.Revoke')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : status === 'loaded' ? (
        <p className="ll-muted">{t('Activities.Shares.None')}</p>
      ) : null}
    </section>
  );
}

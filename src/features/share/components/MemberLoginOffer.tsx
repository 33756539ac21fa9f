import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../../store/hooks';
import { selectSessionStatus } from '../../../store/session/sessionSlice';

/** Props of {@link MemberLoginOffer}. */
export interface MemberLoginOfferProps {
  /** The shared activity: after logging in, the member lands on its detail page. */
  readonly activityId: number;
}

/**
 * The offer to log in for more detail on the activity (spec policy §1: "A non-logged-in viewer is
 * offered a login for more detail on an activity"; docs/share-viewing.md "Login offer"): a line at
 * the foot of the share view, shown only to a viewer who is signed out. The link goes to the login
 * page with `returnTo` the activity's member page, so the wearer lands on the full activity (splits,
 * charts, timeline, edits); anyone else logging in finds that the activity is not theirs, as the
 * member routes check ownership.
 */
export const MemberLoginOffer = memo(function MemberLoginOffer({
  activityId,
}: MemberLoginOfferProps) {
  const { t } = useTranslation();
  const status = useAppSelector(selectSessionStatus);
  if (status !== 'signedOut') return null;
  const returnTo = `/member/activity/${String(activityId)}`;
  return (
    <p className="ll-muted">
      {t('Share.MemberLogin.Question')}{' '}
      <Link to={`/auth/login?returnTo=${encodeURIComponent(returnTo)}`}>
        {t('Share.MemberLogin.Link')}
      </Link>
    </p>
  );
});

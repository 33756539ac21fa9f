import { useAppSelector } from '../../store/hooks';
import { selectEffectiveUnits } from '../../store/units/effectiveUnits';
import { useFormatter } from '../../ui/format';

/**
 * The share view's formatter: the viewer's units (app §1 "choice of … units"; issue 7 item 6), i.e.
 * the spec's defaults (app §3 "Units defaults") — or a signed-in member's client's — with the units
 * this browser chose in the header on top (src/store/units/effectiveUnits.ts). The wearer's client's
 * units are not loaded for a share (docs/decisions.md "Units preference").
 */
export function useShareFormat() {
  return useFormatter(useAppSelector(selectEffectiveUnits));
}

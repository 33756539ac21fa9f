import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Equipment } from '../../../api/entities/equipment';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { FormMessage } from '../../../ui/forms/FormMessage';
import { SubmitButton } from '../../../ui/forms/SubmitButton';
import { equipmentInUseSaveRequested, selectEquipmentUi } from '../equipmentUiSlice';
import { inUseSaveRequest, setInUse, type AutoNotInUse } from '../inUseDraft';
import { InUseChecklist } from './InUseChecklist';
import { useActivityTypeOrder } from './useActivityTypeOrder';

interface Draft {
  /** The store's list the draft started from; a new list (after a save) restarts the draft. */
  readonly base: readonly Equipment[];
  readonly draft: readonly Equipment[];
  readonly autoNotInUse: readonly AutoNotInUse[];
}

const fresh = (base: readonly Equipment[]): Draft => ({ base, draft: base, autoNotInUse: [] });

/**
 * The Quick Update tab (policy §2): the in-use flags of every item, per activity type, changed in a
 * draft that applies the in-use rule as the member ticks (policy §4), then saved at once with POST
 * equipments (app §7).
 */
export function QuickUpdateTab({ equipment }: { readonly equipment: readonly Equipment[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const ui = useAppSelector(selectEquipmentUi);
  const { order, nameOf } = useActivityTypeOrder();
  const [state, setState] = useState(() => fresh(equipment));
  const [submitted, setSubmitted] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  if (state.base !== equipment) setState(fresh(equipment));

  const types = order(new Set(state.draft.flatMap((item) => item.Activities)));
  if (types.length === 0) return <p className="ll-muted">{t('Equipment.List.NoLinkedTypes')}</p>;
  const busy = ui.save === 'pending';
  return (
    <form
      className="ll-form ll-equipment-quick"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const request = inUseSaveRequest(equipment, state.draft);
        setUnchanged(request.length === 0);
        if (request.length === 0) return;
        setSubmitted(true);
        dispatch(equipmentInUseSaveRequested(request));
      }}
    >
      <p>{t('Equipment.QuickUpdate.Intro')}</p>
      {types.map((type) => (
        <fieldset key={type} className="ll-equipment-fieldset">
          <legend>{nameOf(type)}</legend>
          <InUseChecklist
            activityType={type}
            activityName={nameOf(type)}
            equipment={state.draft}
            autoNotInUse={state.autoNotInUse}
            disabled={busy}
            onToggle={(id, inUse) => {
              const change = setInUse(state.draft, id, type, inUse);
              setUnchanged(false);
              // "Saved" speaks of the last save, not of a change made after it.
              setSubmitted(false);
              setState({
                base: state.base,
                draft: change.draft,
                autoNotInUse: [
                  ...state.autoNotInUse.filter((a) => !(a.id === id && a.activityType === type)),
                  ...change.autoNotInUse,
                ],
              });
            }}
          />
        </fieldset>
      ))}
      {unchanged ? (
        <FormMessage tone="info">{t('Equipment.QuickUpdate.NoChanges')}</FormMessage>
      ) : null}
      {submitted && ui.save === 'done' ? (
        <FormMessage tone="success">{t('Equipment.QuickUpdate.Saved')}</FormMessage>
      ) : null}
      {ui.save === 'failed' && ui.errorKey ? (
        <FormMessage tone="error">{t(ui.errorKey)}</FormMessage>
      ) : null}
      <SubmitButton busy={busy}>{t('Equipment.QuickUpdate.Save')}</SubmitButton>
    </form>
  );
}

import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { EquipmentInput } from '../../api/entities/equipmentInput';
import { combinedReducer } from '../../store/rootReducer';

/** Where a save or a delete stands. */
export type EquipmentProgress = 'idle' | 'pending' | 'done' | 'failed';

/**
 * The equipment screens' own state (the items themselves live in src/store/entities/equipmentSlice):
 * the progress of the last save (editor, Quick Update or an in-use toggle) and of the last delete,
 * and the translation key of the last failure.
 */
export interface EquipmentUiState {
  readonly save: EquipmentProgress;
  readonly remove: EquipmentProgress;
  readonly errorKey: string | null;
}

const initialState: EquipmentUiState = { save: 'idle', remove: 'idle', errorKey: null };

export const equipmentUiSlice = createSlice({
  name: 'equipmentUi',
  initialState,
  reducers: {
    /** A screen opened: forget the previous screen's progress and errors. */
    equipmentScreenOpened: () => initialState,
    /** Save one item from the editor (app §7 POST equipment); a new item has no id. */
    equipmentItemSaveRequested: (state, _action: PayloadAction<EquipmentInput>) => {
      state.save = 'pending';
      state.errorKey = null;
    },
    /** Save in-use flags of several items (app §7 POST equipments: Quick Update, in-use toggles). */
    equipmentInUseSaveRequested: (state, _action: PayloadAction<EquipmentInput[]>) => {
      state.save = 'pending';
      state.errorKey = null;
    },
    equipmentSaved: (state) => {
      state.save = 'done';
    },
    /** `payload`: translation key of the failure. */
    equipmentSaveFailed: (state, action: PayloadAction<string>) => {
      state.save = 'failed';
      state.errorKey = action.payload;
    },
    /** Delete one item (app §7 POST equipment-delete). */
    equipmentDeleteRequested: (state, _action: PayloadAction<{ EquipmentId: number }>) => {
      state.remove = 'pending';
      state.errorKey = null;
    },
    equipmentDeleted: (state) => {
      state.remove = 'done';
    },
    /** `payload`: translation key of the failure (app §8 "Equipment delete: Success false"). */
    equipmentDeleteFailed: (state, action: PayloadAction<string>) => {
      state.remove = 'failed';
      state.errorKey = action.payload;
    },
  },
  selectors: { selectEquipmentUi: (state) => state },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof equipmentUiSlice> {}
}

const injected = equipmentUiSlice.injectInto(combinedReducer);

export const {
  equipmentScreenOpened,
  equipmentItemSaveRequested,
  equipmentInUseSaveRequested,
  equipmentSaved,
  equipmentSaveFailed,
  equipmentDeleteRequested,
  equipmentDeleted,
  equipmentDeleteFailed,
} = equipmentUiSlice.actions;
export const { selectEquipmentUi } = injected.selectors;

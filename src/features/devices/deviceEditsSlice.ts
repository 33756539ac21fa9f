import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { combinedReducer } from '../../store/rootReducer';

/** A change to one device of the list: its nickname (save-device) or its removal (remove-device). */
export type DeviceEditOperation = 'save' | 'remove';

/**
 * The devices list's one change at a time (app §7 save-device, remove-device): which device, which
 * operation, its progress and the translation key of its failure. Other devices' actions wait while
 * one is pending (the epics drop overlapping submits).
 */
export interface DeviceEditsState {
  readonly deviceId: number | null;
  readonly operation: DeviceEditOperation | null;
  readonly status: 'idle' | 'pending' | 'done' | 'failed';
  readonly errorKey: string | null;
}

const initialState: DeviceEditsState = {
  deviceId: null,
  operation: null,
  status: 'idle',
  errorKey: null,
};

export const deviceEditsSlice = createSlice({
  name: 'deviceEdits',
  initialState,
  reducers: {
    /** Save `nickname` (already valid under app §5 "Device nickname") on device `DeviceID`. */
    deviceNicknameSaveRequested: (
      state,
      action: PayloadAction<{ DeviceID: number; nickname: string }>,
    ) => {
      if (state.status === 'pending') return;
      state.deviceId = action.payload.DeviceID;
      state.operation = 'save';
      state.status = 'pending';
      state.errorKey = null;
    },
    deviceNicknameSaved: (state, _action: PayloadAction<{ DeviceID: number }>) => {
      state.status = 'done';
    },
    /** Remove the device from the account (policy §4: released for another user; no transfer). */
    deviceRemovalRequested: (state, action: PayloadAction<{ DeviceID: number }>) => {
      if (state.status === 'pending') return;
      state.deviceId = action.payload.DeviceID;
      state.operation = 'remove';
      state.status = 'pending';
      state.errorKey = null;
    },
    deviceRemoved: (state, _action: PayloadAction<{ DeviceID: number }>) => {
      state.status = 'done';
    },
    deviceEditFailed: (state, action: PayloadAction<{ errorKey: string }>) => {
      state.status = 'failed';
      state.errorKey = action.payload.errorKey;
    },
    /** The user closed the edit or the confirmation: forget the last outcome. */
    deviceEditReset: () => initialState,
  },
  selectors: { selectDeviceEdits: (state) => state },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof deviceEditsSlice> {}
}

const injected = deviceEditsSlice.injectInto(combinedReducer);

export const {
  deviceNicknameSaveRequested,
  deviceNicknameSaved,
  deviceRemovalRequested,
  deviceRemoved,
  deviceEditFailed,
  deviceEditReset,
} = deviceEditsSlice.actions;
export const { selectDeviceEdits } = injected.selectors;

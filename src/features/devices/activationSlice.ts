import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { CallRequest } from '../../api/call';
import type { activateDevice } from '../../api/calls/memberIntegrationDevices';
import { combinedReducer } from '../../store/rootReducer';
import type { ActivationField } from './deviceForms';
import type { PendingActivation } from './pendingActivation';

/** The activate-device request (app §7): Code, DeviceNickname, DeviceType, Imei. */
export type ActivationRequest = CallRequest<typeof activateDevice>;

/** A translation key with its interpolation values. */
export interface TranslatedMessage {
  readonly key: string;
  readonly params?: Readonly<Record<string, string | number>>;
}

/**
 * Why an activation failed: the form-level message (a `Devices.ActivationErrors.*`, `Devices.Errors.*`
 * or `Validations.*` key) and, for a 400, the field the server rejected with its `Validations.*` key.
 */
export interface ActivationFailure {
  readonly message: TranslatedMessage;
  readonly fieldErrors: Partial<Record<ActivationField, TranslatedMessage>>;
}

/**
 * Device activation (app §7 activate-device; policy §8 "Device activation"): the submit's progress and
 * failure, and the activation a QR code left pending (policy §1), as restored from this browser.
 */
export interface DeviceActivationState {
  readonly status: 'idle' | 'pending' | 'succeeded' | 'failed';
  readonly failure: ActivationFailure | null;
  /** The QR activation waiting for an account, once read back from storage. */
  readonly pending: PendingActivation | null;
  /** Whether `pending` was read back (false until the first `pendingActivationRequested`). */
  readonly pendingRestored: boolean;
}

const initialState: DeviceActivationState = {
  status: 'idle',
  failure: null,
  pending: null,
  pendingRestored: false,
};

export const deviceActivationSlice = createSlice({
  name: 'deviceActivation',
  initialState,
  reducers: {
    /**
     * Activate a device (the epic sends activate-device once; repeats while pending are ignored).
     * Carries the activation code, so the action log redacts it (`meta.sensitive`, as sign-in does).
     */
    deviceActivationRequested: {
      reducer: (state, _action: PayloadAction<ActivationRequest>) => {
        state.status = 'pending';
        state.failure = null;
      },
      prepare: (payload: ActivationRequest) => ({ payload, meta: { sensitive: true } }),
    },
    deviceActivated: (
      state,
      _action: PayloadAction<{ DeviceID: number; AtlasDeviceID: string }>,
    ) => {
      state.status = 'succeeded';
    },
    deviceActivationFailed: (state, action: PayloadAction<ActivationFailure>) => {
      state.status = 'failed';
      state.failure = action.payload;
    },
    /** A form opened: forget an earlier submit's outcome. */
    deviceActivationReset: (state) => {
      state.status = 'idle';
      state.failure = null;
    },
    /** A QR code named a device to activate once the user has an account (stored by an epic). */
    pendingActivationRemembered: {
      reducer: (state, action: PayloadAction<PendingActivation>) => {
        state.pending = action.payload;
        state.pendingRestored = true;
      },
      prepare: (payload: PendingActivation) => ({ payload, meta: { sensitive: true } }),
    },
    /** Read the pending activation back from storage. */
    pendingActivationRequested: (state) => state,
    pendingActivationRestored: {
      reducer: (state, action: PayloadAction<PendingActivation | null>) => {
        state.pending = action.payload;
        state.pendingRestored = true;
      },
      prepare: (payload: PendingActivation | null) => ({ payload, meta: { sensitive: true } }),
    },
    /** The pending activation is done with (activated): removed from storage by an epic. */
    pendingActivationCleared: (state) => {
      state.pending = null;
    },
  },
  selectors: { selectDeviceActivation: (state) => state },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof deviceActivationSlice> {}
}

const injected = deviceActivationSlice.injectInto(combinedReducer);

export const {
  deviceActivationRequested,
  deviceActivated,
  deviceActivationFailed,
  deviceActivationReset,
  pendingActivationRemembered,
  pendingActivationRequested,
  pendingActivationRestored,
  pendingActivationCleared,
} = deviceActivationSlice.actions;
export const { selectDeviceActivation } = injected.selectors;

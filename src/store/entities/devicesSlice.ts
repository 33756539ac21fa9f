import { createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import type { Device } from '../../api/entities/device';
import { loadableEntities } from './loadableEntities';
import { loadFailed, loadRequested, type Loadable, type LoadStatus } from './loadStatus';

/** The member's devices (spec §3 "Device"), normalized by DeviceID. */
export interface DevicesState extends EntityState<Device, number>, Loadable {}

const list = loadableEntities((device: Device) => device.DeviceID);
const { adapter } = list;
const initialState: DevicesState = list.initialState;

export const devicesSlice = createSlice({
  name: 'devices',
  initialState,
  reducers: {
    /** Load (or reload) the devices from GET devices. */
    devicesRequested: loadRequested,
    /** The server's whole list (a load, or the `MemberDevices` of remove-device). */
    devicesReceived: list.received,
    devicesLoadFailed: loadFailed,
    /** One device as the server answered it (save-device). */
    deviceReceived: (state, action: PayloadAction<Device>) => {
      adapter.setOne(state, action.payload);
    },
  },
  extraReducers: list.extraReducers,
});

export const { devicesRequested, devicesReceived, devicesLoadFailed, deviceReceived } =
  devicesSlice.actions;

const selectors = adapter.getSelectors((state: { devices: DevicesState }) => state.devices);
/** Every device of the member. */
export const selectAllDevices = selectors.selectAll;
/** One device by DeviceID. */
export const selectDeviceById = selectors.selectById;
/** The load status of the devices. */
export const selectDevicesStatus = (state: { devices: DevicesState }): LoadStatus =>
  state.devices.status;
/** Whether the devices were received at least once. */
export const selectDevicesReceived = (state: { devices: DevicesState }): boolean =>
  state.devices.received;

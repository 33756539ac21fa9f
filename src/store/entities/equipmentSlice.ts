import {
  createSelector,
  createSlice,
  type EntityState,
  type PayloadAction,
} from '@reduxjs/toolkit';
import type { ActivityType } from '../../api/enums';
import type { Equipment } from '../../api/entities/equipment';
import { loadableEntities } from './loadableEntities';
import { loadFailed, loadRequested, type Loadable, type LoadStatus } from './loadStatus';

/** The wearer's equipment (spec §3 "Equipment"), normalized by WearerEquipmentID. */
export interface EquipmentState extends EntityState<Equipment, number>, Loadable {}

const list = loadableEntities((item: Equipment) => item.WearerEquipmentID);
const { adapter } = list;
const initialState: EquipmentState = list.initialState;

export const equipmentSlice = createSlice({
  name: 'equipment',
  initialState,
  reducers: {
    /** Load (or reload) the equipment from GET equipment. */
    equipmentRequested: loadRequested,
    /** The server's whole list (a load, or the answer of POST equipments). */
    equipmentReceived: list.received,
    equipmentLoadFailed: loadFailed,
    /** Items as the server answered them (POST equipment); others the in-use rule changed too. */
    equipmentItemsReceived: (state, action: PayloadAction<readonly Equipment[]>) => {
      adapter.setMany(state, action.payload);
    },
    /** An item the server deleted (equipment-delete `ModelID`). */
    equipmentItemRemoved: (state, action: PayloadAction<number>) => {
      adapter.removeOne(state, action.payload);
    },
  },
  extraReducers: list.extraReducers,
});

export const {
  equipmentRequested,
  equipmentReceived,
  equipmentLoadFailed,
  equipmentItemsReceived,
  equipmentItemRemoved,
} = equipmentSlice.actions;

const selectors = adapter.getSelectors((state: { equipment: EquipmentState }) => state.equipment);
/** Every equipment item. */
export const selectAllEquipment = selectors.selectAll;
/** One item by WearerEquipmentID. */
export const selectEquipmentById = selectors.selectById;
/** The load status of the equipment. */
export const selectEquipmentStatus = (state: { equipment: EquipmentState }): LoadStatus =>
  state.equipment.status;
/** Whether the equipment was received at least once. */
export const selectEquipmentReceived = (state: { equipment: EquipmentState }): boolean =>
  state.equipment.received;

/** The items linked to one activity type (spec §2 equipment-activity-type/{ActivityType}). */
export const selectEquipmentForActivityType = createSelector(
  [selectAllEquipment, (_state: unknown, activityType: ActivityType) => activityType],
  (items, activityType) => items.filter((item) => item.Activities.includes(activityType)),
);

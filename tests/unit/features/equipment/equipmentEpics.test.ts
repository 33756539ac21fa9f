import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  equipmentDeleteRequested,
  equipmentInUseSaveRequested,
  equipmentItemSaveRequested,
  selectEquipmentUi,
} from '../../../../src/features/equipment/equipmentUiSlice';
import {
  selectAllEquipment,
  selectEquipmentById,
} from '../../../../src/store/entities/equipmentSlice';
import { selectNotifications } from '../../../../src/store/notifications/notificationsSlice';
import { asNew, item, jackets } from './equipmentFixtures';
import { API, equipmentStore } from './equipmentTestStore';
import { registerMswServer } from '../../support/mswServer';
import { until } from '../../support/until';

const server = registerMswServer('bypass');

const boatA = item(1, 'Boat A', 'VESSEL', ['SAILING'], ['SAILING']);
const boatB = item(2, 'Boat B', 'VESSEL', ['SAILING'], []);
const jacket = item(3, 'Jacket', 'LIFE_JACKET', ['SAILING'], ['SAILING']);

describe('saving one item (app §7 POST equipment)', () => {
  it('sends the item, reloads the whole list and tells which other vessel was set not in use', async () => {
    const { store, sent } = await equipmentStore(server, [boatA, boatB, jacket]);
    const request = { ...boatB, ActivitiesInUse: ['SAILING' as const] };
    store.dispatch(equipmentItemSaveRequested(request));
    await until(() => selectEquipmentUi(store.getState()).save === 'done');
    expect(sent.equipment).toEqual([request]);
    expect(sent.gets).toBe(1);
    expect(selectEquipmentById(store.getState(), 1)?.ActivitiesInUse).toEqual([]);
    expect(selectEquipmentById(store.getState(), 2)?.ActivitiesInUse).toEqual(['SAILING']);
    expect(selectNotifications(store.getState())).toMatchObject([
      {
        tone: 'info',
        key: 'Equipment.Notices.InUseOnlyOneVehicle',
        params: { name: 'Boat A', activityType: 'Equipment.ActivityTypes.SAILING' },
      },
    ]);
  });

  it('tells which item the limit of 10 per activity set not in use', async () => {
    const helmet = item(50, 'Helmet', 'HELMET', ['SAILING']);
    const { store } = await equipmentStore(server, [...jackets(10, 'SAILING'), helmet]);
    store.dispatch(equipmentItemSaveRequested({ ...helmet, ActivitiesInUse: ['SAILING'] }));
    await until(() => selectEquipmentUi(store.getState()).save === 'done');
    expect(selectNotifications(store.getState())).toMatchObject([
      { key: 'Equipment.Notices.InUseLimitExceeded', params: { name: 'Jacket 1' } },
    ]);
  });

  it('adds a new item without notices when nothing else changed', async () => {
    const { store, sent } = await equipmentStore(server, [boatA]);
    const request = asNew(item(9, 'Bike', 'BIKE', ['CYCLING'], ['CYCLING']));
    store.dispatch(equipmentItemSaveRequested(request));
    await until(() => selectEquipmentUi(store.getState()).save === 'done');
    expect(sent.equipment[0]).not.toHaveProperty('WearerEquipmentID');
    expect(selectAllEquipment(store.getState()).map((i) => i.EquipmentName)).toEqual([
      'Boat A',
      'Bike',
    ]);
    expect(selectNotifications(store.getState())).toEqual([]);
  });

  it('applies the in-use rule itself when the reload fails', async () => {
    const { store } = await equipmentStore(server, [boatA, boatB]);
    server.use(http.get(`${API}/equipment`, () => HttpResponse.error()));
    store.dispatch(equipmentItemSaveRequested({ ...boatB, ActivitiesInUse: ['SAILING'] }));
    await until(() => selectEquipmentUi(store.getState()).save === 'done');
    expect(selectEquipmentById(store.getState(), 1)?.ActivitiesInUse).toEqual([]);
    expect(selectNotifications(store.getState())).toHaveLength(1);
  });

  it('fails with Equipment.Errors.SaveFailed and changes nothing when the save fails', async () => {
    const { store } = await equipmentStore(server, [boatA, boatB]);
    server.use(
      http.post(`${API}/equipment`, () =>
        HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'x' }, { status: 500 }),
      ),
    );
    store.dispatch(equipmentItemSaveRequested({ ...boatB, ActivitiesInUse: ['SAILING'] }));
    await until(() => selectEquipmentUi(store.getState()).save === 'failed');
    expect(selectEquipmentUi(store.getState()).errorKey).toBe('Equipment.Errors.SaveFailed');
    expect(selectEquipmentById(store.getState(), 1)?.ActivitiesInUse).toEqual(['SAILING']);
  });
});

describe('saving in-use flags (app §7 POST equipments)', () => {
  it('stores the answered list; flags the request itself removed raise no notice', async () => {
    const { store, sent } = await equipmentStore(server, [boatA, boatB]);
    const request = [
      { ...boatA, ActivitiesInUse: [] },
      { ...boatB, ActivitiesInUse: ['SAILING' as const] },
    ];
    store.dispatch(equipmentInUseSaveRequested(request));
    await until(() => selectEquipmentUi(store.getState()).save === 'done');
    expect(sent.equipments).toEqual([request]);
    expect(sent.gets).toBe(0);
    expect(selectEquipmentById(store.getState(), 2)?.ActivitiesInUse).toEqual(['SAILING']);
    expect(selectNotifications(store.getState())).toEqual([]);
  });

  it('tells about an item the server set not in use that the request did not mention', async () => {
    const { store } = await equipmentStore(server, [boatA, boatB]);
    store.dispatch(equipmentInUseSaveRequested([{ ...boatB, ActivitiesInUse: ['SAILING'] }]));
    await until(() => selectEquipmentUi(store.getState()).save === 'done');
    expect(selectNotifications(store.getState())).toMatchObject([
      { key: 'Equipment.Notices.InUseOnlyOneVehicle', params: { name: 'Boat A' } },
    ]);
  });
});

describe('deleting an item (app §7 POST equipment-delete, §8)', () => {
  it('removes the deleted item from the store', async () => {
    const { store, sent } = await equipmentStore(server, [boatA, boatB]);
    store.dispatch(equipmentDeleteRequested({ EquipmentId: 2 }));
    await until(() => selectEquipmentUi(store.getState()).remove === 'done');
    expect(sent.deletes).toEqual([{ EquipmentId: 2 }]);
    expect(selectAllEquipment(store.getState()).map((i) => i.WearerEquipmentID)).toEqual([1]);
  });

  it('fails with Equipment.Errors.DeleteFailed when the answer is Success false', async () => {
    const { store } = await equipmentStore(server, [boatA, boatB], { deleteSuccess: false });
    store.dispatch(equipmentDeleteRequested({ EquipmentId: 2 }));
    await until(() => selectEquipmentUi(store.getState()).remove === 'failed');
    expect(selectEquipmentUi(store.getState()).errorKey).toBe('Equipment.Errors.DeleteFailed');
    expect(selectAllEquipment(store.getState())).toHaveLength(2);
  });
});

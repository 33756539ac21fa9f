// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { selectNotifications } from '../../../../src/store/notifications/notificationsSlice';
import { createStorage } from '../../../../src/streams/storage';
import { item } from './equipmentFixtures';
import { equipmentStore } from './equipmentTestStore';
import { renderEquipment } from './renderEquipment';
import { registerMswServer } from '../../support/mswServer';

const server = registerMswServer();
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const boatA = item(1, 'Boat A', 'VESSEL', ['SAILING'], ['SAILING']);
const boatB = item(2, 'Boat B', 'VESSEL', ['SAILING', 'FISHING'], ['FISHING']);
const bike = item(3, 'Bike', 'BIKE', ['CYCLING'], []);

describe('EquipmentActivityTypePage', () => {
  it('lists the linked items with in-use boxes and warns which vessel a tick would displace', async () => {
    const { store } = await equipmentStore(server, [boatA, boatB, bike]);
    await renderEquipment(store, '/member/equipment-activity-type/SAILING');
    expect(screen.getByRole('heading', { name: 'Equipment for Sailing' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Boat A' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Boat B' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Bike' })).toBeNull();
    expect(
      screen.getByText(
        'Ticking it sets Boat A not in use for Sailing: only one vessel or vehicle can be in use per activity.',
      ),
    ).toBeVisible();
  });

  it('saves a tick at once with the toggled item only; the server sets the other not in use', async () => {
    const { store, sent } = await equipmentStore(server, [boatA, boatB]);
    await renderEquipment(store, '/member/equipment-activity-type/SAILING');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Boat B' }));
    await waitFor(() => {
      expect(screen.getByRole('checkbox', { name: 'Boat A' })).not.toBeChecked();
    });
    expect(screen.getByRole('checkbox', { name: 'Boat B' })).toBeChecked();
    expect(sent.equipments).toEqual([[{ ...boatB, ActivitiesInUse: ['FISHING', 'SAILING'] }]]);
    expect(selectNotifications(store.getState())).toMatchObject([
      { key: 'Equipment.Notices.InUseOnlyOneVehicle', params: { name: 'Boat A' } },
    ]);
  });

  it('says when nothing is linked and offers to add an item for the type', async () => {
    const { store } = await equipmentStore(server, [bike]);
    await renderEquipment(store, '/auth/registration-equipment-activity-type/KAYAKING');
    expect(screen.getByText('No equipment is linked to Kayaking yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add equipment for Kayaking' })).toHaveAttribute(
      'href',
      '/auth/registration-equipment/new?activityType=KAYAKING&returnTo=%2Fauth%2Fregistration-equipment-activity-type%2FKAYAKING',
    );
    expect(screen.getByRole('link', { name: 'Back to equipment' })).toHaveAttribute(
      'href',
      '/auth/registration-equipment?tab=activity-types',
    );
  });

  it.each([
    '/member/equipment-activity-type/PARAGLIDING',
    '/member/equipment-activity-type/sailing',
  ])('shows page-not-found for %s', async (path) => {
    const { store } = await equipmentStore(server, [boatA]);
    await renderEquipment(store, path);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(screen.getByText(/There is nothing at this address/)).toBeVisible();
  });
});

// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
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

const boatA = item(1, 'Boat A', 'VESSEL', ['SAILING'], ['SAILING'], {
  VesselType: 'DINGHY',
  Brand: 'Laser',
  Colour: 'White',
});

async function fillRequired(name = 'Sea Breeze', type = 'Vessel') {
  await userEvent.type(screen.getByLabelText('Name'), name);
  await userEvent.selectOptions(screen.getByLabelText('Type'), type);
}

describe('EquipmentItemPage: a new item', () => {
  it.each([
    ['no name', '', 'Bike', 'Name', 'Required'],
    ['a name of spaces', '   ', 'Bike', 'Name', 'Required'],
    [
      'a name of 31 characters',
      'x'.repeat(31),
      'Bike',
      'Name',
      'Cannot be longer than 30 characters',
    ],
    ['no type', 'Bike', null, 'Type', 'Required'],
  ])('with %s shows the message and sends nothing', async (_case, name, type, field, message) => {
    const { store, sent } = await equipmentStore(server, []);
    await renderEquipment(store, '/member/equipment/new');
    if (name) await userEvent.type(await screen.findByLabelText('Name'), name);
    if (type) await userEvent.selectOptions(screen.getByLabelText('Type'), type);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText(field)).toHaveAccessibleDescription(message);
    expect(sent.equipment).toEqual([]);
  });

  it.each([
    ['Brand', 31],
    ['Model', 31],
    ['Colour', 31],
    ['Other details', 51],
  ])('with a %s of %i characters shows the limit and sends nothing', async (field, length) => {
    const { store, sent } = await equipmentStore(server, []);
    await renderEquipment(store, '/member/equipment/new');
    await fillRequired();
    await userEvent.type(screen.getByLabelText(field), 'x'.repeat(length));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(field)).toHaveAccessibleDescription(
      `Cannot be longer than ${length - 1} characters`,
    );
    expect(sent.equipment).toEqual([]);
  });

  it('saves a vessel in use, warning beforehand that the other vessel will be set not in use', async () => {
    const { store, sent } = await equipmentStore(server, [boatA]);
    const router = await renderEquipment(store, '/member/equipment/new');
    expect(await screen.findByRole('heading', { name: 'Add equipment' })).toBeVisible();
    expect(screen.queryByLabelText('Vessel type')).toBeNull();
    await fillRequired(' Sea Breeze ');
    await userEvent.selectOptions(screen.getByLabelText('Vessel type'), 'Kayak');
    await userEvent.type(screen.getByLabelText('Colour'), 'Red');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sailing' }));
    const warning =
      'Saving sets Boat A not in use for Sailing: only one vessel or vehicle can be in use per activity.';
    expect(screen.queryByText(warning)).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'In use for Sailing' }));
    expect(screen.getByText(warning)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Equipment' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/member/equipment');
    expect(sent.equipment).toEqual([
      {
        EquipmentName: 'Sea Breeze',
        EquipmentType: 'VESSEL',
        VesselType: 'KAYAK',
        Brand: null,
        Model: null,
        Colour: 'Red',
        OtherDetails: null,
        Activities: ['SAILING'],
        ActivitiesInUse: ['SAILING'],
      },
    ]);
    expect(selectNotifications(store.getState())).toMatchObject([
      { key: 'Equipment.Notices.InUseOnlyOneVehicle', params: { name: 'Boat A' } },
    ]);
  });

  it('starts linked to ?activityType= and goes back to a safe ?returnTo= after saving', async () => {
    const { store, sent } = await equipmentStore(server, []);
    await renderEquipment(
      store,
      '/auth/registration-equipment/new?activityType=KAYAKING&returnTo=%2Fauth%2Fregistration-equipment-activity-type%2FKAYAKING',
    );
    await fillRequired('Paddle', 'Other');
    expect(screen.getByRole('checkbox', { name: 'Kayaking' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(sent.equipment[0]?.Activities).toEqual(['KAYAKING']);
    });
    expect(await screen.findByRole('heading', { name: 'Equipment for Kayaking' })).toBeVisible();
  });

  it('shows the translated error when the save fails and stays', async () => {
    const { store } = await equipmentStore(server, [], { failSave: true });
    await renderEquipment(store, '/member/equipment/new');
    await fillRequired('Bike', 'Bike');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your equipment could not be saved, please try again',
    );
    expect(screen.getByRole('heading', { name: 'Add equipment' })).toBeVisible();
  });
});

describe('EquipmentItemPage: an existing item', () => {
  it('shows the saved values and sends the changes with the id', async () => {
    const { store, sent } = await equipmentStore(server, [boatA]);
    const router = await renderEquipment(store, '/member/equipment/1');
    expect(await screen.findByLabelText('Name')).toHaveValue('Boat A');
    expect(screen.getByLabelText('Type')).toHaveValue('VESSEL');
    expect(screen.getByLabelText('Vessel type')).toHaveValue('DINGHY');
    expect(screen.getByLabelText('Brand')).toHaveValue('Laser');
    expect(screen.getByRole('checkbox', { name: 'In use for Sailing' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sailing' }));
    expect(screen.queryByRole('checkbox', { name: 'In use for Sailing' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/member/equipment');
    });
    expect(sent.equipment[0]).toMatchObject({
      WearerEquipmentID: 1,
      Activities: [],
      ActivitiesInUse: [],
    });
  });

  it('deletes after confirmation and goes back to the registration list', async () => {
    const { store, sent } = await equipmentStore(server, [boatA]);
    const router = await renderEquipment(store, '/auth/registration-equipment/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', {
      name: 'Delete Boat A? This cannot be undone.',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(sent.deletes).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(await screen.findByRole('heading', { name: 'Your equipment' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/registration-equipment');
    expect(sent.deletes).toEqual([{ EquipmentId: 1 }]);
    expect(screen.getByText('You have not added any equipment yet.')).toBeVisible();
  });

  it('shows the delete error when the server answers Success false', async () => {
    const { store } = await equipmentStore(server, [boatA], { deleteSuccess: false });
    await renderEquipment(store, '/member/equipment/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it' }));
    expect(
      await screen.findByText('The equipment could not be deleted, please try again'),
    ).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('Boat A');
  });

  it.each(['/member/equipment/99', '/member/equipment/abc', '/member/equipment/0'])(
    'shows page-not-found for %s',
    async (path) => {
      const { store } = await equipmentStore(server, [boatA]);
      await renderEquipment(store, path);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    },
  );
});

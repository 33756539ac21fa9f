// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../../src/app/i18n';
import { wearerReceived } from '../../../../src/store/entities/wearerSlice';
import type { Wearer } from '../../../../src/api/entities/member';
import { createStorage } from '../../../../src/streams/storage';
import { item } from './equipmentFixtures';
import { API, equipmentStore } from './equipmentTestStore';
import { renderEquipment } from './renderEquipment';
import { registerMswServer } from '../../support/mswServer';

const server = registerMswServer();
beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB');
});

const boatA = item(1, 'Boat A', 'VESSEL', ['SAILING', 'FISHING'], ['SAILING'], {
  VesselType: 'DINGHY',
  Brand: 'Laser',
  Model: 'Pico',
  Colour: 'White',
});
const boatB = item(2, 'Boat B', 'VESSEL', ['SAILING'], []);
const jacket = item(3, 'Jacket', 'LIFE_JACKET', ['SAILING', 'HIKING'], ['SAILING']);

describe('EquipmentListPage, Equipment tab', () => {
  it('lists each item with its type, vessel type, brand, model and colour, linking to its editor', async () => {
    const { store } = await equipmentStore(server, [boatA, jacket]);
    await renderEquipment(store, '/member/equipment');
    expect(screen.getByRole('heading', { name: 'Equipment' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Equipment' })).toHaveAttribute('aria-selected', 'true');
    const link = screen.getByRole('link', { name: 'Edit Boat A' });
    expect(link).toHaveAttribute('href', '/member/equipment/1');
    const card = link.closest('li') as HTMLElement;
    expect(card).toHaveTextContent('Vessel · Dinghy');
    expect(card).toHaveTextContent('Laser · Pico · White');
    expect(screen.getByRole('link', { name: 'Edit Jacket' }).closest('li')).toHaveTextContent(
      'Life jacket',
    );
    expect(screen.getByRole('link', { name: 'Add equipment' })).toHaveAttribute(
      'href',
      '/member/equipment/new',
    );
  });

  it('offers a retry when the equipment could not be loaded', async () => {
    const { store, sent } = await equipmentStore(server, [boatA], { loadFails: true });
    await renderEquipment(store, '/member/equipment');
    expect(screen.getByRole('alert')).toHaveTextContent('Your equipment could not be loaded.');
    server.resetHandlers(
      http.get(`${API}/equipment`, () => HttpResponse.json({ Equipment: [boatA] })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Edit Boat A' })).toBeVisible();
    expect(sent.gets).toBe(0);
  });
});

describe('EquipmentListPage, Activity Types tab', () => {
  it('shows per activity type the linked items and which are in use, favourites first', async () => {
    const { store } = await equipmentStore(server, [boatA, boatB, jacket]);
    store.dispatch(wearerReceived({ ActivityTypes: ['HIKING'] } as unknown as Wearer));
    await renderEquipment(store, '/member/equipment');
    await userEvent.click(screen.getByRole('tab', { name: 'Activity Types' }));
    const sections = within(screen.getByRole('tabpanel')).getAllByRole('region');
    expect(sections.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Hiking',
      'Fishing',
      'Sailing',
    ]);
    const sailing = screen.getByRole('region', { name: 'Sailing' });
    expect(sailing).toHaveTextContent('Linked: 3, in use: 2');
    expect(within(sailing).getByText(/Boat A/)).toHaveTextContent('Boat A (Vessel) — In use');
    expect(within(sailing).getByText(/Boat B/)).toHaveTextContent('Boat B (Vessel) — Not in use');
    expect(within(sailing).getByRole('link', { name: 'Sailing' })).toHaveAttribute(
      'href',
      '/member/equipment-activity-type/SAILING',
    );
  });

  it('opens on the tab named in ?tab= and moves between tabs with the arrow keys', async () => {
    const { store } = await equipmentStore(server, [boatA]);
    await renderEquipment(store, '/member/equipment?tab=activity-types');
    const tab = screen.getByRole('tab', { name: 'Activity Types' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    tab.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Quick Update' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Quick Update' })).toBeVisible();
  });
});

describe('EquipmentListPage, Quick Update tab', () => {
  it('sets the other vessel not in use as a second one is ticked, and saves all at once', async () => {
    const { store, sent } = await equipmentStore(server, [boatA, boatB, jacket]);
    await renderEquipment(store, '/member/equipment?tab=quick-update');
    const sailing = screen.getByRole('group', { name: 'Sailing' });
    const boxA = within(sailing).getByRole('checkbox', { name: 'Boat A' });
    const boxB = within(sailing).getByRole('checkbox', { name: 'Boat B' });
    expect(boxA).toBeChecked();
    expect(
      within(sailing).getByText(/Ticking it sets Boat A not in use for Sailing/),
    ).toBeVisible();
    await userEvent.click(boxB);
    expect(boxB).toBeChecked();
    expect(boxA).not.toBeChecked();
    expect(
      within(sailing).getByText(
        'Will be set not in use: only one vessel or vehicle can be in use per activity.',
      ),
    ).toBeVisible();
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Hiking' })).getByRole('checkbox', {
        name: 'Jacket',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes have been saved.')).toBeVisible();
    expect(sent.equipments).toEqual([
      [
        { ...boatA, ActivitiesInUse: [] },
        { ...boatB, ActivitiesInUse: ['SAILING'] },
        { ...jacket, ActivitiesInUse: ['SAILING', 'HIKING'] },
      ],
    ]);
    await waitFor(() => {
      expect(
        within(screen.getByRole('group', { name: 'Sailing' })).getByRole('checkbox', {
          name: 'Boat B',
        }),
      ).toBeChecked();
    });
    // A change after the save is not saved: the message goes.
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Hiking' })).getByRole('checkbox', {
        name: 'Jacket',
      }),
    );
    expect(screen.queryByText('Your changes have been saved.')).toBeNull();
  });

  it('sends nothing when nothing changed', async () => {
    const { store, sent } = await equipmentStore(server, [boatA]);
    await renderEquipment(store, '/member/equipment?tab=quick-update');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Nothing has changed yet.')).toBeVisible();
    expect(sent.equipments).toEqual([]);
  });
});

describe('EquipmentListPage in the sign-up order', () => {
  it('continues to the next step with no equipment at all', async () => {
    const { store } = await equipmentStore(server, []);
    const router = await renderEquipment(store, '/auth/registration-equipment');
    expect(screen.getByRole('heading', { name: 'Your equipment' })).toBeVisible();
    expect(screen.getByText('You have not added any equipment yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add equipment' })).toHaveAttribute(
      'href',
      '/auth/registration-equipment/new',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Continue' }));
    expect(router.state.location.pathname).toBe('/auth/registration-activity-types');
  });
});

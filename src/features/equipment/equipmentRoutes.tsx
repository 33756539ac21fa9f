import type { RouteObject } from 'react-router';
import { epicsLoader } from '../../store/epicRegistry';
import { lazyChunk } from '../../ui/lazyChunk';

// Each page is its own chunk, loaded with the feature's epics when its route renders (issue 7).
const needs = epicsLoader(() => import('./equipmentEpics').then((m) => m.equipmentEpics));
const EquipmentActivityTypePage = lazyChunk(
  () => import('./pages/EquipmentActivityTypePage').then((m) => m.EquipmentActivityTypePage),
  { needs },
);
const EquipmentItemPage = lazyChunk(
  () => import('./pages/EquipmentItemPage').then((m) => m.EquipmentItemPage),
  { needs },
);
const EquipmentListPage = lazyChunk(
  () => import('./pages/EquipmentListPage').then((m) => m.EquipmentListPage),
  { needs },
);

// `handle` is the app's RouteMeta (src/app/routeMeta.ts), which a feature does not import.
const member = (titleKey: string) => ({ titleKey, gated: true });
const registration = (titleKey: string) => ({ titleKey, requiresAuth: true });

/**
 * The equipment routes (spec §2): in the member area behind the whole login gate, and in the sign-up
 * order (login required).
 */
export const equipmentRoutes: RouteObject[] = [
  {
    path: '/member/equipment',
    element: <EquipmentListPage mode="member" />,
    handle: member('Titles.Equipment'),
  },
  {
    path: '/member/equipment/:EquipmentId',
    element: <EquipmentItemPage mode="member" />,
    handle: member('Titles.EquipmentItem'),
  },
  {
    path: '/member/equipment-activity-type/:ActivityType',
    element: <EquipmentActivityTypePage mode="member" />,
    handle: member('Titles.EquipmentActivityType'),
  },
  {
    path: '/auth/registration-equipment',
    element: <EquipmentListPage mode="registration" />,
    handle: registration('Titles.RegistrationEquipment'),
  },
  {
    path: '/auth/registration-equipment/:EquipmentId',
    element: <EquipmentItemPage mode="registration" />,
    handle: registration('Titles.EquipmentItem'),
  },
  {
    path: '/auth/registration-equipment-activity-type/:ActivityType',
    element: <EquipmentActivityTypePage mode="registration" />,
    handle: registration('Titles.EquipmentActivityType'),
  },
];

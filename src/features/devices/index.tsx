import type { RouteObject } from 'react-router';
import { epicsLoader } from '../../store/epicRegistry';
import { lazyChunk } from '../../ui/lazyChunk';

// Each page is its own chunk, loaded with the feature's epics when its route renders (issue 7).
const needs = epicsLoader(() => import('./devicesEpics').then((m) => m.devicesEpics));
const ActivateDeviceInitialPage = lazyChunk(
  () => import('./pages/ActivateDeviceInitialPage').then((m) => m.ActivateDeviceInitialPage),
  { needs },
);
const ActivateDevicePage = lazyChunk(
  () => import('./pages/ActivateDevicePage').then((m) => m.ActivateDevicePage),
  { needs },
);
const ActivateQrPage = lazyChunk(
  () => import('./pages/ActivateQrPage').then((m) => m.ActivateQrPage),
  { needs },
);
const DevicesPage = lazyChunk(() => import('./pages/DevicesPage').then((m) => m.DevicesPage), {
  needs,
});
const RegistrationActivateDevicePage = lazyChunk(
  () =>
    import('./pages/RegistrationActivateDevicePage').then((m) => m.RegistrationActivateDevicePage),
  { needs },
);

/**
 * The devices feature (app §2 device routes, §7 activate-device, remove-device, save-device; policy §1
 * QR activation, §4 "Device rules", §8 "Device activation"): the QR intro, the activation forms of
 * the registration and the member area, and the devices list.
 */
export const devicesRoutes: RouteObject[] = [
  {
    path: '/activate/:imei/:code',
    element: <ActivateQrPage />,
    handle: { titleKey: 'Titles.ActivateQr' },
  },
  {
    path: '/auth/registration-activate-device',
    element: <RegistrationActivateDevicePage />,
    handle: { titleKey: 'Titles.RegistrationActivateDevice', requiresAuth: true },
  },
  {
    path: '/member/devices',
    element: <DevicesPage />,
    handle: { titleKey: 'Titles.Devices', gated: true },
  },
  {
    path: '/member/activate-device',
    element: <ActivateDevicePage titleKey="Titles.ActivateDevice" />,
    handle: { titleKey: 'Titles.ActivateDevice', gated: true },
  },
  {
    path: '/member/activate-device-initial',
    element: <ActivateDeviceInitialPage />,
    handle: { titleKey: 'Titles.ActivateDeviceInitial', gated: true },
  },
  {
    path: '/member/activate-device-code/:imei/:code',
    element: <ActivateDevicePage titleKey="Titles.ActivateDeviceCode" />,
    handle: { titleKey: 'Titles.ActivateDeviceCode', gated: true },
  },
];

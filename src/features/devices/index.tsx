import type { RouteObject } from 'react-router';
import type { AppEpic } from '../../store/epic';
import { activationEpics } from './activationEpics';
import { deviceEditEpics } from './deviceEditEpics';
import { ActivateDeviceInitialPage } from './pages/ActivateDeviceInitialPage';
import { ActivateDevicePage } from './pages/ActivateDevicePage';
import { ActivateQrPage } from './pages/ActivateQrPage';
import { DevicesPage } from './pages/DevicesPage';
import { RegistrationActivateDevicePage } from './pages/RegistrationActivateDevicePage';

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

/** Every epic of the devices feature. */
export const devicesEpics: AppEpic[] = [...activationEpics, ...deviceEditEpics];

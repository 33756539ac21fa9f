import type { Page } from '@playwright/test';

/** A device the dev demo offers for activation (`GET /api/dev/demo` ActivatableDevices). */
export interface ActivatableDevice {
  readonly Imei: string;
  readonly Code: string;
  readonly DeviceType: string;
  /** Its secret ingest key, for a tracker app or the simulator. */
  readonly IngestKey: string;
}

/** A seeded demo device of `type` nobody holds yet, from the development endpoint. */
export async function activatableDevice(page: Page, type: string): Promise<ActivatableDevice> {
  const demo = (await (await page.request.get('/api/dev/demo')).json()) as {
    ActivatableDevices: ActivatableDevice[];
  };
  const device = demo.ActivatableDevices.find((d) => d.DeviceType === type);
  if (!device) throw new Error(`No activatable ${type} device left`);
  return device;
}

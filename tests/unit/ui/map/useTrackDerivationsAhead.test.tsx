// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TrackColumnsLike } from '../../../../src/ui/map/trackAttributes';
import {
  derivedTrackOf,
  SYNC_DERIVATION_MAX_POINTS,
  type TrackDerivationRunner,
} from '../../../../src/ui/map/trackDerivations';
import { useTrackDerivationsAhead } from '../../../../src/ui/map/useTrackDerivationsAhead';
import { growingTrack } from '../../support/growingTrack';

/** A runner the map would use later: it must not be asked again for a drawing already under way. */
function laterRunner() {
  const derive = vi.fn<TrackDerivationRunner['derive']>(() =>
    Promise.reject(new Error('derived twice')),
  );
  return { runner: { derive }, derive };
}

describe('deriving a page’s tracks ahead of its map', () => {
  it('starts each large track’s derivation when it arrives, so the map finds it under way', async () => {
    const first = growingTrack(SYNC_DERIVATION_MAX_POINTS + 1);
    const { rerender } = renderHook(
      ({ tracks }) => {
        useTrackDerivationsAhead(tracks);
      },
      {
        initialProps: { tracks: [first, growingTrack(0)] as readonly TrackColumnsLike[] },
      },
    );
    const later = laterRunner();
    const pending = derivedTrackOf(first, later.runner);
    expect(pending).toBeInstanceOf(Promise);
    // A track arriving later is derived when it arrives too.
    const second = growingTrack(SYNC_DERIVATION_MAX_POINTS + 2);
    rerender({ tracks: [first, second] });
    void derivedTrackOf(second, later.runner);
    expect(later.derive).not.toHaveBeenCalled();
    // jsdom has no Worker: the shared runner derives on the main thread, in a task of its own.
    expect((await pending).length).toBe(SYNC_DERIVATION_MAX_POINTS + 1);
  });
});

import { deriveTrack, derivedBuffers, type TrackDerivationInput } from './trackDerivation';

/** A derivation request: `id` names the answer; the columns' buffers arrive transferred. */
export interface TrackDerivationRequest {
  readonly id: number;
  readonly input: TrackDerivationInput;
}

/*
 * The track worker (trackDerivations.ts): derives each requested track (trackDerivation.deriveTrack)
 * in arrival order and answers `{ id, derived }` with the derived buffers transferred, so a 86,400-point
 * day's colours and Douglas–Peucker importance cost the page's main thread nothing.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<TrackDerivationRequest>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};
scope.onmessage = (event: MessageEvent<TrackDerivationRequest>) => {
  const { id, input } = event.data;
  const derived = deriveTrack(input);
  scope.postMessage({ id, derived }, derivedBuffers(derived));
};

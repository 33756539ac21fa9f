import { io } from 'socket.io-client';

/*
 * The floor viewer of `share.floor` (bench/lib/floorViewer.ts), run in the bench's Chromium pages: the
 * least a guardian's page can do with the same server, socket and browser — one socket verified with
 * the share token in the URL's fragment, and on every TelemetryWearerUpdate the newest fix's speed
 * written into one text node, as the share view's Speed fact shows it (km/h, one decimal). No React,
 * no store, no map.
 */

interface Update {
  readonly Points: readonly { readonly Speed?: number | null }[];
}

const shareToken = decodeURIComponent(window.location.hash.slice(1));
const speed = document.querySelector('.ll-share-fact-list dd');
const socket = io(window.location.origin, { path: '/socket.io', transports: ['websocket'] });
socket.on('connect', () => {
  void fetch('/api/member-integration-public/verify-socket-user', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ShareToken: shareToken, SocketID: socket.id }),
  });
});
socket.on('TelemetryWearerUpdate', (update: Update) => {
  const mps = update.Points.at(-1)?.Speed;
  if (speed && typeof mps === 'number') speed.textContent = `${(mps * 3.6).toFixed(1)} km/h`;
});

/*
 * Reading recorded GPS tracks (GPX, TCX, FIT) into one shape (issue 5 item 6), for the device
 * simulator (tools/simulator) and the server's live demo. No command-line concerns here.
 */
export { trackDurationMs, type Track, type TrackPoint } from './track';
export { joinTracks } from './joinTracks';
export {
  TRACK_MAX_ALT_M,
  TRACK_MAX_HEART_RATE_BPM,
  TRACK_MAX_SPEED_MPS,
  TRACK_MIN_ALT_M,
} from './trackPoints';
export { parseTrackFile, readTrackFile, TRACK_FILE_EXTENSIONS } from './readTrackFile';

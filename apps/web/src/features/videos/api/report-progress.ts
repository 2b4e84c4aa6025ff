import { portalVideosApi, type BeaconBody, type ProgressBody } from '@academy/contracts/videos';
import { call } from '../../../lib/call.ts';

/** A progress report while the page is open (bearer token, like every call). */
export const reportProgress = (body: ProgressBody) => call(portalVideosApi.report, { body }, { overlay: false });

/**
 * The last report, sent while the page goes away: `navigator.sendBeacon` survives the unload but
 * cannot carry the Authorization header, so the body (text/plain JSON) carries the watch ticket
 * the player got with the video. Returns false when the browser refused to queue it.
 */
export function sendProgressBeacon(body: BeaconBody): boolean {
  if (typeof navigator.sendBeacon !== 'function') return false;
  return navigator.sendBeacon(`/api${portalVideosApi.beacon.path}`, JSON.stringify(body));
}

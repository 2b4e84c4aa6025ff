import { PROGRESS_INTERVAL_MS, type VideoProgress } from '@academy/contracts/videos';
import { useEffect, useRef, useState } from 'react';
import { reportProgress, sendProgressBeacon } from '../api/report-progress.ts';
import { intervalsOf, sameIntervals, union, type Interval } from './watched.ts';

/** The part of a media element (<video>, <youtube-video>, <vimeo-video>) the reporter reads. */
export type WatchedMedia = HTMLElement & { currentTime: number; paused: boolean; played?: TimeRanges };

/**
 * Reports what the student watches: every 10 s while playing, on pause and at the end (a normal
 * call with the bearer token), and when the page is hidden or left (sendBeacon with the watch
 * ticket, since a page on its way out can neither refresh a token nor wait for an answer).
 * Leaving to another page of the app (unmount) reports with a normal call. It sends the union of
 * everything played on this page; repeats are harmless, the server counts each second once. Each
 * reply is the progress shown (and `onReport` hands it on, so the video list is current too).
 */
export function useProgressReporter(opts: { media: WatchedMedia | null; videoId: number; watchToken: string; initial: VideoProgress; onReport?: (p: VideoProgress) => void }): VideoProgress {
  const { media, videoId, watchToken } = opts;
  const [progress, setProgress] = useState(opts.initial);
  const onReport = useRef(opts.onReport);
  onReport.current = opts.onReport;
  const played = useRef<Interval[]>([]);
  const lastSent = useRef<{ played: Interval[]; position: number } | null>(null);

  useEffect(() => {
    if (!media) return;
    const snapshot = () => {
      played.current = union(played.current, intervalsOf(media.played));
      return { videoId, positionSec: Math.max(0, Math.round(media.currentTime * 10) / 10), played: played.current };
    };
    // Nothing played on this page yet (opened and left, or the resume seek not done): no report,
    // so a visit that watched nothing cannot move the resume position back to 0:00.
    const changed = (s: ReturnType<typeof snapshot>) =>
      s.played.length > 0 && (!lastSent.current || lastSent.current.position !== s.positionSec || !sameIntervals(lastSent.current.played, s.played));
    const send = (event: 'tick' | 'pause' | 'ended' | 'leave') => {
      const s = snapshot();
      if (!changed(s)) return;
      lastSent.current = { played: s.played.map(([a, b]): Interval => [a, b]), position: s.positionSec };
      reportProgress({ ...s, event }).then((p) => {
        setProgress(p);
        onReport.current?.(p);
      }, () => {
        // A lost report is made up by the next one: it carries everything played so far.
        lastSent.current = null;
      });
    };
    const beacon = () => {
      const s = snapshot();
      if (!changed(s)) return;
      if (sendProgressBeacon({ ...s, event: 'leave', watchToken })) lastSent.current = { played: s.played.map(([a, b]): Interval => [a, b]), position: s.positionSec };
    };
    const timer = window.setInterval(() => {
      if (!media.paused) send('tick');
    }, PROGRESS_INTERVAL_MS);
    const onPause = () => send('pause');
    const onEnded = () => send('ended');
    const onHidden = () => {
      if (document.visibilityState === 'hidden') beacon();
    };
    media.addEventListener('pause', onPause);
    media.addEventListener('ended', onEnded);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', beacon);
    return () => {
      window.clearInterval(timer);
      media.removeEventListener('pause', onPause);
      media.removeEventListener('ended', onEnded);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', beacon);
      send('leave');
    };
  }, [media, videoId, watchToken]);

  return progress;
}

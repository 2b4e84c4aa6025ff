// First: the elements below render their labels and tooltips in the language set when they load.
import './media-chrome-ko.ts';
import type { Playback } from '@academy/contracts/videos';
import { PLAYBACK_RATES } from '@academy/contracts/videos';
import { formatDuration } from '@academy/contracts/videos';
import Forward10 from '@mui/icons-material/Forward10';
import Replay10 from '@mui/icons-material/Replay10';
import { Box } from '@mui/material';
import {
  MediaControlBar, MediaController, MediaFullscreenButton, MediaLoadingIndicator, MediaMuteButton, MediaPlayButton,
  MediaPlaybackRateButton, MediaSeekBackwardButton, MediaSeekForwardButton, MediaTimeRange,
} from 'media-chrome/react';
import { useEffect, useRef, useState } from 'react';
import VimeoVideo from 'vimeo-video-element/react';
import YoutubeVideo from 'youtube-video-element/react';
import type { WatchedMedia } from './use-progress-reporter.ts';

/** Where the overlay may sit (percent of the frame): anywhere a recording would have to crop. */
const spots = [[6, 8], [52, 12], [30, 40], [8, 62], [56, 58], [20, 24], [44, 74], [64, 30]] as const;
/** media-chrome's own control background, for the pieces of the bar that are ours. */
const CONTROL_BG = 'var(--media-control-background, rgb(20 20 30 / 0.7))';
/** The overlay moves this often, so no fixed patch hides it. */
const MOVE_EVERY_MS = 7000;

/**
 * "0:14 / 0:40" beside the buttons. Plain text rather than media-chrome's time display, which is a
 * button whose spoken name ("재생 시간") does not contain what it shows; the seek bar already
 * announces the time to screen readers.
 */
function TimeText({ media }: { media: WatchedMedia | null }) {
  const [time, setTime] = useState({ at: 0, of: 0 });
  useEffect(() => {
    if (!media) return;
    const read = () => setTime({ at: media.currentTime, of: (media as unknown as { duration: number }).duration || 0 });
    const events = ['timeupdate', 'durationchange', 'loadedmetadata', 'seeked'];
    for (const e of events) media.addEventListener(e, read);
    return () => {
      for (const e of events) media.removeEventListener(e, read);
    };
  }, [media]);
  return (
    <Box aria-hidden sx={{ px: 1, display: 'flex', alignItems: 'center', color: '#fff', fontSize: 13, fontVariantNumeric: 'tabular-nums', bgcolor: CONTROL_BG, whiteSpace: 'nowrap' }}>
      {formatDuration(time.at)} / {formatDuration(time.of)}
    </Box>
  );
}

/**
 * The lecture player: media-chrome controls (play, ±10 s, seek bar, time, speed 0.5–2×, sound,
 * full screen; keyboard shortcuts; Korean labels) over a <video> (our signed stream) or the
 * YouTube / Vimeo element (their official player APIs). The student's name and phone tail move
 * across the picture, inside the controller so they stay in full screen too.
 */
export function VideoPlayer(props: {
  playback: Playback;
  title: string;
  watermark: { name: string; phoneTail: string };
  /** Where to start (resume); ignored when it is within the last 5 s. */
  startAt: number;
  onMedia: (media: WatchedMedia | null) => void;
  /** The stream failed (an expired URL): the page fetches a new one; playback resumes where it was. */
  onStreamError?: () => void;
}) {
  const { playback, onMedia } = props;
  const [spot, setSpot] = useState(0);
  const resumeAt = useRef(props.startAt);
  const media = useRef<WatchedMedia | null>(null);
  const [element, setElement] = useState<WatchedMedia | null>(null);

  useEffect(() => {
    const id = window.setInterval(() => setSpot((s) => (s + 1 + Math.floor(Math.random() * (spots.length - 1))) % spots.length), MOVE_EVERY_MS);
    return () => window.clearInterval(id);
  }, []);

  const attach = (el: WatchedMedia | null) => {
    if (el === media.current) return;
    media.current = el;
    setElement(el);
    onMedia(el);
  };

  useEffect(() => {
    const el = media.current;
    if (!el) return;
    const seek = () => {
      const duration = (el as unknown as { duration: number }).duration;
      if (resumeAt.current > 0 && (!Number.isFinite(duration) || resumeAt.current < duration - 5)) el.currentTime = resumeAt.current;
    };
    const remember = () => {
      if (el.currentTime > 0) resumeAt.current = el.currentTime;
    };
    const failed = () => props.onStreamError?.();
    el.addEventListener('loadedmetadata', seek);
    el.addEventListener('timeupdate', remember);
    el.addEventListener('error', failed);
    return () => {
      el.removeEventListener('loadedmetadata', seek);
      el.removeEventListener('timeupdate', remember);
      el.removeEventListener('error', failed);
    };
    // The element changes with the source; the callbacks read refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playback.kind === 'file' ? playback.url : playback.videoId]);

  const [left, top] = spots[spot]!;
  return (
    <Box sx={{ width: '100%', aspectRatio: '16 / 9', bgcolor: '#000', borderRadius: 2, overflow: 'hidden', '& media-controller': { width: '100%', height: '100%', '--media-primary-color': '#fff', '--media-range-track-height': '4px' } }}>
      <MediaController aria-label={`${props.title} 동영상 플레이어`} data-testid="video-player">
        {playback.kind === 'file' && (
          <video slot="media" ref={(el) => attach(el as WatchedMedia | null)} src={playback.url} poster={playback.posterUrl ?? undefined} preload="metadata" playsInline data-testid="video-media" />
        )}
        {playback.kind === 'youtube' && <YoutubeVideo slot="media" ref={(el) => attach(el as unknown as WatchedMedia | null)} src={playback.url} />}
        {playback.kind === 'vimeo' && (
          <VimeoVideo slot="media" ref={(el) => attach(el as unknown as WatchedMedia | null)} src={`https://vimeo.com/${playback.videoId}${playback.hash ? `/${playback.hash}` : ''}`} />
        )}
        <MediaLoadingIndicator slot="centered-chrome" noAutohide />
        <Box
          slot="centered-chrome"
          aria-hidden
          data-testid="video-watermark"
          sx={{
            position: 'absolute', left: `${left}%`, top: `${top}%`, transition: 'left 1.2s ease, top 1.2s ease', pointerEvents: 'none',
            color: 'rgba(255,255,255,0.55)', textShadow: '0 0 3px rgba(0,0,0,0.8)', fontSize: 'clamp(11px, 3.2vw, 18px)', fontWeight: 700, whiteSpace: 'nowrap', userSelect: 'none',
          }}
          {...{ noautohide: '' }}
        >
          {props.watermark.name} {props.watermark.phoneTail}
        </Box>
        {/* Two rows, so the seek bar keeps the full width of a phone. */}
        <MediaControlBar>
          <MediaTimeRange style={{ width: '100%' }} />
        </MediaControlBar>
        {/* No tooltips: their text is not the buttons' spoken name (WCAG 2.5.3); the icons say enough. */}
        <MediaControlBar>
          <MediaPlayButton noTooltip />
          <MediaSeekBackwardButton seekOffset={10} noTooltip>
            <Replay10 slot="icon" />
          </MediaSeekBackwardButton>
          <MediaSeekForwardButton seekOffset={10} noTooltip>
            <Forward10 slot="icon" />
          </MediaSeekForwardButton>
          <TimeText media={element} />
          <Box sx={{ flex: 1, bgcolor: CONTROL_BG }} />
          <MediaPlaybackRateButton rates={PLAYBACK_RATES.join(' ') as never} noTooltip data-testid="video-rate" />
          <MediaMuteButton noTooltip />
          <MediaFullscreenButton noTooltip />
        </MediaControlBar>
      </MediaController>
    </Box>
  );
}

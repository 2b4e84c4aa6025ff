import { useParams } from 'react-router';
import { MyVideoList } from '../../features/videos/my-video-list.tsx';
import { VideoWatch } from '../../features/videos/video-watch.tsx';

/** /portal/videos (the list) and /portal/videos/:videoId (the player). */
export default function PortalVideosPage() {
  const videoId = Number(useParams().videoId);
  return Number.isInteger(videoId) && videoId > 0 ? <VideoWatch key={videoId} videoId={videoId} /> : <MyVideoList />;
}

import { formatFileSize } from '@academy/contracts/files';
import { formatKoreanDate } from '@academy/contracts/format';
import { type Video, videosTopic } from '@academy/contracts/videos';
import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, IconButton, LinearProgress, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { Section } from '../../components/section.tsx';
import { errorMessage } from '../../lib/http.ts';
import { useRealtime } from '../../lib/realtime.ts';
import { toast } from '../../lib/toast.ts';
import { precheck, UploadCancelled, uploadFile } from '../../lib/uploader.ts';
import { useCreateVideo } from './api/create-video.ts';
import { useDeleteVideo } from './api/delete-video.ts';
import { downloadVideoInfo } from './api/download-video-info.ts';
import { useRetryVideo } from './api/retry-video.ts';
import { sessionVideosQuery, useSessionVideos } from './api/session-videos.ts';
import { useVideoInfo, videoInfoQuery } from './api/video-info.ts';
import { useVideoSettings } from './api/video-settings.ts';
import { ProgressTable } from './progress-table.tsx';
import { AddLinkDialog, EditVideoDialog, PreviewDialogBody, UploadTitleDialog, VideoSettingsDialog } from './video-dialogs.tsx';
import { VideoList, type VideoAction } from './video-list.tsx';

export type SessionOption = { id: number; title: string; date: string };
type Upload = { id: number; name: string; size: number; loaded: number; error: string | null; controller: AbortController };
type Open = { kind: 'link' | 'settings' } | { kind: 'edit' | 'preview'; video: Video } | null;

let uploadSeq = 0;

/**
 * The lecture page's 영상 tab: a session's videos (upload a recording of any size — it goes up in
 * parts and is processed on the server, progress live — or link a YouTube/Vimeo video) and the
 * table of who watched how much, with its Excel download. Admins set the completion rule here.
 */
export function VideosTab(props: { lectureId: number; sessions: SessionOption[]; initialWlId: number | null; isAdmin: boolean; attendanceTypes: { id: number; name: string }[] }) {
  const { lectureId, sessions } = props;
  const [wlId, setWlId] = useState<number | null>(props.initialWlId ?? sessions[0]?.id ?? null);
  const session = sessions.find((s) => s.id === wlId) ?? null;
  const client = useQueryClient();
  const confirm = useConfirm();
  const list = useSessionVideos(lectureId, wlId);
  const info = useVideoInfo(lectureId, wlId);
  const settings = useVideoSettings();
  const create = useCreateVideo();
  const remove = useDeleteVideo();
  const retry = useRetryVideo();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [asking, setAsking] = useState<File[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const input = useRef<HTMLInputElement>(null);

  // Processing progress arrives on the session's topic; the end of a job refreshes list and table.
  useRealtime(wlId ? [videosTopic.of(wlId)] : [], (e) => {
    if (e.type !== 'job' || !wlId) return;
    if (e.data.state === 'active') {
      void client.invalidateQueries({ queryKey: sessionVideosQuery(lectureId, wlId).queryKey });
      return;
    }
    void client.invalidateQueries({ queryKey: sessionVideosQuery(lectureId, wlId).queryKey });
    void client.invalidateQueries({ queryKey: videoInfoQuery(lectureId, wlId).queryKey });
  });

  if (sessions.length === 0 || !session || wlId === null) return <Alert severity="info">이 강좌에는 아직 회차가 없습니다.</Alert>;

  const patch = (id: number, p: Partial<Upload>) => setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...p } : u)));
  // A recording is uploaded once its title is given (prefilled from the file name); several files are asked one by one.
  const choose = (files: File[]) => {
    const ok: File[] = [];
    for (const file of files) {
      const problem = precheck(file, 'video');
      if (problem) setUploads((all) => [...all, { id: ++uploadSeq, name: file.name, size: file.size, loaded: 0, error: problem, controller: new AbortController() }]);
      else ok.push(file);
    }
    setAsking((q) => [...q, ...ok]);
  };
  const upload = (file: File, title: string) => {
    const id = ++uploadSeq;
    const controller = new AbortController();
    setUploads((all) => [...all, { id, name: title, size: file.size, loaded: 0, error: null, controller }]);
    const target = wlId;
    uploadFile({ file, target: { kind: 'video', weeklyLectureId: target }, signal: controller.signal, onProgress: (p) => patch(id, { loaded: p.loaded }) })
      .then((stored) => create.mutateAsync({ params: { id: lectureId, wlId: target }, body: { source: 'upload', fileId: stored.id, title } }))
      .then(() => {
        setUploads((all) => all.filter((u) => u.id !== id));
        toast.success(`${title}: 올렸습니다. 서버에서 스트리밍용으로 처리합니다`);
      })
      .catch((err: unknown) => (err instanceof UploadCancelled ? setUploads((all) => all.filter((u) => u.id !== id)) : patch(id, { error: errorMessage(err) })));
  };

  const act = async (action: VideoAction, video: Video) => {
    if (action === 'delete') {
      const message = video.viewerCount > 0 ? `${video.title}을(를) 삭제할까요? 학생 ${video.viewerCount}명의 시청 기록은 남지만 더는 볼 수 없습니다.` : `${video.title}을(를) 삭제할까요?`;
      if (await confirm({ title: '영상 삭제', message, confirmLabel: '삭제', danger: true })) remove.mutate({ params: { id: video.id } }, { onSuccess: () => toast.success('영상을 삭제했습니다') });
    } else if (action === 'retry') retry.mutate({ params: { id: video.id } });
    else setOpen({ kind: action, video });
  };

  return (
    <Stack spacing={2} data-testid="videos-tab">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <TextField select label="회차" value={wlId} onChange={(e) => setWlId(Number(e.target.value))} sx={{ minWidth: 260 }} slotProps={{ htmlInput: { 'data-testid': 'video-session' } }}>
          {sessions.map((s) => <MenuItem key={s.id} value={s.id}>{s.title} · {formatKoreanDate(s.date)}</MenuItem>)}
        </TextField>
        <Box sx={{ flex: 1 }} />
        {settings.data && (
          <Typography variant="body2" color="textSecondary">완료 기준 {settings.data.completionPercent}%{settings.data.attendanceTypeId ? ' · 완료하면 출결 자동 입력' : ''}</Typography>
        )}
        {props.isAdmin && settings.data && <Button startIcon={<SettingsOutlined />} onClick={() => setOpen({ kind: 'settings' })}>영상 설정</Button>}
      </Stack>

      <Section
        title="영상"
        testId="video-section"
        actions={
          <Stack direction="row" spacing={1}>
            <Button variant="contained" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} data-testid="video-upload">녹화 영상 올리기</Button>
            <Button variant="outlined" startIcon={<AddLinkOutlined />} onClick={() => setOpen({ kind: 'link' })} data-testid="video-add-link">링크 추가</Button>
            <input ref={input} type="file" hidden accept=".mp4,.mov,video/mp4,video/quicktime" data-testid="video-file-input" onChange={(e) => { choose([...(e.target.files ?? [])]); e.target.value = ''; }} />
          </Stack>
        }
      >
        {uploads.map((u) => (
          <Stack key={u.id} direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }} data-testid="video-upload-item">
            <Box sx={{ flex: 1 }}>
              <Typography variant="body2">
                {u.name}{' '}
                <Typography component="span" variant="caption" color="textSecondary">
                  {u.loaded >= u.size && !u.error ? '다 올렸습니다. 서버에서 파일을 확인하는 중…' : `${formatFileSize(u.loaded)} / ${formatFileSize(u.size)}`}
                </Typography>
              </Typography>
              {u.error ? <Typography variant="caption" color="error">{u.error}</Typography> : <LinearProgress variant="determinate" value={(u.loaded / Math.max(1, u.size)) * 100} aria-label={`${u.name} 업로드 진행률`} />}
            </Box>
            <IconButton aria-label={u.error ? `${u.name} 닫기` : `${u.name} 업로드 취소`} onClick={() => (u.error ? setUploads((all) => all.filter((x) => x.id !== u.id)) : u.controller.abort())}><CloseOutlined /></IconButton>
          </Stack>
        ))}
        {list.isError && <Alert severity="error">{errorMessage(list.error)}</Alert>}
        {list.isPending ? <Skeleton variant="rounded" height={72} /> : list.data && <VideoList videos={list.data} participantCount={info.data?.students.filter((s) => s.participant).length ?? 0} onAction={(a, v) => void act(a, v)} />}
      </Section>

      <Section
        title="학생별 시청 현황"
        testId="video-progress-section"
        actions={<Button startIcon={<DownloadOutlined />} onClick={() => void downloadVideoInfo(lectureId, wlId).catch((e: unknown) => toast.error(errorMessage(e)))} disabled={!info.data?.videos.length} data-testid="video-download">엑셀 다운로드</Button>}
      >
        {info.isError && <Alert severity="error">{errorMessage(info.error)}</Alert>}
        {info.isPending ? <Skeleton variant="rounded" height={200} /> : info.data && <ProgressTable info={info.data} />}
      </Section>

      {asking[0] && <UploadTitleDialog key={`${asking[0].name}-${asking.length}`} file={asking[0]} onSubmit={(title) => upload(asking[0]!, title)} onClose={() => setAsking((q) => q.slice(1))} />}
      {open?.kind === 'link' && <AddLinkDialog lectureId={lectureId} wlId={wlId} onClose={() => setOpen(null)} />}
      {open?.kind === 'edit' && <EditVideoDialog video={open.video} onClose={() => setOpen(null)} />}
      {open?.kind === 'settings' && settings.data && <VideoSettingsDialog settings={settings.data} attendanceTypes={props.attendanceTypes} onClose={() => setOpen(null)} />}
      {open?.kind === 'preview' && (
        <Dialog open onClose={() => setOpen(null)} maxWidth="md" fullWidth>
          <DialogTitle>{open.video.title}</DialogTitle>
          <DialogContent><PreviewDialogBody video={open.video} /></DialogContent>
        </Dialog>
      )}
    </Stack>
  );
}

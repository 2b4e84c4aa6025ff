import { formatFileSize, type StoredFile } from '@academy/contracts/files';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { Box, Button, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { useCallback, useRef, useState, type DragEvent } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { precheck, UploadCancelled, uploadFile, type UploadTarget } from '../../lib/uploader.ts';

export type UploadItem = {
  id: number;
  name: string;
  size: number;
  loaded: number;
  state: 'uploading' | 'done' | 'failed' | 'cancelled';
  error: string | null;
  controller: AbortController;
};

let seq = 0;

/** Many files at once, each with its own progress and cancel; `onUploaded` runs per finished file. */
export function useUploadQueue(opts: { target: UploadTarget; onUploaded: (file: StoredFile) => void }) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const update = (id: number, patch: Partial<UploadItem>) => setItems((list) => list.map((i) => (i.id === id ? { ...i, ...patch } : i)));
  const optsRef = useRef(opts);
  optsRef.current = opts;

  const add = useCallback((files: File[]) => {
    for (const file of files) {
      const id = ++seq;
      const controller = new AbortController();
      const problem = precheck(file, optsRef.current.target.kind);
      setItems((list) => [...list, { id, name: file.name, size: file.size, loaded: 0, state: problem ? 'failed' : 'uploading', error: problem, controller }]);
      if (problem) continue;
      uploadFile({ file, target: optsRef.current.target, signal: controller.signal, onProgress: (p) => update(id, { loaded: p.loaded }) })
        .then((stored) => {
          update(id, { state: 'done', loaded: file.size });
          optsRef.current.onUploaded(stored);
        })
        .catch((err: unknown) => update(id, err instanceof UploadCancelled ? { state: 'cancelled', error: '취소됨' } : { state: 'failed', error: errorMessage(err) }));
    }
  }, []);

  const cancel = (id: number) => items.find((i) => i.id === id)?.controller.abort();
  const clearFinished = () => setItems((list) => list.filter((i) => i.state === 'uploading'));
  return { items, add, cancel, clearFinished };
}

/** Drop zone plus a "choose files" button; accepts many files. */
export function DropZone({ onFiles, label, accept }: { onFiles: (files: File[]) => void; label: string; accept?: string }) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    onFiles([...e.dataTransfer.files]);
  };
  return (
    <Box
      onDragOver={(e) => { e.preventDefault(); setOver(true); }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="file-dropzone"
      sx={{ border: 2, borderStyle: 'dashed', borderColor: over ? 'primary.main' : 'divider', bgcolor: over ? 'action.hover' : 'transparent', borderRadius: 2, p: 2.5, textAlign: 'center' }}
    >
      <CloudUploadOutlined color="action" />
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>{label}</Typography>
      <Button size="small" variant="outlined" onClick={() => input.current?.click()}>파일 선택</Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accept}
        data-testid="file-input"
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </Box>
  );
}

export function UploadList({ items, onCancel, onClear }: { items: UploadItem[]; onCancel: (id: number) => void; onClear: () => void }) {
  if (items.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 1.5 }} data-testid="upload-list">
      {items.map((i) => (
        <Box key={i.id} data-testid="upload-item" data-state={i.state}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{i.name}</Typography>
            <Typography variant="caption" color={i.state === 'failed' ? 'error' : 'text.secondary'}>
              {i.state === 'uploading' && `${formatFileSize(i.loaded)} / ${formatFileSize(i.size)}`}
              {i.state === 'done' && '완료'}
              {(i.state === 'failed' || i.state === 'cancelled') && i.error}
            </Typography>
            {i.state === 'uploading' && (
              <IconButton size="small" aria-label={`${i.name} 업로드 취소`} onClick={() => onCancel(i.id)}><CloseOutlined fontSize="small" /></IconButton>
            )}
          </Stack>
          <LinearProgress
            variant="determinate"
            color={i.state === 'failed' ? 'error' : i.state === 'done' ? 'success' : 'primary'}
            value={i.size ? Math.min(100, (i.loaded / i.size) * 100) : 0}
            aria-label={`${i.name} 업로드 진행률`}
          />
        </Box>
      ))}
      {items.some((i) => i.state !== 'uploading') && (
        <Box sx={{ textAlign: 'right' }}><Button size="small" onClick={onClear}>끝난 항목 지우기</Button></Box>
      )}
    </Stack>
  );
}

import { formatFileSize } from '@academy/contracts/files';
import type { BoardPost } from '@academy/contracts/board';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import { Box, Link, Stack, Typography } from '@mui/material';

/** A post's files: pictures shown (tap to open full size), PDFs as downloads. */
export function AttachmentList({ files }: { files: BoardPost['attachments'] }) {
  if (files.length === 0) return null;
  return (
    <Stack spacing={1.5} data-testid="board-attachments">
      {files.map((f) =>
        f.contentType.startsWith('image/') && f.url ? (
          <Box key={f.id} component="a" href={f.url} target="_blank" rel="noopener noreferrer" sx={{ display: 'block' }}>
            <Box component="img" src={f.url} alt={f.fileName} loading="lazy" sx={{ maxWidth: '100%', maxHeight: 480, borderRadius: 2, border: 1, borderColor: 'divider' }} />
          </Box>
        ) : (
          <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <AttachFileOutlined fontSize="small" aria-hidden />
            {f.url ? <Link href={f.url}>{f.fileName}</Link> : <Typography>{f.fileName}</Typography>}
            <Typography variant="body2" color="textSecondary">{formatFileSize(f.size)}</Typography>
          </Stack>
        ),
      )}
    </Stack>
  );
}

import type { OmrSheet } from '@academy/contracts/omr';
import { Box } from '@mui/material';

type Box4 = { x: number; y: number; w: number; h: number };

/** Where a question's bubbles are on the straightened page, in its pixels (with the reader's own alignment offsets). */
export function questionBox(sheet: Pick<OmrSheet, 'layout' | 'fields' | 'scale'>, fieldIds: readonly string[]): Box4 | null {
  const scale = sheet.scale;
  if (!scale) return null;
  const { bubble } = sheet.layout;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const id of fieldIds) {
    const f = sheet.layout.fields.find((x) => x.id === id);
    const read = sheet.fields.find((x) => x.id === id);
    if (!f) continue;
    for (const b of f.bubbles) {
      const x = b.x * scale + (read?.dx ?? 0);
      const y = b.y * scale + (read?.dy ?? 0);
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  if (!Number.isFinite(minX)) return null;
  const padX = bubble.width * scale * 1.6;
  const padY = bubble.height * scale * 1.4;
  return { x: minX - padX * 1.6, y: minY - padY, w: maxX - minX + padX * 2.6, h: maxY - minY + padY * 2 };
}

/**
 * The crop of one question's row from the straightened page, drawn from the page image itself
 * (no second image is stored): the part of the page a person needs to judge the marks.
 */
export function RowCrop({ sheet, fieldIds, height, label }: { sheet: OmrSheet; fieldIds: readonly string[]; height: number; label: string }) {
  const box = questionBox(sheet, fieldIds);
  if (!box || !sheet.imageUrl || !sheet.scale) return null;
  const zoom = height / box.h;
  const pageW = Math.round(sheet.layout.page.width * sheet.scale);
  return (
    <Box
      role="img"
      aria-label={label}
      data-testid="omr-row-crop"
      sx={{
        width: Math.round(box.w * zoom),
        height,
        backgroundImage: `url("${sheet.imageUrl}")`,
        backgroundRepeat: 'no-repeat',
        backgroundSize: `${pageW * zoom}px auto`,
        backgroundPosition: `${-box.x * zoom}px ${-box.y * zoom}px`,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: '#fff',
        flexShrink: 0,
      }}
    />
  );
}

/** The whole straightened page with the marks the reader took circled (blue) and the doubtful ones (orange). */
export function PageWithMarks({ sheet, width }: { sheet: OmrSheet; width: number }) {
  if (!sheet.imageUrl || !sheet.scale) return null;
  const scale = sheet.scale;
  const zoom = width / (sheet.layout.page.width * scale);
  const { bubble } = sheet.layout;
  const marks: { key: string; x: number; y: number; doubtful: boolean }[] = [];
  for (const f of sheet.layout.fields) {
    const read = sheet.fields.find((r) => r.id === f.id);
    if (!read) continue;
    f.values.forEach((v, i) => {
      if (!read.marked.includes(v)) return;
      marks.push({ key: `${f.id}-${v}`, x: (f.bubbles[i]!.x * scale + read.dx) * zoom, y: (f.bubbles[i]!.y * scale + read.dy) * zoom, doubtful: read.flagged });
    });
  }
  const w = bubble.width * scale * zoom * 1.5;
  const h = bubble.height * scale * zoom * 1.7;
  return (
    <Box sx={{ position: 'relative', width, flexShrink: 0 }}>
      <Box component="img" src={sheet.imageUrl} alt={`${sheet.studentName ?? '학생 미확인'} 답안지 (바르게 편 이미지)`} sx={{ width, display: 'block', border: 1, borderColor: 'divider' }} />
      {marks.map((m) => (
        <Box
          key={m.key}
          aria-hidden
          sx={{ position: 'absolute', left: m.x - w / 2, top: m.y - h / 2, width: w, height: h, borderRadius: '50%', border: 2, borderColor: m.doubtful ? 'warning.main' : 'primary.main' }}
        />
      ))}
    </Box>
  );
}

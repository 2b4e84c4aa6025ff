import type { ExpenseClaim } from '@academy/contracts/payroll';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useReceiptUrl } from './api/receipt-url.ts';

/**
 * The receipt of a claim: a photo as an image in the page; a PDF opens in a tab of its own, in the
 * browser's PDF viewer (issue 35 item 5). The app frames nothing of its own (CSP frame-src lists
 * only the video players, stored files are sent with frame-ancestors 'none'), and a PDF is not
 * parsed inside the app's origin: see docs/SECURITY.md, "Receipts and other PDFs".
 */
export function ReceiptPreview({ receipt, height = 420 }: { receipt: ExpenseClaim['receipt']; height?: number }) {
  const url = useReceiptUrl(receipt?.fileId ?? null);
  if (!receipt) return <Alert severity="warning">영수증 파일이 없습니다.</Alert>;
  if (url.isPending) return <CircularProgress size={24} aria-label="영수증 불러오는 중" />;
  if (url.isError) return <Alert severity="error">영수증을 열 수 없습니다.</Alert>;
  const src = url.data.url;
  const pdf = receipt.contentType === 'application/pdf';
  return (
    <Box data-testid="receipt-preview">
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', height, bgcolor: 'grey.100', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {pdf ? (
          <Box sx={{ textAlign: 'center', p: 2 }} data-testid="receipt-pdf">
            <PictureAsPdfOutlined sx={{ fontSize: 48, color: 'error.main' }} aria-hidden />
            <Typography sx={{ fontWeight: 700, wordBreak: 'keep-all' }}>{receipt.fileName}</Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1.5, wordBreak: 'keep-all' }}>
              PDF 영수증은 새 탭의 PDF 보기에서 열립니다. 확인한 뒤 이 탭으로 돌아와 승인하거나 반려하세요.
            </Typography>
            <Button variant="contained" href={src} target="_blank" rel="noopener" endIcon={<OpenInNewOutlined />} data-testid="receipt-pdf-open">
              영수증 PDF 열기
            </Button>
          </Box>
        ) : (
          <img src={src} alt={`영수증 ${receipt.fileName}`} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} data-testid="receipt-image" />
        )}
      </Box>
      {!pdf && (
        <Button size="small" href={src} target="_blank" rel="noopener" endIcon={<OpenInNewOutlined />} sx={{ mt: 0.5 }}>
          {receipt.fileName} 새 창에서 열기
        </Button>
      )}
    </Box>
  );
}

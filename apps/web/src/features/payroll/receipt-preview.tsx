import type { ExpenseClaim } from '@academy/contracts/payroll';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useReceiptUrl } from './api/receipt-url.ts';

/** The receipt of a claim, shown in the page: a photo as an image, a PDF in a frame. */
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
          <iframe src={src} title={`영수증 ${receipt.fileName}`} style={{ border: 0, width: '100%', height: '100%' }} data-testid="receipt-pdf" />
        ) : (
          <img src={src} alt={`영수증 ${receipt.fileName}`} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} data-testid="receipt-image" />
        )}
      </Box>
      <Button size="small" href={src} target="_blank" rel="noopener" endIcon={<OpenInNewOutlined />} sx={{ mt: 0.5 }}>
        {receipt.fileName} 새 창에서 열기
      </Button>
    </Box>
  );
}

import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { PageHeader } from '../../../components/page-header.tsx';

/** The admin's first page. The lectures area replaces this file with the real list. */
export default function LectureListPage() {
  return (
    <>
      <PageHeader title="강좌 목록" description="학원에서 운영하는 강좌와 주차별 수업을 관리합니다." />
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ py: 8, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, color: 'text.secondary' }}>
            <MenuBookOutlined sx={{ fontSize: 48, color: 'primary.light' }} />
            <Typography variant="h6" color="text.primary">
              등록된 강좌가 없습니다
            </Typography>
          </Box>
        </CardContent>
      </Card>
    </>
  );
}

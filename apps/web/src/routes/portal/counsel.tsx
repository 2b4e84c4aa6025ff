import { Box } from '@mui/material';
import { PortalCounsel } from '../../features/clinic/portal-counsel.tsx';
import { PortalTabs } from '../../features/clinic/portal-slots.tsx';

/** /portal/counsel: counsel booking with a type (phone first). */
export default function PortalCounselPage() {
  return (
    <Box>
      <PortalTabs active="counsel" />
      <PortalCounsel />
    </Box>
  );
}

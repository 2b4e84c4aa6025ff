import { Box } from '@mui/material';
import { PortalClinic } from '../../features/clinic/portal-clinic.tsx';
import { PortalTabs } from '../../features/clinic/portal-slots.tsx';

/** /portal/clinic: the student's clinics (phone first). */
export default function PortalClinicPage() {
  return (
    <Box>
      <PortalTabs active="clinic" />
      <PortalClinic />
    </Box>
  );
}

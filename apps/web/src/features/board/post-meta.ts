import { formatKoreanDate } from '@academy/contracts/format';
import { dayjs } from '../../lib/dayjs.ts';

/** Today's posts by time ("14:05"), older ones by date ("2026. 11. 21."). */
export function postDate(iso: string): string {
  const d = dayjs(iso);
  return d.isSame(dayjs(), 'day') ? d.format('HH:mm') : formatKoreanDate(iso, { weekday: false });
}

import { formatKoreanDate } from '@academy/contracts/format';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's posts by time ("14:05"), older ones by date ("2026. 11. 21."). Plain Date: the board's list loads no date library. */
export function postDate(iso: string): string {
  const d = new Date(iso);
  const now = new Date();
  const today = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate();
  return today ? `${pad(d.getHours())}:${pad(d.getMinutes())}` : formatKoreanDate(iso, { weekday: false });
}

import { CHOICE_LABELS } from '@academy/contracts/grading';
import type { OmrField } from '@academy/contracts/omr';

/**
 * How dark each bubble of a field was read, named by the bubble: "① 0% ② 1% ③ 100%" for a choice
 * row, "0 0% 1 97% …" for a digit column (issue 35 item 19: the review showed bare "0 1 100 1 1").
 * A fill is a share of this sheet's usual mark, shown as a whole percent, never below 0.
 */
export function fillText(field: Pick<OmrField, 'kind' | 'values'> | undefined, fills: readonly number[]): string {
  return fills
    .map((v, i) => {
      const value = field?.values[i] ?? String(i + 1);
      const name = field?.kind === 'choice' ? (CHOICE_LABELS[Number(value)] ?? value) : value;
      return `${name} ${Math.max(0, Math.round(v * 100))}%`;
    })
    .join(' ');
}

/** Helpers shared by the files browser tests. */
import type { Page } from 'playwright-core';

/** A small but real one-page PDF (what a teacher's handout starts as). */
export function tinyPdf(label: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 24 Tf 72 760 Td (${label}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Opens the file area of the demo lecture 고2 수학 정규반 (its first weekly lecture is selected), once its list has loaded. */
export async function openFilesPage(page: Page): Promise<void> {
  await page.goto('/crm/lectures');
  await page.getByTestId('lecture-card').filter({ hasText: '고2 수학 정규반' }).getByTestId('lecture-card-name').click();
  await page.getByTestId('lecture-title').waitFor();
  const id = /\/crm\/lectures\/(\d+)/.exec(page.url())?.[1];
  await page.goto(`/crm/lectures/${id}/files`);
  // The area shows at once; its list (what a test counts) arrives after it.
  await page.getByTestId('material-table').waitFor();
}

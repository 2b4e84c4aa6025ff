import { describe, expect, test } from 'vitest';
import { openFilesPage, tinyPdf } from './files-kit.ts';
import { browserForFile } from './harness.ts';

const e2e = browserForFile();

describe('files', () => {
  test('staff upload several files at once (one over 10 MB in parallel parts), each with its own progress, and manage them', async () => {
    const page = await e2e.signedIn('admin');
    await openFilesPage(page);
    const before = await page.getByTestId('material-row').count();

    // 12 MB: above the multipart threshold, so it goes up as two 8 MB-sized parts.
    const big = Buffer.alloc(12 * 1024 * 1024, 0x20);
    tinyPdf('big').copy(big);
    await page.getByTestId('file-input').setInputFiles([
      { name: 'e2e 이차함수 프린트.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Quadratic functions') },
      { name: 'e2e 기출 모음.pdf', mimeType: 'application/pdf', buffer: big },
      { name: 'e2e 설치파일.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    ]);
    const items = page.getByTestId('upload-item');
    await expect.poll(() => items.count()).toBe(3);
    await page.locator('[data-testid="upload-item"][data-state="done"]').nth(1).waitFor({ timeout: 60_000 });
    const failed = page.locator('[data-testid="upload-item"][data-state="failed"]');
    expect(await failed.innerText()).toContain('올릴 수 없는 파일 형식');
    await expect.poll(() => page.getByTestId('material-row').count()).toBe(before + 2);

    const row = page.getByTestId('material-row').filter({ hasText: 'e2e 이차함수 프린트.pdf' });
    await row.getByRole('button', { name: '메모 수정' }).click();
    await page.getByTestId('file-memo').fill('수업 시작 전 배부');
    await page.getByTestId('file-memo-save').click();
    await expect.poll(() => row.innerText()).toContain('수업 시작 전 배부');

    // The switch follows the server: it flips once the change is saved.
    await row.getByRole('switch', { name: /학부모 공개/ }).click();
    await expect.poll(() => row.getByRole('switch', { name: /학부모 공개/ }).isChecked()).toBe(true);

    // Preview opens the PDF inline through a signed URL.
    const previewResponse = page.waitForResponse((r) => r.url().includes('/api/files/blob/') && r.request().method() === 'GET');
    await row.getByRole('button', { name: 'e2e 이차함수 프린트.pdf', exact: true }).click();
    await page.getByTestId('preview-pdf').waitFor();
    const res = await previewResponse;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    await page.getByRole('button', { name: '닫기' }).click();
  });

  test('a student opens the material as a watermarked copy, and staff see who opened it', async () => {
    const student = await e2e.signedIn('student', { width: 390, height: 844, at: '/portal/materials' });
    const file = student.getByTestId('material-file').filter({ hasText: 'e2e 이차함수 프린트.pdf' });
    await file.waitFor();
    const popupPromise = student.context().waitForEvent('page');
    const viewCall = student.waitForResponse((r) => r.url().includes('/api/sp/file/'));
    await file.click();
    const view = await viewCall;
    expect(view.status()).toBe(200);
    expect((await view.json()).watermarked).toBe(true);
    const popup = await popupPromise;
    await popup.close();
    // The list marks the material as opened (the check icon titled 열어 봄).
    await expect.poll(() => file.locator('svg title').count()).toBe(1);

    const staff = await e2e.signedIn('admin');
    await openFilesPage(staff);
    const row = staff.getByTestId('material-row').filter({ hasText: 'e2e 이차함수 프린트.pdf' });
    await expect.poll(() => row.getByTestId('views-button').innerText()).toContain('1명');
    await row.getByTestId('views-button').click();
    await expect.poll(() => staff.getByTestId('views-opened').innerText()).toContain('최민준');
  });

  test('a student uploads homework with progress and finds it under my uploads', async () => {
    const page = await e2e.signedIn('student', { width: 390, height: 844, at: '/portal/materials' });
    await page.getByTestId('file-input').setInputFiles([{ name: '3주차 과제.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Homework week 3') }]);
    await page.locator('[data-testid="upload-item"][data-state="done"]').waitFor();
    await expect.poll(() => page.getByTestId('my-uploads').innerText()).toContain('3주차 과제.pdf');
  });
});

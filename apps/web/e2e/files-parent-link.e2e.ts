import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { openFilesPage, tinyPdf } from './files-kit.ts';
import { browserForFile } from './harness.ts';

const e2e = browserForFile();

const FILE_NAME = 'e2e 학부모 안내문.pdf';

describe('files: parent links', () => {
  test('staff make a parent link; a parent opens it with no session and downloads the file; a revoked link is refused', async () => {
    const staff = await e2e.signedIn('admin');
    await openFilesPage(staff);
    await staff.getByTestId('file-input').setInputFiles([{ name: FILE_NAME, mimeType: 'application/pdf', buffer: tinyPdf('Notice for parents') }]);
    const row = staff.getByTestId('material-row').filter({ hasText: FILE_NAME });
    await row.waitFor({ timeout: 30_000 });
    // The action appears only once parent access is on.
    expect(await row.getByTestId('parent-links-button').count()).toBe(0);
    await row.getByRole('switch', { name: /학부모 공개/ }).click();
    await row.getByTestId('parent-links-button').click();

    const dialog = staff.getByTestId('parent-links');
    await dialog.waitFor();
    await staff.getByTestId('parent-link-mode-copy').click();
    const students = staff.getByTestId('parent-link-student');
    const childName = (await students.count()) > 0 ? (await students.first().innerText()).trim() : null;
    if (childName) await students.first().click();
    await staff.getByTestId('parent-link-create').click();
    const url = await staff.getByTestId('parent-link-url').first().inputValue();
    expect(url).toMatch(/\/link\/file\/[A-Za-z0-9_-]{32}$/);
    await expect.poll(() => staff.getByTestId('parent-link-row').count()).toBe(1);
    expect(await staff.getByTestId('parent-link-row').innerText()).toContain('안 열어 봄');

    // The parent: a phone-sized browser with no session at all.
    const parent = await e2e.newPage({ width: 390, height: 844 });
    const linkPath = new URL(url).pathname;
    await parent.goto(linkPath);
    await parent.getByTestId('shared-file').waitFor();
    expect(await parent.getByTestId('shared-file-name').innerText()).toBe(FILE_NAME);
    expect(await parent.getByTestId('shared-file-size').innerText()).toMatch(/(B|KB)$/);
    if (childName) expect(await parent.getByTestId('shared-file-student').innerText()).toBe(childName);
    expect(await parent.getByTestId('shared-file-expires').innerText()).toMatch(/\d{4}\. \d{1,2}\. \d{1,2}\.\([일월화수목금토]\) \d{2}:\d{2}까지/);
    const downloadEvent = parent.waitForEvent('download');
    await parent.getByTestId('shared-file-download').click();
    const download = await downloadEvent;
    expect(download.suggestedFilename()).toBe(FILE_NAME);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Staff see that it was opened, then revoke it.
    await staff.getByRole('button', { name: '닫기' }).click();
    await row.getByTestId('parent-links-button').click();
    await expect.poll(() => staff.getByTestId('parent-link-row').innerText()).toContain('1회');
    await staff.getByTestId('parent-link-row').getByRole('button', { name: '취소' }).click();
    await staff.getByTestId('confirm-ok').click();
    await expect.poll(() => staff.getByTestId('parent-link-row').innerText()).toContain('취소됨');

    await parent.reload();
    await parent.getByTestId('shared-file-gone').waitFor();
    expect(await parent.getByTestId('shared-file-gone').innerText()).toContain('취소된 링크');

    const stranger = await e2e.newPage({ width: 390, height: 844 });
    await stranger.goto('/link/file/not-a-real-token');
    await stranger.getByTestId('shared-file-gone').waitFor();
    expect(await stranger.getByTestId('shared-file-gone').innerText()).toContain('링크를 찾을 수 없어요');
  });
});

import { sanitizeFileName } from '@academy/contracts/files';
import { describe, expect, it } from 'vitest';
import { checkContent, sniff } from './files.sniff.ts';

const b = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('content sniffing', () => {
  it.each([
    ['pdf', b('%PDF-1.7\n')],
    ['png', b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['jpeg', b([0xff, 0xd8, 0xff, 0xe0])],
    ['gif', b('GIF89a')],
    ['webp', b('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['zip', b('PK', [3, 4])],
    ['ole', b([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
    ['mp4', b([0, 0, 0, 0x20], 'ftypisom')],
    ['mp3', b('ID3', [4, 0])],
    ['text', Buffer.from('이름,점수\n최민준,92\n', 'utf8')],
  ] as const)('recognises %s from its first bytes', (family, head) => {
    expect(sniff(head)).toEqual({ kind: 'known', family });
  });

  it.each([
    ['EXE', b('MZ', [0x90, 0])],
    ['ELF', b([0x7f], 'ELF')],
    ['Mach-O', b([0xcf, 0xfa, 0xed, 0xfe])],
    ['script', b('#!/bin/sh\nrm -rf /')],
  ])('refuses an executable (%s) whatever it is called', (_what, head) => {
    const r = checkContent({ fileName: '3주차 자료.pdf', head });
    expect(r).toMatchObject({ ok: false, error: { code: 'files.executable' } });
  });

  it('the extension must match the bytes; office files are ZIP or OLE inside', () => {
    expect(checkContent({ fileName: '사진.pdf', head: b([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) })).toMatchObject({ ok: false, error: { code: 'files.type_mismatch' } });
    expect(checkContent({ fileName: '보고서.hwp', head: b([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) })).toMatchObject({ ok: true, contentType: 'application/x-hwp' });
    expect(checkContent({ fileName: '성적표.xlsx', head: b('PK', [3, 4]) })).toMatchObject({ ok: true, family: 'zip' });
    expect(checkContent({ fileName: 'setup.exe', head: b('PK', [3, 4]) })).toMatchObject({ ok: false, error: { code: 'files.type_not_allowed' } });
    expect(checkContent({ fileName: 'binary.txt', head: b([0, 1, 2, 3]) })).toMatchObject({ ok: false, error: { code: 'files.type_mismatch' } });
  });
});

describe('file names', () => {
  it('drops folders, control and reserved characters, keeps Korean (NFC) and the extension', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\a\\3주차<자료>?.pdf')).toBe('3주차자료.pdf');
    expect(sanitizeFileName('이차함수\u0000\u0007.pdf')).toBe('이차함수.pdf');
    expect(sanitizeFileName('\u1100\u1161.pdf')).toBe('가.pdf');
    expect(sanitizeFileName('   ...   ')).toBe('파일');
    const long = sanitizeFileName(`${'가'.repeat(300)}.pdf`);
    expect(long.length).toBe(150);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

import { kstToday } from '@academy/contracts/dates';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { PDFDocument, rgb } from 'pdf-lib';
import type { AppContext } from '../../context.ts';
import type { DemoSeed } from '../../db/seed/seed.ts';
import { newStorageKey } from './files.rows.ts';
import { files, fileViews } from './files.table.ts';
import { embedKoreanFont } from '../../lib/pdf/korean-font.ts';

/** A valid RGB PNG of the given size, a soft gradient (a scanned sheet, in miniature). */
export function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set([240 - ((x * 40) / width), 245 - ((y * 30) / height), 250], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A Korean handout: a title and numbered problems on each page. */
async function handout(opts: { title: string; pages: number; lines: (page: number, line: number) => string }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(opts.title);
  const lines = Array.from({ length: opts.pages }, (_, p) => Array.from({ length: 12 }, (_, l) => opts.lines(p, l)));
  const font = await embedKoreanFont(doc, opts.title + lines.flat().join('') + '0123456789 /');
  for (let p = 0; p < opts.pages; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(opts.title, { x: 56, y: 780, size: 18, font, color: rgb(0.1, 0.3, 0.15) });
    page.drawText(`${p + 1} / ${opts.pages}`, { x: 510, y: 40, size: 9, font });
    for (let l = 0; l < 12; l++) page.drawText(lines[p]![l]!, { x: 56, y: 730 - l * 50, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

type DemoFile = { lecture: string; sessionsAgo: number; fileName: string; make: () => Promise<Buffer>; contentType: string; memo?: string; parent?: boolean; openedBy?: string[] };

const DEMO_FILES: DemoFile[] = [
  {
    lecture: '고2 수학 정규반', sessionsAgo: 0, fileName: '이차함수 심화 프린트.pdf', contentType: 'application/pdf', memo: '수업 시작 전 배부, 결석생은 포털로 확인',
    make: () => handout({ title: '이차함수 심화 프린트', pages: 3, lines: (p, l) => `${p * 12 + l + 1}. 이차함수 y = x² - ${l + 2}x + ${p + l}의 꼭짓점과 최솟값을 구하시오.` }),
  },
  {
    lecture: '고2 수학 정규반', sessionsAgo: 0, fileName: '판서 정리.png', contentType: 'image/png',
    make: async () => makePng(320, 240),
  },
  {
    lecture: '고2 수학 정규반', sessionsAgo: 1, fileName: '단원평가 해설.pdf', contentType: 'application/pdf', parent: true, openedBy: ['student01', 'student02', 'student03'],
    make: () => handout({ title: '단원평가 해설', pages: 2, lines: (p, l) => `${p * 12 + l + 1}번 해설: 판별식 D = b² - 4ac를 이용해 실근의 개수를 판단합니다.` }),
  },
  {
    lecture: '예비고3 국어 파이널 심화', sessionsAgo: 0, fileName: '현대시 작품 분석.pdf', contentType: 'application/pdf',
    make: () => handout({ title: '현대시 작품 분석', pages: 2, lines: (p, l) => `${p * 12 + l + 1}. 화자의 정서와 태도, 시어의 상징적 의미를 정리해 봅시다.` }),
  },
];

/**
 * Lecture materials on recent sessions, a few opens, and one homework upload, stored in the
 * app's storage. Unit tests (NODE_ENV=test) skip it: they make their own files, and every test
 * app would otherwise write demo bytes and spend time on fonts. The browser tests and demo
 * installs (development/production) get it. Accounts and sessions come from what the users and
 * lectures modules seeded before (`seed.accounts`, `seed.lectures`).
 */
export async function seedDemoFiles(ctx: AppContext, seed: DemoSeed): Promise<void> {
  if (ctx.config.env === 'test') return;
  const { db, storage } = ctx;
  const admin = seed.accounts.get('admin') ?? 0;
  const today = kstToday(ctx.now());
  const put = async (fileName: string, contentType: string, bytes: Buffer) => {
    const storageKey = newStorageKey(ctx.now());
    await storage.put({ key: storageKey, body: bytes, contentType });
    return { storageKey, fileName, contentType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), status: 'available' as const };
  };
  for (const f of DEMO_FILES) {
    const lecture = seed.lectures.get(f.lecture);
    if (!lecture) continue;
    // Sessions before today, the most recent first.
    const wl = lecture.sessions.filter((s) => s.date < today).reverse()[f.sessionsAgo];
    if (!wl) continue;
    const stored = await put(f.fileName, f.contentType, await f.make());
    const [row] = await db
      .insert(files)
      .values({ ...stored, kind: 'material', ownerId: admin, lectureId: lecture.id, weeklyLectureId: wl.id, memo: f.memo ?? '', hasParentAccess: !!f.parent })
      .returning({ id: files.id });
    const openers = (f.openedBy ?? []).map((loginId) => seed.accounts.get(loginId)).filter((id): id is number => id !== undefined);
    if (row && openers.length) {
      await db.insert(fileViews).values(openers.map((userId, i) => ({ fileId: row.id, userId, firstOpenedAt: ctx.now(), lastOpenedAt: ctx.now(), openCount: i + 1 })));
    }
  }
  const student = seed.accounts.get('student02');
  if (student) {
    const bytes = await handout({ title: '10주차 과제 풀이', pages: 1, lines: (_p, l) => `${l + 1}번: 풀이 과정을 적었습니다.` });
    await db.insert(files).values({ ...(await put('10주차 과제 풀이.pdf', 'application/pdf', bytes)), kind: 'homework', ownerId: student });
  }
}

import { BOARD_RATE } from '@academy/contracts/board';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { smsOutbox } from '../../lib/sms/sms.table.ts';
import { boardPosts } from './board.table.ts';
import { PNG_SAMPLE, sendToUrl, sha256 } from '../files/files.testkit.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';

/**
 * The public board through HTTP, from each seat: a visitor (no session, an address), a signed-in
 * student, staff. Rates are counted per address, so each test writes from its own.
 */
let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let pupil: TestAccount;
let other: TestAccount;
let ipSeq = 0;
const newIp = () => `198.51.100.${++ipSeq}`;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: { ip?: string; token?: string; body?: unknown } = {}) {
  const res = await t.app.inject({ method, url: `/api${url}`, remoteAddress: opts.ip ?? '203.0.113.1', headers: opts.token ? bearer(opts.token) : {}, ...(opts.body === undefined ? {} : { payload: opts.body as object }) });
  return { status: res.statusCode, json: res.body ? res.json() : null };
}

const question = (over: Record<string, unknown> = {}) => ({ title: '보강 일정 문의', body: '지난주 수업 보강은 언제인가요?', name: '김지현', phone: '010-4444-0001', privacyConsent: true, password: 'secret-pw', ...over });

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  [pupil, other] = (await makeStudents(t, 2, { phone: '01055556666' })) as [TestAccount, TestAccount];
});
afterAll(() => t.close());

describe('개인정보 수집·이용 동의 for a visitor\'s phone', () => {
  it('refuses a phone without the consent, naming the field in Korean; a post without a phone needs none', async () => {
    for (const privacyConsent of [undefined, false]) {
      const refused = await call('POST', '/board', { ip: newIp(), body: question({ title: '동의 없이 번호', privacyConsent }) });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toBe('개인정보 수집·이용 동의: 번호를 남기려면 동의해 주세요');
      expect(JSON.stringify(refused.json)).toContain('privacyConsent');
    }
    const noPhone = await call('POST', '/board', { ip: newIp(), body: question({ title: '번호 없이', phone: undefined, privacyConsent: undefined }) });
    expect(noPhone.status).toBe(200);
    const [row] = await t.ctx.db.select().from(boardPosts).where(eq(boardPosts.id, noPhone.json.id));
    expect(row).toMatchObject({ authorPhone: null, phoneConsentAt: null });
  });

  it('stores when the consent was given with the phone, and forgets the phone when the post is deleted', async () => {
    const made = await call('POST', '/board', { ip: newIp(), body: question({ title: '동의하고 번호' }) });
    expect(made.status).toBe(200);
    const [row] = await t.ctx.db.select().from(boardPosts).where(eq(boardPosts.id, made.json.id));
    expect(row!.authorPhone).toBe('01044440001');
    expect(row!.phoneConsentAt).toEqual(t.ctx.now());
    expect((await call('DELETE', `/board/${made.json.id}`, { token: staff.ta.token, body: {} })).status).toBe(200);
    const [gone] = await t.ctx.db.select().from(boardPosts).where(eq(boardPosts.id, made.json.id));
    expect(gone!.authorPhone).toBeNull();
  });
});

describe('writing and reading', () => {
  it('a visitor asks; the board shows the post with the name masked, staff see the whole name and the phone', async () => {
    const made = await call('POST', '/board', { ip: newIp(), body: question() });
    expect(made.status).toBe(200);
    expect(made.json).toMatchObject({ title: '보강 일정 문의', authorName: '김*현', authorType: 'visitor', contact: null, canEdit: false });
    const list = await call('GET', '/board');
    expect(list.json.items.find((p: { id: number }) => p.id === made.json.id)).toMatchObject({ authorName: '김*현', locked: false, answerCount: 0 });
    const asStaff = await call('GET', `/board/${made.json.id}`, { token: staff.ta.token });
    expect(asStaff.json.contact).toEqual({ name: '김지현', phone: '01044440001' });
    expect(asStaff.json).not.toHaveProperty('passwordHash');
  });

  it('a signed-in student writes as themselves; staff pin notices on top, in the order they choose', async () => {
    const mine = await call('POST', '/board', { ip: newIp(), token: pupil.token, body: { title: '숙제 질문', body: '금요일까지 내면 되나요?' } });
    expect(mine.json).toMatchObject({ authorType: 'student', canEdit: true });
    const a = await call('POST', '/board', { token: staff.admin.token, body: { title: '휴원 안내', body: '12월 25일은 쉽니다.', notice: true } });
    const b = await call('POST', '/board', { token: staff.admin.token, body: { title: '특강 안내', body: '겨울 특강 모집', notice: true } });
    expect(a.json.kind).toBe('notice');
    expect((await call('GET', '/board')).json.notices.map((n: { id: number }) => n.id)).toEqual([a.json.id, b.json.id]);
    expect((await call('PUT', '/board/sort-order', { token: staff.ta.token, body: { ids: [b.json.id, a.json.id] } })).status).toBe(200);
    const list = (await call('GET', '/board')).json;
    expect(list.notices.map((n: { id: number }) => n.id)).toEqual([b.json.id, a.json.id]);
    expect(list.items.some((p: { id: number }) => p.id === a.json.id)).toBe(false);
    expect((await call('PUT', '/board/sort-order', { token: pupil.token, body: { ids: [] } })).status).toBe(403);
    expect((await call('POST', '/board', { ip: newIp(), token: pupil.token, body: { title: '공지', body: '학생 공지', notice: true } })).status).toBe(403);
  });

  it('searches titles and pages, and lists unanswered questions', async () => {
    const ip = newIp();
    await call('POST', '/board', { ip, body: question({ title: '검색어가있는 제목 하나' }) });
    await call('POST', '/board', { ip, body: question({ title: '검색어가있는 제목 둘' }) });
    const found = (await call('GET', `/board?q=${encodeURIComponent('검색어가있는')}&size=1`)).json;
    expect(found.totalCount).toBe(2);
    expect(found.items).toHaveLength(1);
    expect(found.notices).toEqual([]);
    expect((await call('GET', '/board?q=%25')).json.totalCount).toBe(0);
    const open = (await call('GET', '/board?status=unanswered&size=50')).json.items;
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((p: { answerCount: number; kind: string }) => p.answerCount === 0 && p.kind === 'question')).toBe(true);
  });

  it('counts what the list pages through as posts come, go, are pinned and answered', async () => {
    const totals = async () => ({
      all: (await call('GET', '/board')).json.totalCount as number,
      open: (await call('GET', '/board?status=unanswered')).json.totalCount as number,
    });
    const before = await totals();
    const made = await call('POST', '/board', { ip: newIp(), body: question() });
    expect(await totals()).toEqual({ all: before.all + 1, open: before.open + 1 });
    const a = await t.call('POST', `/api/board/${made.json.id}/answers`, staff.ta.token, { body: '답변' });
    expect(await totals()).toEqual({ all: before.all + 1, open: before.open });
    await t.call('DELETE', `/api/board/answers/${a.json.id}`, staff.ta.token);
    expect(await totals()).toEqual({ all: before.all + 1, open: before.open + 1 });
    await call('DELETE', `/board/${made.json.id}`, { token: staff.ta.token, body: {} });
    expect(await totals()).toEqual(before);
    const notice = await call('POST', '/board', { token: staff.admin.token, body: { title: '고정 안 한 공지', body: '내용' } });
    expect((await totals()).all).toBe(before.all + 1);
    const pinned = (await call('GET', '/board')).json.notices.map((n: { id: number }) => n.id);
    await call('PUT', '/board/sort-order', { token: staff.ta.token, body: { ids: [...pinned, notice.json.id] } });
    expect((await totals()).all).toBe(before.all);
  });

  it('keeps a script as text: the body comes back exactly as written', async () => {
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const made = await call('POST', '/board', { ip: newIp(), body: question({ title: '<b>굵게</b>', body: payload }) });
    expect((await call('GET', `/board/${made.json.id}`)).json).toMatchObject({ title: '<b>굵게</b>', body: payload });
  });
});

describe('비밀글', () => {
  it('only its writer (by password or session) and staff read it; the list shows only that it exists', async () => {
    const made = await call('POST', '/board', { ip: newIp(), body: question({ title: '성적 상담 요청', secret: true }) });
    const listed = (await call('GET', '/board')).json.items.find((p: { id: number }) => p.id === made.json.id);
    expect(listed).toMatchObject({ title: '비밀글입니다', locked: true, secret: true });
    const denied = await call('GET', `/board/${made.json.id}`);
    expect(denied.status).toBe(403);
    expect(denied.json.code).toBe('board.secret');
    const ip = newIp();
    expect((await call('POST', `/board/${made.json.id}/unlock`, { ip, body: { password: 'wrong' } })).json.code).toBe('board.wrong_password');
    expect((await call('POST', `/board/${made.json.id}/unlock`, { ip, body: { password: 'secret-pw' } })).json.title).toBe('성적 상담 요청');
    expect((await call('GET', `/board/${made.json.id}`, { token: staff.ta.token })).status).toBe(200);
    expect((await call('GET', `/board/${made.json.id}`, { token: pupil.token })).status).toBe(403);
  });

  it("a student's 비밀글: the student and staff, nobody else", async () => {
    const made = await call('POST', '/board', { ip: newIp(), token: pupil.token, body: { title: '개인 질문', body: '비밀', secret: true } });
    expect((await call('GET', `/board/${made.json.id}`, { token: pupil.token })).status).toBe(200);
    expect((await call('GET', `/board/${made.json.id}`, { token: other.token })).status).toBe(403);
    expect((await call('GET', `/board/${made.json.id}`)).status).toBe(403);
    expect((await call('POST', `/board/${made.json.id}/unlock`, { ip: newIp(), body: { password: 'anything' } })).status).toBe(403);
  });

  it('the search never looks inside a 비밀글 the searcher may not read (issue 34 item 7)', async () => {
    const hidden = await call('POST', '/board', { ip: newIp(), body: question({ title: '수학 성적 비밀상담 요청', secret: true }) });
    const mine = await call('POST', '/board', { ip: newIp(), token: pupil.token, body: { title: '영어 비밀상담 요청', body: '비밀', secret: true } });
    const found = async (q: string, token?: string) => ((await call('GET', `/board?q=${encodeURIComponent(q)}`, { token })).json.items as { id: number }[]).map((p) => p.id);
    // A letter-by-letter guess finds nothing, anonymous or signed in as someone else.
    for (const q of ['비밀상담', '수학 성적', '성적 비밀']) {
      expect(await found(q)).not.toContain(hidden.json.id);
      expect(await found(q, other.token)).not.toContain(hidden.json.id);
    }
    expect(await found('비밀상담', other.token)).not.toContain(mine.json.id);
    // Who may read it finds it.
    expect(await found('수학 성적', staff.ta.token)).toContain(hidden.json.id);
    expect(await found('영어 비밀', pupil.token)).toContain(mine.json.id);
  });

  it('a burst of wrong passwords at once checks at most the limit (issue 34 item 10)', async () => {
    const made = await call('POST', '/board', { ip: newIp(), body: question({ secret: true }) });
    const ip = newIp();
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => call('POST', `/board/${made.json.id}/unlock`, { ip, body: { password: `burst${i}` } })));
    const checked = burst.filter((r) => r.json.code === 'board.wrong_password').length;
    expect(checked).toBe(BOARD_RATE.wrongPasswordsPer10Min);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(40 - checked);
    expect((await call('POST', `/board/${made.json.id}/unlock`, { ip, body: { password: 'secret-pw' } })).status).toBe(429);
    // The right password from elsewhere opens it, and costs that address nothing.
    const elsewhere = newIp();
    for (let i = 0; i < BOARD_RATE.wrongPasswordsPer10Min + 2; i++) expect((await call('POST', `/board/${made.json.id}/unlock`, { ip: elsewhere, body: { password: 'secret-pw' } })).status).toBe(200);
  });

  it('wrong passwords are limited per address', async () => {
    const made = await call('POST', '/board', { ip: newIp(), body: question({ secret: true }) });
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await call('POST', `/board/${made.json.id}/unlock`, { ip, body: { password: `guess${i}` } })).status).toBe(403);
    expect((await call('POST', `/board/${made.json.id}/unlock`, { ip, body: { password: 'secret-pw' } })).status).toBe(429);
  });
});

describe('changing and deleting', () => {
  it('a visitor changes and deletes with the password; a student their own; staff delete anything but change only notices', async () => {
    const ip = newIp();
    const made = await call('POST', '/board', { ip, body: question() });
    expect((await call('PUT', `/board/${made.json.id}`, { ip, body: { title: '수정', body: '수정된 내용', password: 'nope' } })).json.code).toBe('board.wrong_password');
    const changed = await call('PUT', `/board/${made.json.id}`, { ip, body: { title: '수정한 제목', body: '수정된 내용', password: 'secret-pw' } });
    expect(changed.json).toMatchObject({ title: '수정한 제목', body: '수정된 내용' });
    expect((await call('PUT', `/board/${made.json.id}`, { token: staff.ta.token, body: { title: '직원이 고침', body: '안 됨' } })).status).toBe(403);

    const mine = await call('POST', '/board', { ip: newIp(), token: pupil.token, body: { title: '내 글', body: '내용' } });
    expect((await call('PUT', `/board/${mine.json.id}`, { token: other.token, body: { title: '남의 글', body: '고침' } })).status).toBe(403);
    expect((await call('DELETE', `/board/${mine.json.id}`, { token: pupil.token, body: {} })).status).toBe(200);
    expect((await call('GET', `/board/${mine.json.id}`)).status).toBe(404);

    expect((await call('DELETE', `/board/${made.json.id}`, { ip, body: { password: 'x' } })).status).toBe(403);
    expect((await call('DELETE', `/board/${made.json.id}`, { token: staff.ta.token, body: {} })).status).toBe(200);
  });
});

describe('answers', () => {
  it('staff answer and text the visitor at the phone they left, linking to the post', async () => {
    const made = await call('POST', '/board', { ip: newIp(), body: question({ title: '주차 문의입니다', phone: '010-4444-0002' }) });
    const answered = await t.call('POST', `/api/board/${made.json.id}/answers`, staff.ta.token, { body: '지하 주차장을 이용해 주세요.', notifySms: true });
    expect(answered.status).toBe(200);
    expect(answered.json).toMatchObject({ smsQueued: true, authorName: '박조교' });
    const [text] = await t.ctx.db.select().from(smsOutbox).where(and(eq(smsOutbox.purpose, 'board_answer'), eq(smsOutbox.toPhone, '01044440002')));
    expect(text!.body).toBe(`[학원] 게시판에 남기신 글 '주차 문의입니다'에 답변이 등록되었습니다.\nhttp://academy.test/board/${made.json.id}`);
    const post = (await call('GET', `/board/${made.json.id}`)).json;
    expect(post.answers).toEqual([expect.objectContaining({ body: '지하 주차장을 이용해 주세요.', authorName: '학원' })]);
    expect(post.answerCount).toBe(1);
  });

  it("texts a student at their account's phone; without a phone the answer is saved and nothing is texted", async () => {
    const mine = await call('POST', '/board', { ip: newIp(), token: pupil.token, body: { title: '학생 질문', body: '내용' } });
    expect((await t.call('POST', `/api/board/${mine.json.id}/answers`, staff.ta.token, { body: '답변', notifySms: true })).json.smsQueued).toBe(true);
    const silent = await call('POST', '/board', { ip: newIp(), body: question({ phone: undefined }) });
    expect((await t.call('POST', `/api/board/${silent.json.id}/answers`, staff.ta.token, { body: '답변', notifySms: true })).json.smsQueued).toBe(false);
    expect((await t.call('POST', `/api/board/${silent.json.id}/answers`, pupil.token, { body: '학생 답변' })).status).toBe(403);
  });

  it('staff change and delete answers; the count follows', async () => {
    const made = await call('POST', '/board', { ip: newIp(), body: question() });
    const a = (await t.call('POST', `/api/board/${made.json.id}/answers`, staff.ta.token, { body: '첫 답변' })).json;
    expect((await t.call('PUT', `/api/board/answers/${a.id}`, staff.ta.token, { body: '고친 답변' })).json.body).toBe('고친 답변');
    expect((await t.call('DELETE', `/api/board/answers/${a.id}`, staff.ta.token)).status).toBe(200);
    expect((await call('GET', `/board/${made.json.id}`)).json).toMatchObject({ answerCount: 0, answers: [] });
  });
});

describe('attachments', () => {
  async function upload(ip: string, fileName = '문제 사진.png', body: Buffer = PNG_SAMPLE) {
    const init = await call('POST', '/board/files/upload-url', { ip, body: { fileName, fileSize: body.length } });
    if (init.status !== 200) return { init };
    const put = await sendToUrl(t, { url: init.json.url, method: 'PUT', body, headers: init.json.headers });
    expect(put.status).toBe(200);
    const done = await call('PUT', `/board/files/${init.json.file.id}/upload-done`, { ip, body: { sha256: sha256(body), ticket: init.json.ticket } });
    return { init, done };
  }

  it('a visitor attaches a picture through the files flow; readers get a short URL to it', async () => {
    const ip = newIp();
    const { init, done } = await upload(ip);
    expect(done!.status).toBe(200);
    expect(done!.json).toMatchObject({ fileName: '문제 사진.png', contentType: 'image/png' });
    const made = await call('POST', '/board', { ip, body: question({ attachments: [{ fileId: init.json.file.id, ticket: init.json.ticket }] }) });
    expect(made.status).toBe(200);
    const post = (await call('GET', `/board/${made.json.id}`)).json;
    expect(post.attachmentCount).toBe(1);
    expect(post.attachments[0]).toMatchObject({ fileName: '문제 사진.png', contentType: 'image/png' });
    const got = await sendToUrl(t, { url: post.attachments[0].url, method: 'GET' });
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.body, PNG_SAMPLE)).toBe(0);
  });

  it("refuses what is not a picture or a PDF, what is too big, and someone else's upload", async () => {
    const ip = newIp();
    expect((await upload(ip, 'setup.exe', Buffer.from('MZ'))).init.json.code).toBe('files.type_not_allowed');
    expect((await call('POST', '/board/files/upload-url', { ip, body: { fileName: 'big.pdf', fileSize: 11 * 1024 * 1024 } })).json.code).toBe('files.too_large');
    const { init } = await upload(ip);
    const stolen = await call('POST', '/board', { ip: newIp(), body: question({ attachments: [{ fileId: init.json.file.id, ticket: 'x'.repeat(32) }] }) });
    expect(stolen.status).toBe(400);
    expect(stolen.json.code).toBe('board.attachment_invalid');
  });
});

describe('anti-spam', () => {
  it('refuses a filled honeypot, too many links, a missing name or password, and too much text', async () => {
    const ip = newIp();
    expect((await call('POST', '/board', { ip, body: question({ website: 'http://spam.example' }) })).json.code).toBe('board.rejected');
    const links = await call('POST', '/board', { ip, body: question({ body: 'http://a.example http://b.example www.c.example' }) });
    expect(links.json).toMatchObject({ code: 'board.too_many_links' });
    expect(links.json.issues[0].path).toBe('body');
    expect((await call('POST', '/board', { ip, body: question({ password: undefined }) })).json.issues[0].path).toBe('password');
    expect((await call('POST', '/board', { ip, body: question({ name: undefined }) })).json.issues[0].path).toBe('name');
    expect((await call('POST', '/board', { ip, body: question({ body: '가'.repeat(5001) }) })).json.issues[0].path).toBe('body');
    expect((await call('POST', '/board', { ip, body: question({ title: '' }) })).json.issues[0].path).toBe('title');
  });

  it('a burst of posts at once from one address is held to the limit (issue 34 item 10)', async () => {
    const ip = newIp();
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => call('POST', '/board', { ip, body: question({ title: `동시 질문 ${i}` }) })));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(BOARD_RATE.postsPer10Min);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(12 - BOARD_RATE.postsPer10Min);
  });

  it('an address may post three times in ten minutes; another address is not affected', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect((await call('POST', '/board', { ip, body: question() })).status).toBe(200);
    const limited = await call('POST', '/board', { ip, body: question() });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('board.rate_limited');
    expect((await call('POST', '/board', { ip: newIp(), body: question() })).status).toBe(200);
    t.clock.advance(11 * 60_000);
    expect((await call('POST', '/board', { ip, body: question() })).status).toBe(200);
  });
});

import { BOARD_RATE, boardApi, type CreatePostBody } from '@academy/contracts/board';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, outcomeOf } from '../../../test/harness.ts';
import { smsOutbox } from '../../lib/sms/sms.table.ts';
import { boardPosts } from './board.table.ts';
import { PNG_SAMPLE, sendToUrl, sha256 } from '../files/files.testkit.ts';
import { boardQuestion, makePost } from './board.testkit.ts';
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

const question = boardQuestion;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  [pupil, other] = (await makeStudents(t, 2, { phone: '01055556666' })) as [TestAccount, TestAccount];
});
afterAll(() => t.close());

describe('개인정보 수집·이용 동의 for a visitor\'s phone', () => {
  it('refuses a phone without the consent, naming the field in Korean; a post without a phone needs none', async () => {
    for (const privacyConsent of [undefined, false]) {
      const refused = await t.apiError(boardApi.create, { ip: newIp(), body: question({ title: '동의 없이 번호', privacyConsent }) });
      expect(refused.status).toBe(400);
      expect(refused.message).toBe('개인정보 수집·이용 동의: 번호를 남기려면 동의해 주세요');
      expect(JSON.stringify(refused)).toContain('privacyConsent');
    }
    const noPhone = await makePost(t, { ip: newIp(), body: question({ title: '번호 없이', phone: undefined, privacyConsent: undefined }) });
    const [row] = await t.ctx.db.select().from(boardPosts).where(eq(boardPosts.id, noPhone.id));
    expect(row).toMatchObject({ authorPhone: null, phoneConsentAt: null });
  });

  it('stores when the consent was given with the phone, and forgets the phone when the post is deleted', async () => {
    const made = await makePost(t, { ip: newIp(), body: question({ title: '동의하고 번호' }) });
    const [row] = await t.ctx.db.select().from(boardPosts).where(eq(boardPosts.id, made.id));
    expect(row!.authorPhone).toBe('01044440001');
    expect(row!.phoneConsentAt).toEqual(t.ctx.now());
    await t.api(boardApi.remove, { token: staff.ta.token, params: { id: made.id }, body: {} });
    const [gone] = await t.ctx.db.select().from(boardPosts).where(eq(boardPosts.id, made.id));
    expect(gone!.authorPhone).toBeNull();
  });
});

describe('writing and reading', () => {
  it('a visitor asks; the board shows the post with the name masked, staff see the whole name and the phone', async () => {
    const made = await makePost(t, { ip: newIp(), body: question() });
    expect(made).toMatchObject({ title: '보강 일정 문의', authorName: '김*현', authorType: 'visitor', contact: null, canEdit: false });
    const list = await t.api(boardApi.list, { query: {} });
    expect(list.items.find((p) => p.id === made.id)).toMatchObject({ authorName: '김*현', locked: false, answerCount: 0 });
    const asStaff = await t.api(boardApi.get, { token: staff.ta.token, params: { id: made.id } });
    expect(asStaff.contact).toEqual({ name: '김지현', phone: '01044440001' });
    expect(asStaff).not.toHaveProperty('passwordHash');
  });

  it('a signed-in student writes as themselves; staff pin notices on top, in the order they choose', async () => {
    const mine = await makePost(t, { ip: newIp(), token: pupil.token, body: { title: '숙제 질문', body: '금요일까지 내면 되나요?' } });
    expect(mine).toMatchObject({ authorType: 'student', canEdit: true });
    const a = await makePost(t, { token: staff.admin.token, body: { title: '휴원 안내', body: '12월 25일은 쉽니다.', notice: true } });
    const b = await makePost(t, { token: staff.admin.token, body: { title: '특강 안내', body: '겨울 특강 모집', notice: true } });
    expect(a.kind).toBe('notice');
    expect((await t.api(boardApi.list, { query: {} })).notices.map((n) => n.id)).toEqual([a.id, b.id]);
    await t.api(boardApi.sortOrder, { token: staff.ta.token, body: { ids: [b.id, a.id] } });
    const list = await t.api(boardApi.list, { query: {} });
    expect(list.notices.map((n) => n.id)).toEqual([b.id, a.id]);
    expect(list.items.some((p) => p.id === a.id)).toBe(false);
    expect((await t.apiError(boardApi.sortOrder, { token: pupil.token, body: { ids: [] } })).status).toBe(403);
    expect((await t.apiError(boardApi.create, { ip: newIp(), token: pupil.token, body: { title: '공지', body: '학생 공지', notice: true } })).status).toBe(403);
  });

  it('searches titles and pages, and lists unanswered questions', async () => {
    const ip = newIp();
    await makePost(t, { ip, body: question({ title: '검색어가있는 제목 하나' }) });
    await makePost(t, { ip, body: question({ title: '검색어가있는 제목 둘' }) });
    const found = await t.api(boardApi.list, { query: { q: '검색어가있는', size: 1 } });
    expect(found.totalCount).toBe(2);
    expect(found.items).toHaveLength(1);
    expect(found.notices).toEqual([]);
    expect((await t.api(boardApi.list, { query: { q: '%' } })).totalCount).toBe(0);
    const open = (await t.api(boardApi.list, { query: { status: 'unanswered', size: 50 } })).items;
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((p) => p.answerCount === 0 && p.kind === 'question')).toBe(true);
  });

  it('counts what the list pages through as posts come, go, are pinned and answered', async () => {
    const totals = async () => ({
      all: (await t.api(boardApi.list, { query: {} })).totalCount,
      open: (await t.api(boardApi.list, { query: { status: 'unanswered' } })).totalCount,
    });
    const before = await totals();
    const made = await makePost(t, { ip: newIp(), body: question() });
    expect(await totals()).toEqual({ all: before.all + 1, open: before.open + 1 });
    const a = await t.api(boardApi.createAnswer, { token: staff.ta.token, params: { id: made.id }, body: { body: '답변' } });
    expect(await totals()).toEqual({ all: before.all + 1, open: before.open });
    await t.api(boardApi.deleteAnswer, { token: staff.ta.token, params: { id: a.id } });
    expect(await totals()).toEqual({ all: before.all + 1, open: before.open + 1 });
    await t.api(boardApi.remove, { token: staff.ta.token, params: { id: made.id }, body: {} });
    expect(await totals()).toEqual(before);
    const notice = await makePost(t, { token: staff.admin.token, body: { title: '고정 안 한 공지', body: '내용' } });
    expect((await totals()).all).toBe(before.all + 1);
    const pinned = (await t.api(boardApi.list, { query: {} })).notices.map((n) => n.id);
    await t.api(boardApi.sortOrder, { token: staff.ta.token, body: { ids: [...pinned, notice.id] } });
    expect((await totals()).all).toBe(before.all);
  });

  it('keeps a script as text: the body comes back exactly as written', async () => {
    const payload = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const made = await makePost(t, { ip: newIp(), body: question({ title: '<b>굵게</b>', body: payload }) });
    expect(await t.api(boardApi.get, { params: { id: made.id } })).toMatchObject({ title: '<b>굵게</b>', body: payload });
  });
});

describe('비밀글', () => {
  it('only its writer (by password or session) and staff read it; the list shows only that it exists', async () => {
    const made = await makePost(t, { ip: newIp(), body: question({ title: '성적 상담 요청', secret: true }) });
    const listed = (await t.api(boardApi.list, { query: {} })).items.find((p) => p.id === made.id);
    expect(listed).toMatchObject({ title: '비밀글입니다', locked: true, secret: true });
    const denied = await t.apiError(boardApi.get, { params: { id: made.id } });
    expect(denied.status).toBe(403);
    expect(denied.code).toBe('board.secret');
    const ip = newIp();
    expect((await t.apiError(boardApi.unlock, { ip, params: { id: made.id }, body: { password: 'wrong' } })).code).toBe('board.wrong_password');
    expect((await t.api(boardApi.unlock, { ip, params: { id: made.id }, body: { password: 'secret-pw' } })).title).toBe('성적 상담 요청');
    await t.api(boardApi.get, { token: staff.ta.token, params: { id: made.id } });
    expect((await t.apiError(boardApi.get, { token: pupil.token, params: { id: made.id } })).status).toBe(403);
  });

  it("a student's 비밀글: the student and staff, nobody else", async () => {
    const made = await makePost(t, { ip: newIp(), token: pupil.token, body: { title: '개인 질문', body: '비밀', secret: true } });
    await t.api(boardApi.get, { token: pupil.token, params: { id: made.id } });
    expect((await t.apiError(boardApi.get, { token: other.token, params: { id: made.id } })).status).toBe(403);
    expect((await t.apiError(boardApi.get, { params: { id: made.id } })).status).toBe(403);
    expect((await t.apiError(boardApi.unlock, { ip: newIp(), params: { id: made.id }, body: { password: 'anything' } })).status).toBe(403);
  });

  it('the search never looks inside a 비밀글 the searcher may not read', async () => {
    const hidden = await makePost(t, { ip: newIp(), body: question({ title: '수학 성적 비밀상담 요청', secret: true }) });
    const mine = await makePost(t, { ip: newIp(), token: pupil.token, body: { title: '영어 비밀상담 요청', body: '비밀', secret: true } });
    const found = async (q: string, token?: string) => (await t.api(boardApi.list, { token, query: { q } })).items.map((p) => p.id);
    // A letter-by-letter guess finds nothing, anonymous or signed in as someone else.
    for (const q of ['비밀상담', '수학 성적', '성적 비밀']) {
      expect(await found(q)).not.toContain(hidden.id);
      expect(await found(q, other.token)).not.toContain(hidden.id);
    }
    expect(await found('비밀상담', other.token)).not.toContain(mine.id);
    // Who may read it finds it.
    expect(await found('수학 성적', staff.ta.token)).toContain(hidden.id);
    expect(await found('영어 비밀', pupil.token)).toContain(mine.id);
  });

  it('a burst of wrong passwords at once checks at most the limit', async () => {
    const made = await makePost(t, { ip: newIp(), body: question({ secret: true }) });
    const ip = newIp();
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => t.apiError(boardApi.unlock, { ip, params: { id: made.id }, body: { password: `burst${i}` } })));
    const checked = burst.filter((r) => r.code === 'board.wrong_password').length;
    expect(checked).toBe(BOARD_RATE.wrongPasswordsPer10Min);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(40 - checked);
    expect((await t.apiError(boardApi.unlock, { ip, params: { id: made.id }, body: { password: 'secret-pw' } })).status).toBe(429);
    // The right password from elsewhere opens it, and costs that address nothing.
    const elsewhere = newIp();
    for (let i = 0; i < BOARD_RATE.wrongPasswordsPer10Min + 2; i++) await t.api(boardApi.unlock, { ip: elsewhere, params: { id: made.id }, body: { password: 'secret-pw' } });
  });

  it('wrong passwords are limited per address', async () => {
    const made = await makePost(t, { ip: newIp(), body: question({ secret: true }) });
    const ip = newIp();
    for (let i = 0; i < 10; i++) expect((await t.apiError(boardApi.unlock, { ip, params: { id: made.id }, body: { password: `guess${i}` } })).status).toBe(403);
    expect((await t.apiError(boardApi.unlock, { ip, params: { id: made.id }, body: { password: 'secret-pw' } })).status).toBe(429);
  });
});

describe('changing and deleting', () => {
  it('a visitor changes and deletes with the password; a student their own; staff delete anything but change only notices', async () => {
    const ip = newIp();
    const made = await makePost(t, { ip, body: question() });
    const params = { id: made.id };
    expect((await t.apiError(boardApi.update, { ip, params, body: { title: '수정', body: '수정된 내용', password: 'nope' } })).code).toBe('board.wrong_password');
    const changed = await t.api(boardApi.update, { ip, params, body: { title: '수정한 제목', body: '수정된 내용', password: 'secret-pw' } });
    expect(changed).toMatchObject({ title: '수정한 제목', body: '수정된 내용' });
    expect((await t.apiError(boardApi.update, { token: staff.ta.token, params, body: { title: '직원이 고침', body: '안 됨' } })).status).toBe(403);

    const mine = await makePost(t, { ip: newIp(), token: pupil.token, body: { title: '내 글', body: '내용' } });
    expect((await t.apiError(boardApi.update, { token: other.token, params: { id: mine.id }, body: { title: '남의 글', body: '고침' } })).status).toBe(403);
    await t.api(boardApi.remove, { token: pupil.token, params: { id: mine.id }, body: {} });
    expect((await t.apiError(boardApi.get, { params: { id: mine.id } })).status).toBe(404);

    expect((await t.apiError(boardApi.remove, { ip, params, body: { password: 'x' } })).status).toBe(403);
    await t.api(boardApi.remove, { token: staff.ta.token, params, body: {} });
  });
});

describe('answers', () => {
  it('staff answer and text the visitor at the phone they left, linking to the post', async () => {
    const made = await makePost(t, { ip: newIp(), body: question({ title: '주차 문의입니다', phone: '010-4444-0002' }) });
    const answered = await t.api(boardApi.createAnswer, { token: staff.ta.token, params: { id: made.id }, body: { body: '지하 주차장을 이용해 주세요.', notifySms: true } });
    expect(answered).toMatchObject({ smsQueued: true, authorName: '박조교' });
    const [text] = await t.ctx.db.select().from(smsOutbox).where(and(eq(smsOutbox.purpose, 'board_answer'), eq(smsOutbox.toPhone, '01044440002')));
    expect(text!.body).toBe(`[학원] 게시판에 남기신 글 '주차 문의입니다'에 답변이 등록되었습니다.\nhttp://academy.test/board/${made.id}`);
    const post = await t.api(boardApi.get, { params: { id: made.id } });
    expect(post.answers).toEqual([expect.objectContaining({ body: '지하 주차장을 이용해 주세요.', authorName: '학원' })]);
    expect(post.answerCount).toBe(1);
  });

  it("texts a student at their account's phone; without a phone the answer is saved and nothing is texted", async () => {
    const mine = await makePost(t, { ip: newIp(), token: pupil.token, body: { title: '학생 질문', body: '내용' } });
    expect(await t.api(boardApi.createAnswer, { token: staff.ta.token, params: { id: mine.id }, body: { body: '답변', notifySms: true } })).toMatchObject({ smsQueued: true });
    const silent = await makePost(t, { ip: newIp(), body: question({ phone: undefined }) });
    expect(await t.api(boardApi.createAnswer, { token: staff.ta.token, params: { id: silent.id }, body: { body: '답변', notifySms: true } })).toMatchObject({ smsQueued: false });
    expect((await t.apiError(boardApi.createAnswer, { token: pupil.token, params: { id: silent.id }, body: { body: '학생 답변' } })).status).toBe(403);
  });

  it('staff change and delete answers; the count follows', async () => {
    const made = await makePost(t, { ip: newIp(), body: question() });
    const a = await t.api(boardApi.createAnswer, { token: staff.ta.token, params: { id: made.id }, body: { body: '첫 답변' } });
    expect((await t.api(boardApi.updateAnswer, { token: staff.ta.token, params: { id: a.id }, body: { body: '고친 답변' } })).body).toBe('고친 답변');
    await t.api(boardApi.deleteAnswer, { token: staff.ta.token, params: { id: a.id } });
    expect(await t.api(boardApi.get, { params: { id: made.id } })).toMatchObject({ answerCount: 0, answers: [] });
  });
});

describe('attachments', () => {
  async function upload(ip: string, fileName = '문제 사진.png', body: Buffer = PNG_SAMPLE) {
    const init = await t.api(boardApi.uploadUrl, { ip, body: { fileName, fileSize: body.length } });
    const put = await sendToUrl(t, { url: init.url, method: 'PUT', body, headers: init.headers });
    expect(put.status).toBe(200);
    const done = await t.api(boardApi.uploadDone, { ip, params: { id: init.file.id }, body: { sha256: sha256(body), ticket: init.ticket } });
    return { init, done };
  }

  it('a visitor attaches a picture through the files flow; readers get a short URL to it', async () => {
    const ip = newIp();
    const { init, done } = await upload(ip);
    expect(done).toMatchObject({ fileName: '문제 사진.png', contentType: 'image/png' });
    const made = await makePost(t, { ip, body: question({ attachments: [{ fileId: init.file.id, ticket: init.ticket }] }) });
    const post = await t.api(boardApi.get, { params: { id: made.id } });
    expect(post.attachmentCount).toBe(1);
    expect(post.attachments[0]).toMatchObject({ fileName: '문제 사진.png', contentType: 'image/png' });
    const url = post.attachments[0]!.url;
    expect(url).toEqual(expect.any(String));
    const got = await sendToUrl(t, { url: url!, method: 'GET' });
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.body, PNG_SAMPLE)).toBe(0);
  });

  it("refuses what is not a picture or a PDF, what is too big, and someone else's upload", async () => {
    const ip = newIp();
    const exe = Buffer.from('MZ');
    expect((await t.apiError(boardApi.uploadUrl, { ip, body: { fileName: 'setup.exe', fileSize: exe.length } })).code).toBe('files.type_not_allowed');
    expect((await t.apiError(boardApi.uploadUrl, { ip, body: { fileName: 'big.pdf', fileSize: 11 * 1024 * 1024 } })).code).toBe('files.too_large');
    const { init } = await upload(ip);
    const stolen = await t.apiError(boardApi.create, { ip: newIp(), body: question({ attachments: [{ fileId: init.file.id, ticket: 'x'.repeat(32) }] }) });
    expect(stolen.status).toBe(400);
    expect(stolen.code).toBe('board.attachment_invalid');
  });
});

describe('anti-spam', () => {
  it('refuses a filled honeypot, too many links, a missing name or password, and too much text', async () => {
    const ip = newIp();
    const refused = (body: CreatePostBody) => t.apiError(boardApi.create, { ip, body });
    expect((await refused(question({ website: 'http://spam.example' }))).code).toBe('board.rejected');
    const links = await refused(question({ body: 'http://a.example http://b.example www.c.example' }));
    expect(links).toMatchObject({ code: 'board.too_many_links' });
    expect(links.issues![0]!.path).toBe('body');
    expect((await refused(question({ password: undefined }))).issues![0]!.path).toBe('password');
    expect((await refused(question({ name: undefined }))).issues![0]!.path).toBe('name');
    expect((await refused(question({ body: '가'.repeat(5001) }))).issues![0]!.path).toBe('body');
    expect((await refused(question({ title: '' }))).issues![0]!.path).toBe('title');
  });

  it('a burst of posts at once from one address is held to the limit', async () => {
    const ip = newIp();
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => outcomeOf(makePost(t, { ip, body: question({ title: `동시 질문 ${i}` }) }))));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(BOARD_RATE.postsPer10Min);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(12 - BOARD_RATE.postsPer10Min);
  });

  it('an address may post three times in ten minutes; another address is not affected', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) await makePost(t, { ip, body: question() });
    const limited = await t.apiError(boardApi.create, { ip, body: question() });
    expect(limited.status).toBe(429);
    expect(limited.code).toBe('board.rate_limited');
    await makePost(t, { ip: newIp(), body: question() });
    t.clock.advance(11 * 60_000);
    await makePost(t, { ip, body: question() });
  });
});

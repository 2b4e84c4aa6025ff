import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local HTTP server that speaks the part of SOLAPI's REST API the driver uses (messages/v4
 * groups), with its HMAC-SHA256 authorization checked, so the real SDK runs against it. Tests
 * steer it: fail or hang the next call of a kind, and read what actually left (`sent`: every
 * message of every group that was sent, by our key).
 */
export type FakeSolapi = {
  url: string;
  /** Messages handed to carriers: one entry per message of a sent group (a double shows as two). */
  sent: { key: string; to: string; text: string; type: string; groupId: string }[];
  /** Requests by kind, in order. */
  calls: string[];
  /** The next `times` calls of a kind answer with this status and body (a solapi error). */
  failNext: (kind: CallKind, opts: { status: number; errorCode: string; errorMessage: string; times?: number }) => void;
  /**
   * The next call of a kind is processed (`process: true`: its effect happens, e.g. the group is
   * sent) but never answered, until `release` is called. Resolves `hung` when it arrives.
   */
  hangNext: (kind: CallKind, opts?: { process?: boolean }) => { hung: Promise<void>; release: () => void };
  /** Delivery status code given to messages to this number (default 4000: received). */
  statusFor: (to: string, code: string, reason?: string) => void;
  close: () => Promise<void>;
};

export type CallKind = 'createGroup' | 'addMessages' | 'sendGroup' | 'getGroup' | 'getGroupMessages';

type Group = { id: string; status: 'PENDING' | 'SENDING' | 'COMPLETE'; allowDuplicates: boolean; messages: { messageId: string; to: string; from: string; text: string; type: string; key: string }[] };

export async function startFakeSolapi(opts: { apiKey: string; apiSecret: string }): Promise<FakeSolapi> {
  const groups = new Map<string, Group>();
  const sent: FakeSolapi['sent'] = [];
  const calls: string[] = [];
  const failures = new Map<CallKind, { status: number; body: object; times: number }>();
  const hangs = new Map<CallKind, { process: boolean; arrived: () => void; released: Promise<void> }>();
  const codes = new Map<string, { code: string; reason: string | null }>();
  const open = new Set<ServerResponse>();

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const authorized = (req: IncomingMessage) => {
    const m = /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]+)$/.exec(String(req.headers.authorization ?? ''));
    if (!m || m[1] !== opts.apiKey) return false;
    return createHmac('sha256', opts.apiSecret).update(m[2]! + m[3]!).digest('hex') === m[4];
  };

  const groupInfo = (g: Group) => {
    const count = { total: g.messages.length, sentTotal: g.status === 'PENDING' ? 0 : g.messages.length, sentFailed: 0, sentSuccess: 0, sentPending: 0, sentReplacement: 0, refund: 0, registeredFailed: 0, registeredSuccess: g.messages.length };
    const cash = { requested: 0, replacement: 0, refund: 0, sum: 0 };
    const kinds = Object.fromEntries(['sms', 'lms', 'mms', 'ata', 'cta', 'cti', 'nsa', 'rcs_sms', 'rcs_lms', 'rcs_mms', 'rcs_tpl'].map((k) => [k, {}]));
    const profit = Object.fromEntries(['sms', 'lms', 'mms', 'ata', 'cta', 'cti', 'nsa', 'rcs_sms', 'rcs_lms', 'rcs_mms', 'rcs_tpl'].map((k) => [k, 0]));
    const now = new Date().toISOString();
    return {
      count, countForCharge: kinds, balance: cash, point: cash, app: { profit, appId: null }, log: [], status: g.status, allowDuplicates: g.allowDuplicates,
      isRefunded: false, accountId: 'ACC', masterAccountId: null, apiVersion: '4', groupId: g.id, price: {}, dateCreated: now, dateUpdated: now,
      scheduledDate: null, dateSent: g.status === 'PENDING' ? null : now, dateCompleted: null,
    };
  };

  const handle = (kind: CallKind, req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>, groupId: string | undefined) => {
    const g = groupId ? groups.get(groupId) : undefined;
    if (groupId && !g) return json(res, 404, { errorCode: 'NotFound', errorMessage: '그룹을 찾을 수 없습니다' });
    switch (kind) {
      case 'createGroup': {
        const id = `G4V${randomBytes(8).toString('hex').toUpperCase()}`;
        groups.set(id, { id, status: 'PENDING', allowDuplicates: body.allowDuplicates === true, messages: [] });
        return json(res, 200, { groupId: id, status: 'PENDING' });
      }
      case 'addMessages': {
        const resultList = [];
        let errors = 0;
        for (const m of (body.messages as Record<string, unknown>[]) ?? []) {
          const to = String(m.to);
          const messageId = `M4V${randomBytes(8).toString('hex').toUpperCase()}`;
          const base = { to, from: String(m.from), type: String(m.type), country: '82', messageId, accountId: 'ACC', customFields: m.customFields as Record<string, string> };
          if (!g!.allowDuplicates && g!.messages.some((x) => x.to === to)) {
            errors++;
            resultList.push({ ...base, statusCode: '1030', statusMessage: '중복 수신번호' });
          } else if (!/^01\d{8,9}$/.test(to)) {
            errors++;
            resultList.push({ ...base, statusCode: '1062', statusMessage: '유효하지 않은 수신번호' });
          } else {
            g!.messages.push({ messageId, to, from: String(m.from), text: String(m.text), type: String(m.type), key: (m.customFields as { key?: string } | undefined)?.key ?? '' });
            resultList.push({ ...base, statusCode: '2000', statusMessage: '정상 접수(이통사로 접수 예정) ' });
          }
        }
        return json(res, 200, { errorCount: String(errors), resultList });
      }
      case 'sendGroup': {
        if (g!.status !== 'PENDING') return json(res, 400, { errorCode: 'GroupAlreadySent', errorMessage: '이미 발송된 그룹입니다' });
        if (g!.messages.length === 0) return json(res, 400, { errorCode: 'EmptyGroup', errorMessage: '메시지가 없는 그룹입니다' });
        g!.status = 'COMPLETE';
        for (const m of g!.messages) sent.push({ key: m.key, to: m.to, text: m.text, type: m.type, groupId: g!.id });
        return json(res, 200, groupInfo(g!));
      }
      case 'getGroup':
        return json(res, 200, groupInfo(g!));
      case 'getGroupMessages': {
        const messageList = Object.fromEntries(
          g!.messages.map((m) => {
            const c = codes.get(m.to) ?? { code: g!.status === 'PENDING' ? '2000' : '4000', reason: null };
            return [m.messageId, { messageId: m.messageId, type: m.type, to: m.to, from: m.from, text: m.text, groupId: g!.id, status: 'COMPLETE', statusCode: c.code, reason: c.reason, networkName: 'SKT', networkCode: null, clusterKey: null, imageId: null, subject: null, country: '82', dateProcessed: null, dateReceived: null, dateReported: null }];
          }),
        );
        return json(res, 200, { limit: 20, startKey: null, nextKey: null, messageList });
      }
    }
  };

  const route = (method: string, path: string): { kind: CallKind; groupId?: string } | null => {
    if (method === 'POST' && path === '/messages/v4/groups') return { kind: 'createGroup' };
    let m = /^\/messages\/v4\/groups\/([^/]+)\/messages$/.exec(path);
    if (m && method === 'PUT') return { kind: 'addMessages', groupId: m[1] };
    if (m && method === 'GET') return { kind: 'getGroupMessages', groupId: m[1] };
    m = /^\/messages\/v4\/groups\/([^/]+)\/send$/.exec(path);
    if (m && method === 'POST') return { kind: 'sendGroup', groupId: m[1] };
    m = /^\/messages\/v4\/groups\/([^/]+)$/.exec(path);
    if (m && method === 'GET') return { kind: 'getGroup', groupId: m[1] };
    return null;
  };

  const server: Server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const r = route(req.method ?? '', path);
      if (!r) return json(res, 404, { errorCode: 'NotFound', errorMessage: path });
      calls.push(r.kind);
      if (!authorized(req)) return json(res, 401, { errorCode: 'InvalidApiKey', errorMessage: '인증 실패' });
      const fail = failures.get(r.kind);
      if (fail) {
        if (--fail.times <= 0) failures.delete(r.kind);
        return json(res, fail.status, fail.body);
      }
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const hang = hangs.get(r.kind);
      if (hang) {
        hangs.delete(r.kind);
        if (hang.process) {
          // Do the work, then never answer until released: the caller cannot know it happened.
          const sink = { writeHead: () => sink, end: () => {} } as unknown as ServerResponse;
          handle(r.kind, req, sink, body, r.groupId);
        }
        hang.arrived();
        void hang.released.then(() => (hang.process ? json(res, 200, r.groupId ? groupInfo(groups.get(r.groupId)!) : {}) : handle(r.kind, req, res, body, r.groupId)));
        return;
      }
      handle(r.kind, req, res, body, r.groupId);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    calls,
    failNext(kind, f) {
      failures.set(kind, { status: f.status, body: { errorCode: f.errorCode, errorMessage: f.errorMessage }, times: f.times ?? 1 });
    },
    hangNext(kind, o = {}) {
      let arrived!: () => void;
      let release!: () => void;
      const hung = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hangs.set(kind, { process: o.process ?? false, arrived, released });
      return { hung, release };
    },
    statusFor(to, code, reason) {
      codes.set(to, { code, reason: reason ?? null });
    },
    async close() {
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import type { MessageKind } from '@academy/contracts/sms';

/** What a driver is handed: one message, with the key that names it at the provider. */
export type OutgoingSms = { id: number; key: string; toPhone: string; body: string; kind: MessageKind };

export type SendOutcome =
  /** The provider took it (`ref`: its handle there, for delivery reports). `resumed`: an earlier, interrupted attempt had already handed it over. */
  | { result: 'sent'; ref: string | null; resumed?: boolean; note?: string }
  /** The provider refused it for good (a wrong number, no balance …): retrying would not help. */
  | { result: 'failed'; reason: string };

export type DeliveryReport = { state: 'delivered' } | { state: 'failed'; reason: string } | { state: 'pending' };

/**
 * A way out of the building. The delivery job (delivery.ts) calls `send` once per attempt; a
 * driver that reaches a provider must make a retry safe:
 *
 * - before anything that could make the provider send, it stores its handle with `saveRef`
 *   (committed at once), and on a later attempt it gets that handle back as `ref` and asks the
 *   provider what became of it instead of sending again;
 * - a failure that may be temporary (a timeout, a 5xx, a dropped connection) is thrown (any
 *   error): the job is retried with backoff. A definite refusal is returned as `failed`.
 *
 * To add a provider: implement this type in drivers/<name>.ts, add its settings to config.ts
 * (SMS_DRIVER=<name> and its own variables) and its case in drivers/create-driver.ts, and test
 * it against a local HTTP server that speaks the provider's API (see solapi.test.ts).
 */
export type SmsDriver = {
  name: string;
  send: (msg: OutgoingSms, opts: { ref: string | null; saveRef: (ref: string) => Promise<void>; signal: AbortSignal }) => Promise<SendOutcome>;
  /** Delivery report of a sent message, when the provider keeps one. */
  status?: (ref: string, opts: { signal: AbortSignal }) => Promise<DeliveryReport>;
};

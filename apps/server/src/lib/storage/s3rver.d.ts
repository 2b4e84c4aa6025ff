// s3rver ships no types; only the test kit uses it.
declare module 's3rver' {
  export default class S3rver {
    constructor(opts: Record<string, unknown>);
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
}

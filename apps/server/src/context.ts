import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { TokenSigner } from './lib/tokens.ts';

/** What services need from the outside world. Built once in buildApp; tests may swap `now`. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  signer: TokenSigner;
  now: () => Date;
};

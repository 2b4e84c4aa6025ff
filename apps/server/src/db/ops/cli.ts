import { ConfigError, loadConfig } from '../../config.ts';
import { backup, BackupError, restore } from './backup.ts';

/**
 * `npm run backup -- --out <folder>` and `npm run restore -- --from <folder> --yes`, with the
 * server's own configuration (DATABASE_URL or DATA_DIR, STORAGE_DRIVER). See README "Backups".
 */
async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const arg = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const config = loadConfig();
  if (command === 'backup') {
    const out = arg('out') ?? `backups/${new Date().toISOString().replace(/[:.]/g, '-')}`;
    const m = await backup({ config, out });
    const rows = Object.values(m.rows).reduce((a, b) => a + b, 0);
    console.log(`백업했습니다 / backed up: ${out}\n  ${m.kind}, ${Object.keys(m.rows).length} tables, ${rows} rows, ${Object.keys(m.files).length} files`);
    return;
  }
  if (command === 'restore') {
    const from = arg('from');
    if (!from) throw new BackupError('--from <백업 폴더>를 지정하세요 / give --from <backup folder>');
    if (!rest.includes('--yes')) throw new BackupError('복원하면 지금 데이터가 백업으로 바뀝니다. 확인했으면 --yes를 붙이세요 / restoring replaces the current data: add --yes');
    const { manifest, rows } = await restore({ config, from });
    console.log(`복원했습니다 / restored ${manifest.createdAt} (${manifest.kind}): ${Object.keys(rows).length} tables, row counts and file hashes match the backup`);
    return;
  }
  throw new BackupError('사용법 / usage: backup [--out <folder>] | restore --from <folder> --yes');
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});

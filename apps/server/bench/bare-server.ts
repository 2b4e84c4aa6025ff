import Fastify from 'fastify';
import pg from 'pg';

/**
 * The same GET as /api/auth/me with our layers stripped: no token check, no permission walk, no
 * zod validation or response schema — plain Fastify and the same SELECT through the same driver.
 * Started by the harness as a separate process; the ratio against the real route shows what our
 * layers cost.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });
app.get('/bare/me/:id', async (req) => {
  const { rows } = await pool.query(
    'select id, login_id, name, user_type, is_admin_level, phone, password_initial from users where id = $1 and deleted_at is null limit 1',
    [Number((req.params as { id: string }).id)],
  );
  const u = rows[0];
  return { id: u.id, loginId: u.login_id, name: u.name, userType: u.user_type, isAdminLevel: u.is_admin_level, phone: u.phone, passwordIsInitial: u.password_initial };
});
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`LISTENING ${address}`);

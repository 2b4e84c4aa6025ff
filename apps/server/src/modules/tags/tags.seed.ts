import type { DemoSeed } from '../../db/seed/seed.ts';
import type { TagsDeps } from './tags.deps.ts';
import { tags, userTags } from './tags.table.ts';

export const DEMO_TAGS = [
  { name: '재원생', color: '#2e7d32' },
  { name: '신규', color: '#1565c0' },
  { name: '장학생', color: '#f9a825' },
  { name: '클리닉 필수', color: '#c62828' },
  { name: '퇴원 예정', color: '#6d4c41' },
] as const;

/** The demo center's tags, in this order, on the demo students (by their order of creation). */
export async function seedDemoTags({ ctx, users }: TagsDeps, _seed: DemoSeed): Promise<void> {
  const { db } = ctx;
  const students = (await users.idsOf('STUDENT')).sort((a, b) => a - b);
  if (students.length === 0) return;
  await db.transaction(async () => {
    const tagRows = await db.insert(tags).values(DEMO_TAGS.map((t, i) => ({ ...t, priority: i }))).onConflictDoNothing().returning({ id: tags.id, name: tags.name });
    const tagId = (name: string) => tagRows.find((t) => t.name === name)?.id;
    const pairs: { userId: number; tagId: number }[] = [];
    students.forEach((userId, i) => {
      const add = (name: string) => {
        const id = tagId(name);
        if (id) pairs.push({ userId, tagId: id });
      };
      if (i < 36) add('재원생');
      if (i >= 32) add('신규');
      if (i % 9 === 0) add('장학생');
      if (i % 4 === 1) add('클리닉 필수');
      if (i >= 38) add('퇴원 예정');
    });
    if (pairs.length) await db.insert(userTags).values(pairs).onConflictDoNothing();
  });
}

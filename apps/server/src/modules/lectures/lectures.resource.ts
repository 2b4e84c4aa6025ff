import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineResource, registerResource, type Operator } from '../../plugins/graphql/registry.ts';
import { attendanceTypes, lectures, lectureStudents, weeklyLectures } from './lectures.table.ts';

/** `dayOfWeek` filter: lectures meeting on that day (1 = 월 … 7 = 일), read from the timetable. */
function dayOfWeekCondition({ operator, value }: { operator: Operator; value: unknown }): SQL {
  const days = (Array.isArray(value) ? value : [value]).map(Number).filter((d) => Number.isInteger(d) && d >= 1 && d <= 7);
  const meets = days.length
    ? sql.join(days.map((d) => sql`${lectures.schedule} @> ${JSON.stringify([{ dayOfWeek: d }])}::jsonb`), sql` or `)
    : sql`false`;
  return operator === 'neq' || operator === 'notIn' ? sql`not (${meets})` : sql`(${meets})`;
}

/**
 * GraphQL resources of the lectures area, read only (every change goes through the REST calls of
 * SPEC §7, which keep sessions, rosters and audit in step): `lectures`, `weeklyLectures`,
 * `attendanceTypes`.
 */
export function registerLectureResources(app: FastifyInstance): void {
  registerResource(app, defineResource({
    name: 'lectures',
    singular: 'lecture',
    description: '강좌',
    table: lectures,
    fields: {
      name: { type: 'String', column: lectures.name, sortable: true, filterable: true, description: '강좌명' },
      subject: { type: 'String', column: lectures.subject, sortable: true, filterable: true, description: '과목' },
      teacher: { type: 'String', column: lectures.teacherName, sortable: true, filterable: true, description: '담당 강사 이름' },
      targetSchool: { type: 'String', column: lectures.targetSchool, nullable: true, sortable: true, filterable: true, description: '대상 학교' },
      targetGrade: { type: 'String', column: lectures.targetGrade, nullable: true, sortable: true, filterable: true, description: '대상 학년' },
      room: { type: 'String', column: lectures.room, nullable: true, sortable: true, filterable: true, description: '강의실' },
      schedule: { type: 'String', column: sql`${lectures.schedule}::text`, description: '주간 시간표 JSON [{dayOfWeek, startTime, endTime}]' },
      startDate: { type: 'String', column: sql`${lectures.startDate}::text`, sortable: true, filterable: true, description: '개강일 YYYY-MM-DD' },
      endDate: { type: 'String', column: sql`${lectures.endDate}::text`, sortable: true, filterable: true, description: '종강일 YYYY-MM-DD' },
      color: { type: 'String', column: lectures.color, description: '표시 색상' },
      disabled: { type: 'Boolean', column: lectures.disabled, sortable: true, filterable: true, description: '비활성 여부' },
      studentCount: {
        type: 'Int',
        column: sql`(select count(*)::int from ${lectureStudents} ls where ls.lecture_id = ${lectures.id} and ls.left_at is null)`,
        sortable: true,
        description: '현재 수강생 수',
      },
      createdAt: { type: 'DateTime', column: lectures.createdAt, sortable: true, filterable: true },
    },
    operations: { read: 'TA' },
    virtualFilters: {
      dayOfWeek: { type: 'Int', description: '수업 요일 (1=월 … 7=일): { dayOfWeek: { in: [1, 3] } }', toSql: dayOfWeekCondition },
    },
    defaultSort: [{ field: 'name', direction: 'ASC' }],
  }));

  registerResource(app, defineResource({
    name: 'weeklyLectures',
    singular: 'weeklyLecture',
    description: '회차',
    table: weeklyLectures,
    fields: {
      lectureId: { type: 'Int', column: weeklyLectures.lectureId, sortable: true, filterable: true, description: '강좌 ID' },
      seq: { type: 'Int', column: weeklyLectures.seq, nullable: true, sortable: true, filterable: true, description: '정규 회차 번호 (특별 회차는 null)' },
      title: { type: 'String', column: weeklyLectures.title, sortable: true, filterable: true, description: '회차 제목 (3주차, 보강 …)' },
      specialName: { type: 'String', column: weeklyLectures.specialName, nullable: true, filterable: true, description: '특별 회차 이름' },
      date: { type: 'String', column: sql`${weeklyLectures.date}::text`, sortable: true, filterable: true, description: '날짜 YYYY-MM-DD' },
      startTime: { type: 'String', column: weeklyLectures.startTime, sortable: true, description: '시작 시각' },
      endTime: { type: 'String', column: weeklyLectures.endTime, description: '종료 시각' },
      participantCount: {
        type: 'Int',
        column: sql`(select count(*)::int from weekly_lecture_participants p where p.weekly_lecture_id = ${weeklyLectures.id})`,
        sortable: true,
        description: '참여자 수',
      },
    },
    operations: { read: 'TA' },
    defaultSort: [{ field: 'date', direction: 'ASC' }],
  }));

  registerResource(app, defineResource({
    name: 'attendanceTypes',
    singular: 'attendanceType',
    description: '출결 유형',
    table: attendanceTypes,
    fields: {
      name: { type: 'String', column: attendanceTypes.name, sortable: true, filterable: true, description: '이름' },
      color: { type: 'String', column: attendanceTypes.color, description: '색상' },
      countsAsPresent: { type: 'Boolean', column: attendanceTypes.countsAsPresent, filterable: true, description: '출석으로 인정' },
      seq: { type: 'Int', column: attendanceTypes.seq, sortable: true, description: '표시 순서' },
    },
    operations: { read: 'TA' },
    defaultSort: [{ field: 'seq', direction: 'ASC' }],
  }));
}

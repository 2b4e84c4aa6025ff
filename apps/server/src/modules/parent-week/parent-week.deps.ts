import type { AppContext } from '../../context.ts';
import type { ExamsModule } from '../exams/index.ts';
import type { FilesModule } from '../files/index.ts';
import type { LecturesModule } from '../lectures/index.ts';
import type { StudentsModule } from '../students/index.ts';

/** A clinic slot a student booked, as the parent's week shows it. */
export type BookedClinicSlot = { date: string; startTime: string; endTime: string; title: string; status: string };

/**
 * The slots a student booked between two days, from the clinic module (`clinic.bookings.ofStudent`,
 * wired in the composition root). Without it, as in tests of this module alone, the week shows the
 * clinic status from the scores and no slots.
 */
export type BookedClinicSlots = (opts: { studentId: number; from: string; to: string }) => Promise<BookedClinicSlot[]>;

/** What the parent's week needs: the kernel and the public faces it reads from. */
export type ParentWeekDeps = {
  ctx: AppContext;
  lectures: Pick<LecturesModule, 'studentWeek'>;
  exams: Pick<ExamsModule, 'results'>;
  files: Pick<FilesModule, 'parentFiles'>;
  students: Pick<StudentsModule, 'contactsOf'>;
  bookedClinicSlots?: BookedClinicSlots;
};

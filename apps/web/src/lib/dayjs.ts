import dayjs from 'dayjs';
import 'dayjs/locale/ko';
import updateLocale from 'dayjs/plugin/updateLocale';

dayjs.extend(updateLocale);
// SPEC §9: Korean locale, weeks start on Monday.
dayjs.updateLocale('ko', { weekStart: 1 });
dayjs.locale('ko');

export { dayjs };

import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { SxProps, Theme } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { koKR } from '@mui/x-date-pickers/locales';
import type { ReactElement, ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { Controller, useFormContext } from 'react-hook-form';
import { dayjs } from '../lib/dayjs.ts';
import { useFieldError } from './form-dialog.tsx';

/**
 * The product's date and time inputs (issue 35 item 20): MUI X pickers on dayjs with the Korean
 * locale, so a field reads "2026. 12. 2.(수)" and "오후 7:00" whatever language the browser speaks
 * (a native input follows the browser: mm/dd/yyyy, 07:00 PM). Values stay the strings the contracts
 * use — "YYYY-MM-DD", "HH:mm" and, for a date with its time, "YYYY-MM-DDTHH:mm" on the browser's
 * clock (what the native input gave) — and an empty field is "". Typing works section by
 * section (year, month, day; 오전/오후, hour, minute), and the calendar or clock opens from the button.
 */
export const DATE_FORMAT = 'YYYY. M. D.(dd)';
export const TIME_FORMAT = 'A h:mm';
export const DATE_TIME_FORMAT = `${DATE_FORMAT} ${TIME_FORMAT}`;
const DATE_TIME_VALUE = 'YYYY-MM-DDTHH:mm';

const localeText = koKR.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * AdapterDayjs that reads "오후". dayjs's customParseFormat finds the meridiem by asking the locale
 * for hours 1–24 and takes the first that matches; ko says 오후 from hour 12, which it counts as
 * morning, so a typed "오후 7:00" parsed as 07:00, failed the strict check and left the field
 * invalid (the time shown, the form's value empty). Read it as 오전 and add 12 hours.
 */
export class AdapterDayjsKo extends AdapterDayjs {
  constructor(...args: ConstructorParameters<typeof AdapterDayjs>) {
    super(...args);
    const parse = this.parse;
    this.parse = (value, format) => {
      const pm = format.includes('A') && value.includes('오후');
      const d = parse(pm ? value.replace('오후', '오전') : value, format);
      return pm && d && d.isValid() ? d.add(12, 'hour') : d;
    };
  }
}

function KoreanPickers({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjsKo} adapterLocale="ko" localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}

type Common = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  size?: 'small' | 'medium';
  testId?: string;
  minDate?: string;
  maxDate?: string;
  fullWidth?: boolean;
  width?: number | string;
  sx?: SxProps<Theme>;
};

function fieldSlot({ error, helperText, required, size, testId, fullWidth, onBlur, width, sx }: Common) {
  return {
    // "2026. 12. 2." and "7:00", not "12. 02." and "07:00": the field keeps the format's own padding.
    field: { shouldRespectLeadingZeros: true },
    textField: {
      error: !!error,
      helperText: error ?? helperText,
      required,
      size,
      fullWidth,
      onBlur,
      sx: width === undefined ? sx : { width },
      ...(testId ? { 'data-testid': testId } : {}),
    },
  };
}

export function DateInput(props: Common) {
  const { label, value, onChange, minDate, maxDate } = props;
  return (
    <KoreanPickers>
      <DatePicker
        label={label}
        format={DATE_FORMAT}
        value={value ? dayjs(value) : null}
        onChange={(d) => onChange(d && d.isValid() ? d.format('YYYY-MM-DD') : '')}
        {...(minDate ? { minDate: dayjs(minDate) } : {})}
        {...(maxDate ? { maxDate: dayjs(maxDate) } : {})}
        slotProps={fieldSlot(props)}
      />
    </KoreanPickers>
  );
}

export function TimeInput(props: Common) {
  const { label, value, onChange } = props;
  return (
    <KoreanPickers>
      <TimePicker
        label={label}
        format={TIME_FORMAT}
        value={value ? dayjs(`2000-01-01T${value}`) : null}
        onChange={(d) => onChange(d && d.isValid() ? d.format('HH:mm') : '')}
        slotProps={fieldSlot(props)}
      />
    </KoreanPickers>
  );
}

/** A date with its time: "2026. 12. 2.(수) 오후 7:00". `minDate`/`maxDate` are "YYYY-MM-DDTHH:mm" here. */
export function DateTimeInput(props: Common) {
  const { label, value, onChange, minDate, maxDate } = props;
  return (
    <KoreanPickers>
      <DateTimePicker
        label={label}
        format={DATE_TIME_FORMAT}
        value={value ? dayjs(value) : null}
        onChange={(d) => onChange(d && d.isValid() ? d.format(DATE_TIME_VALUE) : '')}
        {...(minDate ? { minDateTime: dayjs(minDate) } : {})}
        {...(maxDate ? { maxDateTime: dayjs(maxDate) } : {})}
        slotProps={fieldSlot(props)}
      />
    </KoreanPickers>
  );
}

type FormProps<T extends FieldValues> = { name: FieldPath<T> } & Omit<Common, 'value' | 'onChange' | 'onBlur' | 'error'>;

/** An input bound to the react-hook-form field `name`, showing that field's error. */
function FormBound<T extends FieldValues>({ name, Input, ...rest }: FormProps<T> & { Input: (props: Common) => ReactElement }) {
  const { control } = useFormContext<T>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <Input {...rest} value={(field.value as string | undefined) ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={error} />}
    />
  );
}

/** DateInput bound to the react-hook-form field `name`. */
export function FormDateInput<T extends FieldValues>(props: FormProps<T>) {
  return <FormBound {...props} Input={DateInput} />;
}

/** TimeInput bound to the react-hook-form field `name`. */
export function FormTimeInput<T extends FieldValues>(props: FormProps<T>) {
  return <FormBound {...props} Input={TimeInput} />;
}

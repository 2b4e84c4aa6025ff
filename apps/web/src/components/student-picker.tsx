import { Autocomplete, TextField } from '@mui/material';
import { studentsApi } from '@academy/contracts/students';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiQuery } from '../lib/api.ts';

/** A picked student: enough to show a chip and send the id. */
export type StudentOption = { id: number; name: string; loginId: string };

/** Search students (name, id, phone digits or 초성) and pick several. Shared by every area that picks students. */
export function StudentPicker({ value, onChange, exclude, label = '학생 검색' }: { value: StudentOption[]; onChange: (v: StudentOption[]) => void; exclude?: Set<number>; label?: string }) {
  const [search, setSearch] = useState('');
  const result = useQuery({
    ...apiQuery(studentsApi.list, { query: { search: search || undefined, pageSize: 30, status: 'active' } }),
    placeholderData: keepPreviousData,
  });
  const options = (result.data?.nodes ?? [])
    .filter((s) => !exclude?.has(s.id))
    .map((s) => ({ id: s.id, name: s.name, loginId: s.loginId, hint: [s.school, s.grade].filter(Boolean).join(' ') }));
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      options={options}
      value={value}
      loading={result.isFetching}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => `${o.name} (${o.loginId})`}
      renderOption={(props, o) => (
        <li {...props} key={o.id}>
          {o.name} <span style={{ color: '#888', marginLeft: 6, fontSize: 12 }}>{o.loginId}{'hint' in o && o.hint ? ` · ${String(o.hint)}` : ''}</span>
        </li>
      )}
      onInputChange={(_, v, reason) => {
        if (reason === 'input') setSearch(v);
      }}
      onChange={(_, v) => onChange(v.map((o) => ({ id: o.id, name: o.name, loginId: o.loginId })))}
      noOptionsText="검색 결과가 없습니다"
      loadingText="찾는 중…"
      renderInput={(params) => <TextField {...params} label={label} placeholder="이름, 아이디, 전화번호, 초성" slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'student-picker' } }} />}
    />
  );
}

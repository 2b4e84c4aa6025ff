import { DAY_LABELS } from '@academy/contracts/dates';
import { RECIPIENT_AUDIENCE_LABEL, SMS_EVENT_LABEL, SMS_EVENT_VARIABLES, SMS_EVENTS, variablesIn, type SmsEventSetting, type SmsSchedule } from '@academy/contracts/sms';
import { PUBLIC_LINK_MAX_DAYS } from '@academy/contracts/links';
import { hasPermission } from '@academy/contracts/roles';
import AddOutlined from '@mui/icons-material/AddOutlined';
import {
  Alert, Box, Button, Card, CardContent, MenuItem, Skeleton, Stack, Switch, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLectureList } from '../../../features/lectures/api/lecture-list.ts';
import { useDeleteSmsSchedule } from '../../../features/sms/api/delete-sms-schedule.ts';
import { useSmsSchedules } from '../../../features/sms/api/sms-schedules.ts';
import { useSmsSettings } from '../../../features/sms/api/sms-settings.ts';
import { useUpdateSmsSettings } from '../../../features/sms/api/update-sms-settings.ts';
import { formatCost } from '../../../features/sms/preview-panel.tsx';
import { ScheduleDialog } from '../../../features/sms/schedule-dialog.tsx';
import { when } from '../../../features/sms/message-dialog.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

type Center = { senderName: string; optOutNotice: string; attendanceDelayMinutes: number; weekLinkDays: number; textFromHour: number; textUntilHour: number };

/**
 * /crm/sms/settings — the center's SMS settings: the name and opt-out notice advertising carries,
 * the automatic texts (each a switch with its template), and the weekly sends. Admins change them;
 * TAs see them. The driver and the provider's prices come from the server's configuration.
 */
export default function CrmSmsSettingsPage() {
  const { principal } = useSession();
  const canEdit = hasPermission(principal, 'ADMIN');
  const settings = useSmsSettings();
  const schedules = useSmsSchedules();
  const lectures = useLectureList(false);
  const save = useUpdateSmsSettings();
  const remove = useDeleteSmsSchedule();
  const confirm = useConfirm();
  const [center, setCenter] = useState<Center | null>(null);
  const [events, setEvents] = useState<SmsEventSetting[]>([]);
  const [editing, setEditing] = useState<SmsSchedule | 'new' | null>(null);

  useEffect(() => {
    if (!settings.data) return;
    const { senderName, optOutNotice, attendanceDelayMinutes, weekLinkDays, textFromHour, textUntilHour } = settings.data;
    setCenter({ senderName, optOutNotice, attendanceDelayMinutes, weekLinkDays, textFromHour, textUntilHour });
    setEvents(settings.data.events);
  }, [settings.data]);

  const setEvent = (event: SmsEventSetting['event'], change: Partial<SmsEventSetting>) => setEvents((all) => all.map((e) => (e.event === event ? { ...e, ...change } : e)));
  const submit = () => {
    if (!center) return;
    save.mutate({ body: { ...center, events } }, { onSuccess: () => toast.success('문자 설정을 저장했습니다') });
  };
  const templates = settings.data?.templates ?? [];
  const lectureOptions = (lectures.data ?? []).map((l) => ({ id: l.id, name: l.name }));

  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeader title="문자 설정" description={canEdit ? '자동 문자는 켜 둔 것만 나갑니다.' : '설정은 관리자가 바꿀 수 있습니다.'} />
      {settings.isError && <Alert severity="error">{errorMessage(settings.error)}</Alert>}
      {!center && settings.isPending && <Skeleton variant="rounded" height={240} />}
      {center && settings.data && (
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h3" sx={{ mb: 2 }}>보내는 곳</Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
                <TextField label="보내는 곳 이름 (광고 문자 앞)" value={center.senderName} disabled={!canEdit} onChange={(e) => setCenter({ ...center, senderName: e.target.value })} slotProps={{ htmlInput: { maxLength: 20 } }} />
                <TextField label="무료 수신거부 안내 (광고 문자 끝)" placeholder="무료수신거부 080-123-4567" value={center.optOutNotice} disabled={!canEdit} onChange={(e) => setCenter({ ...center, optOutNotice: e.target.value })} helperText="비어 있으면 광고 문자를 보낼 수 없습니다 (정보통신망법 제50조)" slotProps={{ htmlInput: { maxLength: 60 } }} />
                <TextField type="number" label="출결 표시 후 알림까지 (분)" value={center.attendanceDelayMinutes} disabled={!canEdit} onChange={(e) => setCenter({ ...center, attendanceDelayMinutes: Number(e.target.value) })} helperText="그 사이 출결을 고치면 보내지 않습니다. 수업 시작 전에는 보내지 않습니다" slotProps={{ htmlInput: { min: 0, max: 60 } }} />
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <TextField type="number" label="결석/지각 문자 보내는 시간: 시작 (시)" value={center.textFromHour} disabled={!canEdit} onChange={(e) => setCenter({ ...center, textFromHour: Number(e.target.value) })} helperText="한국 시각. 시간 밖에 표시한 출결은 다음 날 시작 시각에 보냅니다" slotProps={{ htmlInput: { min: 0, max: 23 } }} sx={{ flex: 1 }} />
                  <TextField type="number" label="끝 (시)" value={center.textUntilHour} disabled={!canEdit} onChange={(e) => setCenter({ ...center, textUntilHour: Number(e.target.value) })} slotProps={{ htmlInput: { min: 1, max: 24 } }} sx={{ width: 120 }} />
                </Stack>
                <TextField type="number" label="주간 리포트 링크 유효 기간 (일)" value={center.weekLinkDays} disabled={!canEdit} onChange={(e) => setCenter({ ...center, weekLinkDays: Number(e.target.value) })} helperText={`최대 ${PUBLIC_LINK_MAX_DAYS}일`} slotProps={{ htmlInput: { min: 1, max: PUBLIC_LINK_MAX_DAYS } }} />
              </Box>
              <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }} data-testid="sms-provider">
                발송: {settings.data.driver === 'outbox' ? '보관 모드 (outbox, 실제로 나가지 않음)' : settings.data.driver} · 단가 SMS {formatCost(settings.data.prices.sms)}, LMS {formatCost(settings.data.prices.lms)}, 알림톡 {formatCost(settings.data.prices.alimtalk)} · 초당 {settings.data.ratePerSecond || '제한 없이'}통
              </Typography>
            </CardContent>
          </Card>

          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h3" sx={{ mb: 1 }}>자동 문자</Typography>
              <Table size="small" aria-label="자동 문자">
                <TableHead>
                  <TableRow>
                    <TableCell>켜기</TableCell>
                    <TableCell>언제, 누구에게</TableCell>
                    <TableCell>템플릿</TableCell>
                    <TableCell>출결 유형</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {SMS_EVENTS.map((event) => {
                    const e = events.find((x) => x.event === event)!;
                    const usable = templates.filter((t) => variablesIn(t.body).every((v) => SMS_EVENT_VARIABLES[event].includes(v)));
                    return (
                      <TableRow key={event} data-testid={`sms-event-${event}`}>
                        <TableCell>
                          <Switch checked={e.enabled} disabled={!canEdit} onChange={(ev) => setEvent(event, { enabled: ev.target.checked })} slotProps={{ input: { 'aria-label': `${SMS_EVENT_LABEL[event]} 켜기` } }} />
                        </TableCell>
                        <TableCell>{SMS_EVENT_LABEL[event]}</TableCell>
                        <TableCell>
                          <TextField select size="small" fullWidth label="템플릿" value={e.templateId ?? ''} disabled={!canEdit} onChange={(ev) => setEvent(event, { templateId: Number(ev.target.value) || null })} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
                            <MenuItem value="">기본 문구</MenuItem>
                            {usable.map((t) => <MenuItem key={t.id} value={t.id}>{t.title}</MenuItem>)}
                          </TextField>
                        </TableCell>
                        <TableCell>
                          {(event === 'absence' || event === 'late') && (
                            <TextField select size="small" label="유형" value={e.attTypeId ?? ''} disabled={!canEdit} onChange={(ev) => setEvent(event, { attTypeId: Number(ev.target.value) || null })} sx={{ minWidth: 140 }} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
                              <MenuItem value="">{event === 'absence' ? '결석' : '지각'} (기본)</MenuItem>
                              {settings.data.attendanceTypes.map((t) => <MenuItem key={t.id} value={t.id}>{t.name}</MenuItem>)}
                            </TextField>
                          )}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
              <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                비밀번호 찾기 문자는 본인이 요청한 것이라 항상 보냅니다. 같은 회차·학생에게 같은 알림은 한 번만 갑니다.
              </Typography>
              {canEdit && (
                <Button variant="contained" sx={{ mt: 2 }} onClick={submit} disabled={save.isPending} data-testid="sms-settings-save">설정 저장</Button>
              )}
            </CardContent>
          </Card>

          <Card variant="outlined">
            <CardContent>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                <Typography variant="h6" component="h3">정기 발송</Typography>
                {canEdit && <Button startIcon={<AddOutlined />} onClick={() => setEditing('new')} disabled={lectureOptions.length === 0}>정기 발송 만들기</Button>}
              </Stack>
              <Table size="small" aria-label="정기 발송">
                <TableHead>
                  <TableRow>
                    <TableCell>이름</TableCell>
                    <TableCell>언제</TableCell>
                    <TableCell>누구에게</TableCell>
                    <TableCell>다음 발송</TableCell>
                    <TableCell>마지막 발송</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(schedules.data ?? []).map((s) => (
                    <TableRow key={s.id}>
                      <TableCell>{s.name}{s.enabled ? '' : ' (꺼짐)'}</TableCell>
                      <TableCell>매주 {DAY_LABELS[s.weekday]}요일 {s.time}</TableCell>
                      <TableCell>{s.lectureName} {RECIPIENT_AUDIENCE_LABEL[s.audience]}</TableCell>
                      <TableCell>{s.nextRunAt ? when(s.nextRunAt).slice(0, -3) : '-'}</TableCell>
                      <TableCell>{s.lastRunAt ? when(s.lastRunAt).slice(0, -3) : '-'}</TableCell>
                      <TableCell align="right">
                        {canEdit && (
                          <>
                            <Button size="small" onClick={() => setEditing(s)}>고치기</Button>
                            <Button
                              size="small"
                              color="error"
                              onClick={() =>
                                void confirm({ title: '정기 발송 지우기', message: `'${s.name}'을(를) 지웁니다. 이미 보낸 문자는 내역에 남습니다.`, confirmLabel: '지우기', danger: true }).then(
                                  (ok) => ok && remove.mutate({ params: { id: s.id } }),
                                )
                              }
                            >
                              지우기
                            </Button>
                          </>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                  {schedules.data?.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={6}>정기 발송이 없습니다. 예: 매주 금요일 18시, 고2 수학 정규반 학부모에게 주간 리포트 링크.</TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        </Stack>
      )}
      {editing && (
        <ScheduleDialog schedule={editing === 'new' ? null : editing} lectures={lectureOptions} templates={templates} onClose={() => setEditing(null)} />
      )}
    </Box>
  );
}

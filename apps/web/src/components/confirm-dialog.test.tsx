// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmProvider, useConfirm } from './confirm-dialog.tsx';

afterEach(cleanup);

function Asker({ confirmLabel }: { confirmLabel: string }) {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <button onClick={() => void confirm({ title: '확인', message: '진행할까요?', confirmLabel }).then((ok) => setAnswer(ok ? 'yes' : 'no'))}>묻기</button>
      <output>{answer}</output>
    </>
  );
}

describe('the confirm dialog', () => {
  it('goes back with 닫기 when going ahead is itself a cancelling, so 취소 never means both (issue 35 item 14)', async () => {
    render(<ConfirmProvider><Asker confirmLabel="예약 취소" /></ConfirmProvider>);
    fireEvent.click(screen.getByText('묻기'));
    await screen.findByText('예약 취소');
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toContain('닫기');
    expect(buttons).not.toContain('취소');
    fireEvent.click(screen.getByText('닫기'));
    expect(await screen.findByText('no')).toBeTruthy();
  });

  it('keeps 취소 beside an action that cancels nothing', async () => {
    render(<ConfirmProvider><Asker confirmLabel="삭제" /></ConfirmProvider>);
    fireEvent.click(screen.getByText('묻기'));
    expect(await screen.findByText('취소')).toBeTruthy();
    fireEvent.click(screen.getByText('삭제'));
    expect(await screen.findByText('yes')).toBeTruthy();
  });
});

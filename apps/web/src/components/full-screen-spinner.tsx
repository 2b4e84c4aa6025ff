import { Spinner } from './light/feedback.tsx';
import s from './light/feedback.module.css';

/** The centred spinner that fills the screen while a lazy page or the session loads. */
export function FullScreenSpinner({ label = '불러오는 중' }: { label?: string }) {
  return (
    <div role="progressbar" aria-label={label} className={s.fullScreen}>
      <Spinner />
    </div>
  );
}

import { useI18n } from '@/shared/i18n/i18n-context';
import './spinner.css';

/** An accessible busy indicator: announced through role=status, the text is for screen readers only. */
export function Spinner({ label, fullPage = false }: { label?: string; fullPage?: boolean }) {
  const { t } = useI18n();
  return (
    <div role="status" className={fullPage ? 'spinner spinner--page' : 'spinner'}>
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('app.loading')}</span>
    </div>
  );
}

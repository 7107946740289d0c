import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';

interface ReturnCodeDialogProps {
  /** The drop-off code the QR image holds. */
  code: string;
  /** The scannable code as a PNG (base64), when the label is the paperless image. */
  pngBase64: string | null;
  carrier: string;
  onClose: () => void;
}

/**
 * The scannable code itself: the QR image for the counter to scan and, for screen readers and when the
 * scanner fails, the same code as text to read out or type in. In the modal, or on the paperless return
 * confirmation page.
 */
export function ReturnCodeContent({ code, pngBase64, carrier }: Omit<ReturnCodeDialogProps, 'onClose'>) {
  const { t } = useI18n();
  return (
    <div className="return-code">
      <p>{t('returns.code.instructions', { carrier })}</p>
      {pngBase64 && <img src={`data:image/png;base64,${pngBase64}`} alt={t('returns.code.imageAlt', { code })} />}
      <p>
        {t('returns.code.textLabel')} <span className="return-code__text">{code}</span>
      </p>
    </div>
  );
}

/** The carrier return-code modal (spec 001 §2.2). */
export function ReturnCodeDialog({ code, pngBase64, carrier, onClose }: ReturnCodeDialogProps) {
  const { t } = useI18n();
  return (
    <Dialog
      title={t('returns.code.title')}
      onDismiss={onClose}
      actions={<Button onClick={onClose}>{t('returns.code.close')}</Button>}
    >
      <ReturnCodeContent code={code} pngBase64={pngBase64} carrier={carrier} />
    </Dialog>
  );
}

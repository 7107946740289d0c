import { useState } from 'react';
import type { OrderSlotProps } from '@/shared/order-slots/order-slots';
import { useFlags } from '@/shared/config/flags';
import { useI18n } from '@/shared/i18n/i18n-context';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { useReturnInstructions } from '../hooks/use-return-data';
import { ReturnBarcode } from './return-barcode';

/**
 * The "return barcode" quick action of the header (000 §2): only where the server's `returnBarcode` action
 * (the spec's barcode rule, domain/src/actions.rs return_barcode) is present, and only in quick-action mode
 * (otherwise the sidebar shows the barcode and a button on the first group would repeat it). It opens the
 * barcode the server draws for the return (the instructions answer's image, as the return details panel).
 * A sales order's barcode has no drawn image on the server, so there is no quick action for it.
 */
export function ReturnBarcodeSlot({ order }: OrderSlotProps) {
  const { t } = useI18n();
  const { useQuickActionCta } = useFlags();
  const [open, setOpen] = useState(false);
  const offered = useQuickActionCta && order.orderType === 'RETURN_ORDER' && order.actions.returnBarcode?.enabled;
  const instructions = useReturnInstructions(offered ? order.orderNumber : '');
  const barcode = instructions.data?.barcode;
  if (!offered || !barcode) return null;
  const close = () => {
    setOpen(false);
  };
  return (
    <>
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
        }}
      >
        {t('returns.barcode.open')}
      </Button>
      {open && (
        <Dialog
          title={t('returns.instructions.barcodeHeading')}
          onDismiss={close}
          actions={<Button onClick={close}>{t('returns.code.close')}</Button>}
        >
          <ReturnBarcode
            barcode={barcode}
            label={t('returns.instructions.barcodeLabel', { returnOrderNumber: order.orderNumber })}
          />
          <p className="return-code__text">{barcode.value}</p>
          <p className="muted">{t('returns.instructions.barcodeHelp')}</p>
        </Dialog>
      )}
    </>
  );
}

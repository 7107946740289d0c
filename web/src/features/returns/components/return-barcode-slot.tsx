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
 * A sales order's barcode (its returnToStore barcode number) is drawn by the server into the action.
 */
export function ReturnBarcodeSlot({ order }: OrderSlotProps) {
  const { t } = useI18n();
  const { useQuickActionCta } = useFlags();
  const [open, setOpen] = useState(false);
  const action = order.actions.returnBarcode;
  const isReturn = order.orderType === 'RETURN_ORDER';
  const offered = useQuickActionCta && action?.enabled === true;
  const instructions = useReturnInstructions(offered && isReturn ? order.orderNumber : '');
  // A sales order's barcode (its returnToStore barcode number) comes drawn in the action itself.
  const drawn = action?.barcode?.image
    ? { value: action.barcode.value, format: action.barcode.format, image: action.barcode.image }
    : undefined;
  const barcode = isReturn ? (instructions.data?.barcode ?? drawn) : drawn;
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
            label={t('returns.instructions.barcodeLabel', {
              returnOrderNumber: isReturn ? order.orderNumber : barcode.value,
            })}
          />
          <p className="return-code__text">{barcode.value}</p>
          <p className="muted">{t('returns.instructions.barcodeHelp')}</p>
        </Dialog>
      )}
    </>
  );
}

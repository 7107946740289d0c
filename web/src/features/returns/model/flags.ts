import { useFlags } from '@/shared/config/flags';

/** The spec's returns flags (001 §6) as the wizard reads them. */
export interface ReturnFlags {
  /** Store selector for store returns (3 stores per page). */
  storeSelector: boolean;
  /** EMEA paperless: the scannable-code choice and the EMEA instructions page. */
  emeaPaperless: boolean;
  /** send-return-method-globally: returnMethod goes with every capture, not only paperless. */
  sendReturnMethodGlobally: boolean;
  /** send-store-return-email: a store return e-mails its instructions. */
  sendStoreReturnEmail: boolean;
  /** disable-create-label. */
  disableCreateLabel: boolean;
  /** The order-country mismatch prompt (001 §5). */
  orderMismatch: boolean;
}

/** The returns flags, from the shared configuration (the server's `/config/v1/{country}`). */
export function useReturnFlags(): ReturnFlags {
  const flags = useFlags();
  return {
    storeSelector: flags.enableStoreSelector,
    emeaPaperless: flags.emeaPaperless,
    sendReturnMethodGlobally: flags.sendReturnMethodGlobally,
    sendStoreReturnEmail: flags.sendStoreReturnEmail,
    disableCreateLabel: flags.disableCreateLabel,
    orderMismatch: flags.enableOrderMismatchModal,
  };
}

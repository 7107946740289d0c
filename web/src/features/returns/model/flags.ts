import { useFlags } from '@/shared/config/flags';

/**
 * The spec's returns flags (001 §6) with the values a retailer starts from. They live here, in one
 * place, rather than in the shared flag list, so this feature merges without touching other areas; a
 * deployment (or a test) overrides them through the same FlagsProvider.
 */
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
}

export const defaultReturnFlags: ReturnFlags = {
  storeSelector: true,
  emeaPaperless: true,
  sendReturnMethodGlobally: false,
  sendStoreReturnEmail: true,
  disableCreateLabel: false,
};

export function useReturnFlags(): ReturnFlags {
  const flags = useFlags() as Partial<ReturnFlags>;
  return {
    storeSelector: flags.storeSelector ?? defaultReturnFlags.storeSelector,
    emeaPaperless: flags.emeaPaperless ?? defaultReturnFlags.emeaPaperless,
    sendReturnMethodGlobally: flags.sendReturnMethodGlobally ?? defaultReturnFlags.sendReturnMethodGlobally,
    sendStoreReturnEmail: flags.sendStoreReturnEmail ?? defaultReturnFlags.sendStoreReturnEmail,
    disableCreateLabel: flags.disableCreateLabel ?? defaultReturnFlags.disableCreateLabel,
  };
}

import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { HistoryItem, OrderDetail, OrderItem } from '@/shared/api/types';

/**
 * Places on the order pages where other features plug in their actions (buy again, return, cancel,
 * shop similar, pay now ...). A feature never imports another: the orders feature renders whatever the
 * app put in these slots, and `app/order-slots.tsx` composes them. The server's actions contract
 * decides whether an action is there; a slot component renders nothing when its action is absent.
 */
export interface ItemSlotProps {
  item: OrderItem;
  order: OrderDetail;
  currency: string;
}

export interface OrderSlotProps {
  order: OrderDetail;
}

/** An item of an order card in the history (the history's row, with the order's fields on it). */
export interface HistoryItemSlotProps {
  item: HistoryItem;
}

export interface OrderSlots {
  /** Buttons on an item card, in order. */
  itemActions: ComponentType<ItemSlotProps>[];
  /** Panels under an item card (shop similar). */
  itemExtras: ComponentType<ItemSlotProps>[];
  /** Header quick actions and the group-1 buttons (cancel, pay now ...). */
  orderActions: ComponentType<OrderSlotProps>[];
  /** Sidebar panels (money timeline ...). */
  sidebar: ComponentType<OrderSlotProps>[];
  /** Buttons on an item of a history card (buy again). */
  historyItemActions: ComponentType<HistoryItemSlotProps>[];
}

const empty: OrderSlots = { itemActions: [], itemExtras: [], orderActions: [], sidebar: [], historyItemActions: [] };
const OrderSlotsContext = createContext<OrderSlots>(empty);

export function OrderSlotsProvider({ slots, children }: { slots: Partial<OrderSlots>; children: ReactNode }) {
  return <OrderSlotsContext.Provider value={{ ...empty, ...slots }}>{children}</OrderSlotsContext.Provider>;
}

export const useOrderSlots = (): OrderSlots => useContext(OrderSlotsContext);

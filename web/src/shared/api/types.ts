import type { components } from './schema';

type Schemas = components['schemas'];

export type ApiErrorBody = Schemas['ApiError'];
export type TokenRequest = Schemas['TokenRequest'];
export type TokenResponse = Schemas['TokenResponse'];
export type PasswordResetRequest = Schemas['PasswordResetRequest'];
export type NewPassword = Schemas['NewPassword'];
export type HistoryResponse = Schemas['HistoryResponse'];
export type HistoryItem = Schemas['HistoryItem'];
export type OrderDetail = Schemas['OrderDetail'];
export type OrderGroup = Schemas['OrderGroup'];
export type OrderItem = Schemas['OrderItem'];
export type Product = Schemas['Product'];
export type ActionView = Schemas['ActionView'];
export type AppCallback = Schemas['AppCallback'];
export type Payment = Schemas['Payment'];
export type Transaction = Schemas['Transaction'];
// Taken from the fields that carry them, so they hold whether the document names them or not.
export type OrderType = OrderDetail['orderType'];
export type SimpleStatus = Schemas['LineItemStatus']['simpleStatus'];
export type PickupStore = Schemas['PickupStore'];
export type PickupHours = Schemas['PickupHours'];
export type OpeningHours = Schemas['OpeningHours'];
export type SpecialHours = Schemas['SpecialHours'];
/** A store's hours as the server reads them (weekly, specialDays), and one day's opening in minutes. */
export type ReadHours = Schemas['ReadHours'];
export type Opening = Schemas['Opening'];
export type NewAccount = Schemas['NewAccount'];

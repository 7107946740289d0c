import { describe, expect, it } from 'vitest';
import type { ReturnMethodOption } from './return-options';
import { stepTotal } from './wizard';

const method = (id: string, extra: Partial<ReturnMethodOption> = {}): ReturnMethodOption => ({
  id,
  method: id,
  price: 0,
  ...extra,
});
const store = method('returnToStore', { serviceType: 'STORE_DROP_OFF' });
const dropOff = method('upsDropoff', { serviceType: 'CARRIER_DROP_OFF' });
const pickup = method('courierPickup', { serviceType: 'PICK_UP' });

describe('stepTotal (walk minor 3: the count never jumps)', () => {
  it('is unknown before a choice while the offered methods take different paths', () => {
    expect(stepTotal([store, dropOff], null, true)).toBeNull();
    expect(stepTotal([dropOff, pickup], null, false)).toBeNull();
  });

  it('is known before a choice when every offered method takes as many steps', () => {
    expect(stepTotal([store, dropOff], null, false)).toBe(2);
    expect(stepTotal([pickup], null, false)).toBe(3);
  });

  it("follows the chosen method's path", () => {
    expect(stepTotal([store, dropOff], store, true)).toBe(3);
    expect(stepTotal([store, dropOff], dropOff, true)).toBe(2);
    expect(stepTotal([dropOff, pickup], pickup, false)).toBe(3);
  });
});

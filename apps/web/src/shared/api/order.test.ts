import { describe, expect, it } from 'vitest';
import { awaitingOnlinePayment } from './order';

describe('awaitingOnlinePayment', () => {
  it('waits only for pending orders paid online', () => {
    expect(awaitingOnlinePayment({ status: 'pending', payment_method: 'ideal' })).toBe(true);
    expect(awaitingOnlinePayment({ status: 'pending', payment_method: 'banktransfer' })).toBe(
      false,
    );
    expect(awaitingOnlinePayment({ status: 'processing', payment_method: 'ideal' })).toBe(false);
    expect(awaitingOnlinePayment({ status: 'failed', payment_method: 'creditcard' })).toBe(false);
  });
});

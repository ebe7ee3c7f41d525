import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNavigationGate } from './navigation-gate';

describe('category click gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('navigates once, 500 ms after the last click, to the last target', () => {
    const navigate = vi.fn();
    const gate = createNavigationGate({ delayMs: 500, navigate });
    expect(gate.click('/cat/a')).toBe(true);
    vi.advanceTimersByTime(300);
    expect(gate.click('/cat/b')).toBe(true);
    vi.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/cat/b');
  });

  it('ignores clicks while its navigation is in progress, then accepts again', async () => {
    let finish: () => void = () => {};
    const navigate = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const gate = createNavigationGate({ delayMs: 500, navigate });
    gate.click('/cat/a');
    vi.advanceTimersByTime(500);
    expect(gate.navigating).toBe(true);
    expect(gate.click('/cat/b')).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(navigate).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(gate.navigating).toBe(false));
    expect(gate.click('/cat/b')).toBe(true);
    vi.advanceTimersByTime(500);
    expect(navigate).toHaveBeenLastCalledWith('/cat/b');
  });

  it('ignores clicks while the router is busy and reopens after a failed navigation', async () => {
    let busy = true;
    const navigate = vi.fn(() => Promise.reject(new Error('aborted')));
    const gate = createNavigationGate({ delayMs: 500, navigate, isBusy: () => busy });
    expect(gate.click('/cat/a')).toBe(false);
    busy = false;
    expect(gate.click('/cat/a')).toBe(true);
    vi.advanceTimersByTime(500);
    await vi.waitFor(() => expect(gate.navigating).toBe(false));
    expect(gate.click('/cat/a')).toBe(true);
  });

  it('cancel drops a pending navigation', () => {
    const navigate = vi.fn();
    const gate = createNavigationGate({ delayMs: 500, navigate });
    gate.click('/cat/a');
    gate.cancel();
    vi.advanceTimersByTime(1000);
    expect(navigate).not.toHaveBeenCalled();
  });
});

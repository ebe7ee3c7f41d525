export interface NavigationGateOptions {
  /** Quiet time after the last click before navigating (SPEC: 500 ms). */
  delayMs: number;
  /** Starts the navigation; the gate stays closed until the returned promise settles. */
  navigate: (target: string) => unknown;
  /** Another navigation (the router's own) is in progress: clicks are ignored then too. */
  isBusy?: () => boolean;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface NavigationGate {
  /** A click on a category link: true when it was accepted, false when it was ignored. */
  click(target: string): boolean;
  /** Drops a pending navigation (the tree unmounts). */
  cancel(): void;
  readonly navigating: boolean;
}

/**
 * Category clicks of SPEC section 2: the navigation is debounced (the last click within the
 * delay wins) and clicks are ignored while a navigation is in progress.
 */
export function createNavigationGate({
  delayMs,
  navigate,
  isBusy = () => false,
  setTimer = (callback, ms) => setTimeout(callback, ms),
  clearTimer = (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}: NavigationGateOptions): NavigationGate {
  let pending: unknown = null;
  let navigating = false;

  const run = (target: string) => {
    pending = null;
    navigating = true;
    let result: unknown;
    try {
      result = navigate(target);
    } catch (error) {
      navigating = false;
      throw error;
    }
    void Promise.resolve(result)
      .catch(() => undefined)
      .finally(() => {
        navigating = false;
      });
  };

  return {
    click(target) {
      if (navigating || isBusy()) return false;
      if (pending !== null) clearTimer(pending);
      pending = setTimer(() => run(target), delayMs);
      return true;
    },
    cancel() {
      if (pending !== null) clearTimer(pending);
      pending = null;
    },
    get navigating() {
      return navigating;
    },
  };
}

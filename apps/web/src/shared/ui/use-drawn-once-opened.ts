import { useState } from 'react';

/**
 * Whether a dialog is to be drawn: from its first opening on, then kept, so it still closes with
 * its transition and gives focus back. Until then it costs nothing (a listing has a menu with its
 * dialog per card; the shell's contact form is downloaded at its first opening).
 */
export function useDrawnOnceOpened(opened: boolean): boolean {
  const [drawn, setDrawn] = useState(opened);
  // Derived from the previous render: set while rendering, React draws again at once.
  if (opened && !drawn) setDrawn(true);
  return drawn || opened;
}

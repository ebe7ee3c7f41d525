import { useCallback, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { LAYOUT } from '@portal/contract';

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;
const SMALL_QUERY = `(max-width: ${LAYOUT.sidebarCollapseBelowPx}px)`;
const MOBILE_QUERY = `(max-width: ${LAYOUT.mobileBreakpointPx}px)`;
const READ_NOW = { getInitialValueInEffect: false };

/**
 * Sidebar state of SPEC section 2: collapsed by default at 600 px or less; on those small
 * screens the open sidebar floats over a backdrop; link clicks close it on mobile
 * (768 px or less, or a mobile user agent).
 */
export function useSidebar() {
  const isSmall = useMediaQuery(SMALL_QUERY, undefined, READ_NOW);
  const isMobileWidth = useMediaQuery(MOBILE_QUERY, undefined, READ_NOW);
  const isMobile = isMobileWidth || MOBILE_AGENT.test(navigator.userAgent);

  const [opened, setOpened] = useState(() => !window.matchMedia(SMALL_QUERY).matches);
  // Crossing the 600 px line (a window resized, a phone turned) applies the default again.
  const [wasSmall, setWasSmall] = useState(isSmall);
  if (wasSmall !== isSmall) {
    setWasSmall(isSmall);
    setOpened(!isSmall);
  }
  const toggle = useCallback(() => setOpened((value) => !value), []);
  const close = useCallback(() => setOpened(false), []);
  const onLinkClick = useCallback(() => {
    if (isMobile) setOpened(false);
  }, [isMobile]);

  const { sidebarCollapsedWidthPx: collapsed, sidebarExpandedWidthPx: expanded } = LAYOUT;
  return {
    opened,
    toggle,
    close,
    onLinkClick,
    overlay: isSmall && opened,
    width: opened ? expanded : collapsed,
    /** Space the content keeps free: only the rail when the open sidebar floats. */
    contentOffset: opened && !isSmall ? expanded : collapsed,
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { shellRouteId, staffPatch } from './staff-patch';

// The guards read the signed-in user from localStorage: an operator here.
const storage = new Map([['user', JSON.stringify({ role: 'operator' })]]);
vi.stubGlobal('localStorage', {
  getItem: (key: string) => storage.get(key) ?? null,
  setItem: (key: string, value: string) => storage.set(key, value),
  removeItem: (key: string) => storage.delete(key),
});

const routes = (): RouteObject[] => [
  { path: '/', id: shellRouteId('en'), children: [{ index: true }, { path: '*' }] },
];

const settled = (router: ReturnType<typeof createMemoryRouter>) =>
  new Promise<void>((resolve) => {
    if (router.state.navigation.state === 'idle') resolve();
    const unsubscribe = router.subscribe((state) => {
      if (state.navigation.state !== 'idle') return;
      unsubscribe();
      resolve();
    });
  });

const pathsUnderShell = (router: ReturnType<typeof createMemoryRouter>) =>
  (router.routes[0]?.children ?? []).map((route) => route.path);

describe('staffPatch', () => {
  const routers: ReturnType<typeof createMemoryRouter>[] = [];
  afterEach(() => routers.splice(0).forEach((router) => router.dispose()));

  it('patches the staff screens in on the first visit of a back-office path', async () => {
    const router = createMemoryRouter(routes(), { patchRoutesOnNavigation: staffPatch });
    routers.push(router);
    await router.navigate('/admin/orders');
    expect(pathsUnderShell(router)).toContain('admin/orders');
    expect(router.state.location.pathname).toBe('/admin/orders');
  });

  it('still patches them in when the first visit is interrupted by a second one', async () => {
    // The first navigation is aborted while the staff chunk downloads: its patch is dropped by
    // the router, so the second must apply its own.
    const router = createMemoryRouter(routes(), { patchRoutesOnNavigation: staffPatch });
    routers.push(router);
    void router.navigate('/admin/orders');
    void router.navigate('/admin/claims');
    await settled(router);
    expect(pathsUnderShell(router)).toContain('admin/claims');
    expect(router.state.location.pathname).toBe('/admin/claims');
    expect(router.state.matches.at(-1)?.route.path).toBe('admin/claims');
  });

  it('adds them once: an unknown back-office path afterwards ends on the not-found page', async () => {
    const router = createMemoryRouter(routes(), { patchRoutesOnNavigation: staffPatch });
    routers.push(router);
    await router.navigate('/admin/orders');
    const patched = pathsUnderShell(router).length;
    await router.navigate('/admin/no-such-screen');
    await router.navigate('/admin/still-none');
    expect(pathsUnderShell(router)).toHaveLength(patched);
    expect(router.state.matches.at(-1)?.route.path).toBe('*');
  });

  it('leaves customer paths alone', async () => {
    const router = createMemoryRouter(routes(), { patchRoutesOnNavigation: staffPatch });
    routers.push(router);
    await router.navigate('/no-such-page');
    expect(pathsUnderShell(router)).toEqual([undefined, '*']);
  });
});

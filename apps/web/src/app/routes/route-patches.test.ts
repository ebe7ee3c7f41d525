import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, type RouteObject } from 'react-router';
import type { Locale } from '@portal/contract';
import { localePrefix, parseLocalePath } from '../../shared/locale/paths';
import { localeRouteId, patchOnNavigation, shellRouteId, staffPatch } from './route-patches';

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

/** The paths of the shell's pages, through the pathless routes that hold their error boundary. */
const pagePaths = (routes: RouteObject[] = []): (string | undefined)[] =>
  routes.flatMap((route) =>
    route.path === undefined && !route.index ? pagePaths(route.children) : [route.path],
  );
const pathsUnderShell = (router: ReturnType<typeof createMemoryRouter>) =>
  pagePaths(router.routes[0]?.children);

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

describe('patchOnNavigation', () => {
  const routers: ReturnType<typeof createMemoryRouter>[] = [];
  afterEach(() => routers.splice(0).forEach((router) => router.dispose()));

  // A locale's tree as the app's: its root, the shell (where the staff screens go), a not-found.
  const routesOf = (locale: Locale): RouteObject => ({
    id: localeRouteId(locale),
    path: localePrefix(locale) || '/',
    children: [
      {
        id: shellRouteId(locale),
        children: [{ index: true }, { path: 'cart' }, { path: '*' }],
      },
    ],
  });
  const localesOf = (router: ReturnType<typeof createMemoryRouter>) =>
    router.routes.map((route) => route.id);
  const opened = (path: string) => {
    const router = createMemoryRouter([routesOf(parseLocalePath(path).locale)], {
      initialEntries: [path],
      patchRoutesOnNavigation: patchOnNavigation(routesOf),
    });
    routers.push(router);
    return router;
  };

  it('adds a language on its first visit, from a page opened in another', async () => {
    const router = opened('/fr/cart');
    expect(localesOf(router)).toEqual(['locale-fr']);
    await router.navigate('/cart');
    expect(localesOf(router)).toEqual(['locale-fr', 'locale-en']);
    expect(router.state.matches.at(-1)?.route.path).toBe('cart');
    await router.navigate('/de');
    expect(router.state.matches.map((match) => match.route.id).slice(0, 2)).toEqual([
      'locale-de',
      'shell-de',
    ]);
  });

  it('finds a language whose path the default one would take for its not-found page', async () => {
    const router = opened('/');
    await router.navigate('/nl/cart');
    expect(router.state.matches[0]?.route.id).toBe('locale-nl');
    expect(router.state.matches.at(-1)?.route.path).toBe('cart');
  });

  it('adds each language once, and the staff screens under the language asked', async () => {
    const built: Locale[] = [];
    const router = createMemoryRouter([routesOf('en')], {
      initialEntries: ['/'],
      patchRoutesOnNavigation: patchOnNavigation((locale) => {
        built.push(locale);
        return routesOf(locale);
      }),
    });
    routers.push(router);
    await router.navigate('/it/cart');
    await router.navigate('/');
    await router.navigate('/it/nowhere');
    await router.navigate('/it/admin/orders');
    expect(localesOf(router)).toEqual(['locale-en', 'locale-it']);
    expect(built).toEqual(['it']);
    expect(router.state.matches.at(-1)?.route.path).toBe('admin/orders');
    expect(router.state.matches[1]?.route.id).toBe('shell-it');
  });
});

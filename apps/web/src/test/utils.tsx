import type { AuthenticatedUser } from '@mathclub/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { PrimeProviders } from '../lib/prime-providers';
import { AppProviders, createQueryClient } from '../app/providers';
import { i18n } from '../lib/i18n';
import { reloadSession } from '../lib/session';

export const teacher: AuthenticatedUser = {
  id: 1, login: 'admin', name: 'Олена Петрівна', role: 'teacher', activated: true, owner: false, grade: null, gradeLetter: null, groups: [],
};
export const student: AuthenticatedUser = {
  id: 2, login: 'olia', name: 'Оля', role: 'student', activated: true, owner: false, grade: 6, gradeLetter: 'А', groups: [],
};

function b64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT carrying the user, as the server's token would. */
export function makeToken(user: Omit<AuthenticatedUser, 'gradeLetter'> & { gradeLetter: string | null }, expiresInSeconds = 3600): string {
  const payload = { ...user, sub: String(user.id), iat: 0, exp: Math.floor(Date.now() / 1000) + expiresInSeconds };
  return `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}.sig`;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces fetch with a mock answering by "METHOD /path". */
export function mockFetch(handler: (method: string, path: string, init: RequestInit | undefined) => Response | Promise<Response>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return handler(init?.method ?? 'GET', new URL(url, 'http://localhost').pathname, init);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export async function useEnglish() {
  await i18n.changeLanguage('en');
}

/** For a describe block whose tests sign in and mock fetch: English before each, signed out with the real fetch after. */
export function inEnglishSignedOutAfterEach() {
  beforeEach(useEnglish);
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    reloadSession();
  });
}

/** Renders routes in a memory router with the app's providers (PrimeReact's too, as PrimeArea gives its pages); returns the router for assertions. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const utils = render(
    <AppProviders queryClient={createQueryClient()}>
      <PrimeProviders>
        <RouterProvider router={router} />
      </PrimeProviders>
    </AppProviders>,
  );
  return { router, ...utils };
}

/** Renders one element at `path` with a catch-all that shows where navigation went. */
export function renderAt(element: ReactElement, path = '/') {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <p data-testid="location">elsewhere</p> },
    ],
    path,
  );
}

/** Opens a PrimeReact Dropdown/MultiSelect by its label (the labelled input itself is visually hidden). */
export function dropdownTrigger(label: string): HTMLElement {
  const input = document.getElementById(
    Array.from(document.querySelectorAll('label')).find((l) => l.textContent === label)?.htmlFor ?? '',
  );
  const root = input?.closest('.p-dropdown, .p-multiselect');
  if (!root) throw new Error(`No dropdown labelled ${label}`);
  return root as HTMLElement;
}

/** The options of the open dropdown panel (PrimeReact keeps them out of the accessibility tree mid-transition). */
export async function openOptions(label: string): Promise<HTMLElement[]> {
  const { fireEvent, waitFor } = await import('@testing-library/react');
  fireEvent.click(dropdownTrigger(label));
  let items: HTMLElement[] = [];
  await waitFor(() => {
    items = Array.from(document.querySelectorAll<HTMLElement>('.p-dropdown-panel li[role="option"], .p-multiselect-panel li[role="option"]'));
    if (items.length === 0) throw new Error('no options yet');
  });
  return items;
}

/** Chooses `option` in the dropdown labelled `label`. */
export async function chooseOption(label: string, option: string) {
  const { fireEvent, waitFor } = await import('@testing-library/react');
  const items = await openOptions(label);
  const item = items.find((i) => i.getAttribute('aria-label') === option || i.textContent === option);
  if (!item) throw new Error(`No option ${option} in ${label}`);
  fireEvent.click(item);
  await waitFor(() => {
    if (document.querySelector('.p-dropdown-panel')) throw new Error('panel still open');
  });
}

import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderRoutes, useEnglish } from '../../test/utils';
import { AppLayout } from '../layout/AppLayout';

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'map')");
}

const routes = [{ element: <AppLayout />, errorElement: <AppLayout failed />, children: [{ path: '/broken', element: <Broken /> }] }];

describe('a page that fails to render (issue 26, point 7)', () => {
  let logged: unknown[][];
  beforeEach(async () => {
    await useEnglish();
    logged = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a message and a retry inside the app’s chrome, and logs the error with its route', async () => {
    renderRoutes(routes, '/broken');
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    // The chrome is still there: the skip link and the main menu.
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeInTheDocument();
    expect(logged.some((args) => args[0] === '[route error] /broken')).toBe(true);
  });

  it('speaks Ukrainian', async () => {
    await i18n.changeLanguage('uk');
    renderRoutes(routes, '/broken');
    expect(await screen.findByRole('heading', { name: 'Не вдалося показати цю сторінку' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Спробувати ще раз' })).toBeInTheDocument();
  });
});

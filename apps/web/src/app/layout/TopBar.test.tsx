import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../lib/session';
import { inEnglishSignedOutAfterEach, makeToken, mockFetch, renderAt, student } from '../../test/utils';
import { TopBar } from './TopBar';

/** The top bar: Login for a visitor; for someone signed in, their menu, whose code comes in its own chunk. */
describe('TopBar', () => {
  inEnglishSignedOutAfterEach();

  it('offers a visitor the sign-in link and no user menu', () => {
    renderAt(<TopBar />);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByTestId('user-menu-button')).not.toBeInTheDocument();
  });

  it("shows a signed-in user's menu once its chunk is in", async () => {
    setSession(makeToken(student));
    mockFetch(() => Response.json({ notifications: [], unread: 0 }));
    renderAt(<TopBar />);
    expect(await screen.findByTestId('user-menu-button')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });
});

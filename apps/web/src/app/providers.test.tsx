import { fireEvent, render, screen } from '@testing-library/react';
import { Dropdown } from 'primereact/dropdown';
import { describe, expect, it } from 'vitest';
import { PrimeProviders } from '../lib/prime-providers';
import { AppProviders } from './providers';

describe('PrimeReact accessibility defaults', () => {
  it('a focused Dropdown does not point aria-activedescendant at a missing element', () => {
    const { container } = render(
      <AppProviders>
        <PrimeProviders>
          <label htmlFor="level">Level</label>
          <Dropdown inputId="level" value="a" options={[{ label: 'A', value: 'a' }]} onChange={() => {}} />
        </PrimeProviders>
      </AppProviders>,
    );
    fireEvent.focus(screen.getByLabelText('Level'));
    const root = container.querySelector('.p-dropdown')!;
    expect(root.getAttribute('data-p-focus')).toBe('true');
    const target = root.getAttribute('aria-activedescendant');
    if (target !== null) expect(document.getElementById(target)).not.toBeNull();
  });
});

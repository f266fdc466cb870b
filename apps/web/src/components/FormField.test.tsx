import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { FormField } from './FormField';

const renderField = (error?: string) =>
  render(
    <AppProviders>
      <FormField id="f-login" label="Login" error={error} hint="Letters and digits">
        {(field) => <input id="f-login" aria-invalid={field['aria-invalid']} aria-describedby={field['aria-describedby']} />}
      </FormField>
    </AppProviders>,
  );

describe('FormField', () => {
  it('labels the control and points it at the hint while there is no error', () => {
    renderField();
    const input = screen.getByLabelText('Login');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('Letters and digits');
  });

  it('replaces the hint with the translated error and marks the control invalid', () => {
    renderField('auth.error.loginRequired');
    const input = screen.getByLabelText('Login');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Login is required');
    expect(screen.queryByText('Letters and digits')).not.toBeInTheDocument();
  });
});

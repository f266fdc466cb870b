import type { ComponentProps } from 'react';
import { PrimeProviders } from '../../../lib/prime-providers';
import { SolutionForm } from './SolutionForm';

/** The form with PrimeReact's settings around it (the arena itself renders without PrimeReact). */
export function SolutionFormWithPrime(props: ComponentProps<typeof SolutionForm>) {
  return (
    <PrimeProviders>
      <SolutionForm {...props} />
    </PrimeProviders>
  );
}

import type { ComponentProps } from 'react';
import { PrimeProviders } from '../../../lib/prime-providers';
import { MySolutions } from './MySolutions';

/** The list with PrimeReact's settings around it (the arena itself renders without PrimeReact). */
export function MySolutionsWithPrime(props: ComponentProps<typeof MySolutions>) {
  return (
    <PrimeProviders>
      <MySolutions {...props} />
    </PrimeProviders>
  );
}

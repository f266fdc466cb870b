import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';

/** Welcome header above a narrow (400 px) form, as on the login and sign-up screens. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className="auth-card">
      <PageTitle centered>{title}</PageTitle>
      {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
      {children}
    </section>
  );
}

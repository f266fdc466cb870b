import { Icon } from './Icon';

const ICONS = { error: 'times-circle', success: 'check-circle', info: 'info-circle', warn: 'exclamation-triangle' } as const;

/**
 * PrimeReact's inline Message (same look, same alert semantics) without PrimeReact, for the pages
 * that load no UI library (login).
 */
export function InlineMessage({ severity, text, className }: { severity: keyof typeof ICONS; text: string; className?: string }) {
  return (
    <div className={`inline-message inline-message--${severity}${className ? ` ${className}` : ''}`} role="alert" aria-live="assertive" aria-atomic="true">
      <Icon name={ICONS[severity]} className="inline-message__icon" />
      <span>{text}</span>
    </div>
  );
}

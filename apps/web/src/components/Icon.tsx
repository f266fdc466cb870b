import type { IconName } from './icon-names';
import sprite from './icons.svg?no-inline';

/**
 * A PrimeIcons glyph from our sprite (icons.svg), sized and coloured like the icon font's text: the
 * shell, landing and login show icons without the font, PrimeReact's CSS or paths in the HTML.
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} width="1em" height="1em" aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

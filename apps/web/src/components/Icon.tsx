import type { CSSProperties } from 'react';
import type { IconName } from './icon-names';
import sprite from './icons.svg?no-inline';

/**
 * A PrimeIcons glyph from our sprite (icons.svg), sized and coloured like the icon font's text: the
 * shell, landing and login show icons without the font, PrimeReact's CSS or paths in the HTML.
 */
export function Icon({ name, className, style }: { name: IconName; className?: string; style?: CSSProperties }) {
  return (
    <svg className={className ? `icon ${className}` : 'icon'} width="1em" height="1em" aria-hidden="true" focusable="false" style={style}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

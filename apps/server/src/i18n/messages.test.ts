import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@mathclub/shared';
import { MESSAGES, pickLanguage, translate } from './messages.js';

describe('server messages', () => {
  it('has every message in English and Ukrainian, and one per error code', () => {
    expect(Object.keys(MESSAGES.uk).sort()).toEqual(Object.keys(MESSAGES.en).sort());
    for (const code of ERROR_CODES) {
      expect(MESSAGES.en[code], code).toBeTruthy();
      expect(MESSAGES.uk[code], code).toBeTruthy();
      expect(MESSAGES.uk[code]).not.toBe(MESSAGES.en[code]);
    }
  });

  it('picks the language by quality, falling back to Ukrainian', () => {
    expect(pickLanguage(undefined)).toBe('uk');
    expect(pickLanguage('')).toBe('uk');
    expect(pickLanguage('en')).toBe('en');
    expect(pickLanguage('EN-us')).toBe('en');
    expect(pickLanguage('fr, en;q=0.5')).toBe('en');
    expect(pickLanguage('en;q=0.2, uk;q=0.9')).toBe('uk');
    expect(pickLanguage('en;q=0')).toBe('uk');
    expect(pickLanguage('*')).toBe('uk');
    expect(translate('ACCOUNT_INACTIVE', 'en')).toBe('Your account is waiting for activation by a teacher');
    expect(translate('ACCOUNT_INACTIVE', 'uk')).toBe('Ваш обліковий запис чекає на активацію вчителем');
  });
});

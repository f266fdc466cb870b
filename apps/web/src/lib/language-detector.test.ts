import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageDetector } from './language-detector';

const detect = () => languageDetector.detect() as string[];

describe('languageDetector', () => {
  // The suite's set-up has chosen a language already (stored, and in the cookie).
  const forget = () => {
    localStorage.clear();
    document.cookie = 'i18next=; path=/; max-age=0';
  };
  beforeEach(forget);
  afterEach(() => {
    forget();
    vi.restoreAllMocks();
  });

  it('puts the stored choice first, then the cookie, then the browser languages', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'uk-UA']);
    expect(detect()).toEqual(['de-DE', 'uk-UA']);
    document.cookie = 'i18next=en; path=/';
    expect(detect()).toEqual(['en', 'de-DE', 'uk-UA']);
    localStorage.setItem('i18nextLng', 'uk');
    expect(detect()).toEqual(['uk', 'en', 'de-DE', 'uk-UA']);
  });

  it('remembers a choice in storage and in a cookie a year long', () => {
    languageDetector.cacheUserLanguage!('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.cookie).toContain('i18next=en');
    expect(detect()[0]).toBe('en');
  });

  it('reads the browser languages when storage refuses to be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    expect(detect()).toEqual(['en-GB']);
  });
});

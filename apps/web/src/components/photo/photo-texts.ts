import { addFeatureTexts } from '../../lib/feature-texts';
import en from './locales/en.json';
import uk from './locales/uk.json';

// The photo pieces' texts come with their chunks, not in the locale files every page downloads
// first (the landing page's first load has a budget); added under `photo.` in both languages.
addFeatureTexts('photo', { en, uk });

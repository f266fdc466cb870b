import { addFeatureTexts } from '../../lib/feature-texts';
import en from './locales/en.json';
import uk from './locales/uk.json';

// This feature's texts come with its own chunk, not in the locale files every page downloads
// first (the landing page's first load has a budget); added under `rosterImport.` in both languages.
addFeatureTexts('rosterImport', { en, uk });

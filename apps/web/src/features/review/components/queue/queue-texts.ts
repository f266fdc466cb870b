import { addFeatureTexts } from '../../../../lib/feature-texts';
import en from './locales/en.json';
import uk from './locales/uk.json';

// The review queue's texts come with its chunk (and the review page's, for its two links into the
// queue), not in the locale files every page downloads first: added under `reviewQueue.`.
addFeatureTexts('reviewQueue', { en, uk });

// The lazily loaded half of MathText (~42 KB gzip, markdown-it and its entity tables): fetched with
// the text that needs it, never by the landing or login pages; on the arena alongside its data.
export { hasMath, parseMarkdown } from './markdown-parser';
export { renderTokens, type RenderMath } from './markdown-react';

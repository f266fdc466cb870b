import './app/app.css';

/** Lets the browser breathe (paint, input) between two pieces of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Evaluating the whole bundle in one go is a single long task (~90 ms, four times that on a slow
// phone); the libraries are evaluated in three tasks instead, with the browser free in between.
// boot.js has already requested all three chunks (scripts/prerender.mjs lists them).
await import('./lib/i18n');
await nextTask();
const reactDom = await import('react-dom/client');
await nextTask();
const { start } = await import('./app/start');
start(reactDom);

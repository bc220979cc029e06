import { runPageLoader } from './page-loader';

// The build's entry for the page loader (vite.config.ts compiles it to one classic script, inlined by the server):
// a classic script, because only a classic script has `document.currentScript` to read its data attributes from.
runPageLoader(document.currentScript as HTMLScriptElement, (url) => import(url));

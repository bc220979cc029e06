import { lazyModule } from '../lib/lazy-module';
import { whenIdle } from '../lib/when-idle';

// The message dialog (with the native-dialog machinery under it) and the two prompts drawn in it are chunks of their
// own: no screen shows one on its first paint, so they are not part of what `/` loads before it runs
// (bench/bundle.ts). They are fetched once the browser is idle, so by the time a tap opens one it is in and shows at
// once (lazyModule renders a module it holds without waiting).
export const dialogBody = lazyModule(() => import('./DialogBody'));
export const promptDialogs = lazyModule(() => import('./prompt-dialogs'));

const preloadAll = () => Promise.all([dialogBody.preload(), promptDialogs.preload()]).then(() => undefined);
whenIdle(() => void preloadAll());

/** Fetches the dialogs' code now; the client tests' setup waits for it, so a dialog shows in the render that opens it. */
export const preloadDialogs = (): Promise<void> => preloadAll();

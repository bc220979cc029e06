import { type BrowserContext, type BrowserContextOptions, type Page, test as base } from '@playwright/test';
import { login } from './helpers';

interface Credentials {
  username: string;
  password: string;
}

/**
 * Another student's phone: a page in a browser context of its own, signed in when given credentials.
 * Options override the config's `use` (a test's own server passes its baseURL).
 */
export type NewPhone = (student?: Credentials, options?: BrowserContextOptions) => Promise<Page>;

/**
 * The `test` of every spec that opens more than the one `page`: its `newPhone` closes each phone when the test ends.
 * Playwright closes the `page` fixture's context itself, but a context a test makes with `browser.newContext()` stays
 * open for the rest of the worker: a lobby or a game left behind kept its socket, its timers and its share of two
 * busy cores beside every later test of that worker.
 */
export const test = base.extend<{ newPhone: NewPhone }>({
  newPhone: async ({ browser }, provide) => {
    const opened: BrowserContext[] = [];
    await provide(async (student, options) => {
      const context = await browser.newContext(options);
      opened.push(context);
      const page = await context.newPage();
      if (student) await login(page, student.username, student.password);
      return page;
    });
    await Promise.all(opened.map((context) => context.close()));
  },
});

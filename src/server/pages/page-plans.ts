import { entryClosure, screenFiles, type ViteManifest } from './vite-manifest';

interface PageRoute {
  path: RegExp;
  /** Source modules of the screen's lazy chunks (routes.tsx), fetched with the page instead of after the entry ran. */
  modules: string[];
  /**
   * The public API answer the screen asks for first (a guest's request, no Authorization header, takes it). For a
   * `members` screen, the answer that says the page's party exists: drawn only then, and not handed to the app.
   */
  data?: (match: RegExpExecArray) => string;
  /** The screen's main picture is the campus map's medium render (the built-in one, or an operator's upload). */
  campusArt?: boolean;
  /**
   * The server draws the first screen from `data` (page-render.ts). `personal`: the answer differs for a
   * logged-in visitor (their own seat), so their browser must not start from the guest's copy. `members`: a
   * signed-in student's screen drawn without any data of theirs (what it shows before its data: the lobby's hero),
   * for their browser to keep while the app comes; a guest's browser drops it (the app asks them to sign in).
   */
  render?: 'public' | 'personal' | 'members';
  /** `data` takes the list filters of the page's query (src/shared/party-filters.ts): a shared filtered link draws filtered. */
  filtered?: boolean;
  /** The drawn page carries link-preview tags (share-tags.ts): a party's page from its data, the campus's pages from the campus. */
  share?: 'party' | 'campus';
}

/**
 * The pages students open from a link or the home screen icon: what each needs first, and which the server draws
 * (see createPagePlans). A lazy screen otherwise costs three round trips
 * in a row before its first picture (the entry, then the screen's chunk, then its data and images); announced in
 * the page's own response, they all start at once. Other routes are reached from inside the app, by then the
 * shared chunks are loaded. A module listed here must be a lazy screen of routes.tsx (a test checks they exist).
 */
export const PAGE_ROUTES: PageRoute[] = [
  { path: /^\/(home)?$/, modules: [], data: () => '/api/homemap/home/', render: 'public', filtered: true, share: 'campus' },
  {
    path: /^\/map$/,
    // Not MapStage (Konva, 69 KB): it starts after the picture, and fetched now it would share the phone's bandwidth
    // with the picture and the entry.
    modules: ['src/client/map/MapScreen.tsx'],
    data: () => '/api/detailview/parties/',
    campusArt: true,
    // Drawn as a phone shows it: the art (the page's largest picture) and the sheet with its cards paint before any
    // script has arrived; the page loader drops the drawing on a wide screen (MapScreen's data-layout).
    render: 'public',
    filtered: true,
    share: 'campus',
  },
  {
    path: /^\/partyinfo\/([1-9]\d{0,9})$/,
    modules: ['src/client/party/PartyDetailScreen.tsx'],
    data: (m) => `/api/detailview/parties/${m[1]}/`,
    render: 'personal',
    share: 'party',
  },
  { path: /^\/login$/, modules: ['src/client/auth/LoginScreen.tsx'] },
  { path: /^\/signup$/, modules: ['src/client/auth/SignupScreen.tsx'] },
  // Opened from an email or from a link an operator handed over: the screen's chunk before the entry asks for it.
  { path: /^\/password-reset$/, modules: ['src/client/auth/PasswordResetScreen.tsx'] },
  { path: /^\/password-forgot$/, modules: ['src/client/auth/PasswordForgotScreen.tsx'] },
  { path: /^\/assist$/, modules: ['src/client/assist/AssistScreen.tsx'] },
  // Opened from a push or a notice (the game starting, the party's time): a signed-in student's screens, whose data
  // the server cannot draw (it never sees the token); their chunks come with the entry and their data is asked by the
  // page's loader (src/client/api/early-reads.ts). The lobby's first screen is the same for every member until its
  // counts arrive (its hero, its frame), so that is drawn.
  // Drawn only for a party that exists: any other id would cost a drawing per request.
  {
    path: /^\/balancewait\/([1-9]\d{0,9})$/,
    modules: ['src/client/lobby/LobbyScreen.tsx'],
    data: (m) => `/api/detailview/parties/${m[1]}/`,
    render: 'members',
  },
  { path: /^\/balancegame\/[1-9]\d{0,9}$/, modules: ['src/client/game/BalanceGameScreen.tsx'] },
  // Linked from signup's consent, the login screen and my page, and from outside (개인정보 보호법 §30: published).
  { path: /^\/privacy$/, modules: ['src/client/privacy/PrivacyScreen.tsx'], data: () => '/api/privacy/' },
];

// The built-in art's medium render, as the client imports it (ui/campus-map/CampusArt.tsx): Vite names its file.
const BUILT_IN_MEDIUM_ART = 'assets/map/campus-medium.webp';

const artPreload = (url: string) => `<${url}>; rel=preload; as=image; fetchpriority=high`;

/** How a page is served. */
export interface PagePlan {
  /** The `Link` header of the page served as the bare shell: what it needs, announced before the entry runs. */
  link: string | null;
  /**
   * The screen shows the campus map: `link` preloads the built-in render (this, its part of `link`), which pageLink
   * swaps for the uploaded render when the campus has its own.
   */
  campusArt?: string;
  /** For a page the server draws: where its data comes from and what its screen needs besides the entry. */
  render?: {
    /** The API answer it is drawn from; for a `members` screen, only whether it is there (PageRoute.data). */
    data: string;
    /** Drawn as a signed-in student's screen (PageRoute.render `members`). */
    members: boolean;
    sameForEveryone: boolean;
    /** `data` takes the page's list filters. */
    filtered: boolean;
    /** The screen's chunks, loaded with the entry once the first screen's pictures are in. */
    modules: string[];
    /** The screen's styles, inlined: the drawn screen must not wait for another request to look right. */
    css: string[];
    share?: 'party' | 'campus';
  };
}

/** The styles of the screens the server draws (inlined in their pages, so the CSP allows each by its hash). */
export function drawnScreensCss(manifest: ViteManifest): string[] {
  const { seen } = entryClosure(manifest);
  return PAGE_ROUTES.filter((route) => route.render).flatMap((route) => screenFiles(manifest, seen, route.modules).css);
}

/**
 * How each page path is served: its Link header, and whether (and from what) the server draws it. What index.html
 * already loads (the entry and its imports) is left out.
 */
export function createPagePlans(manifest: ViteManifest | null) {
  const entrySeen = manifest ? entryClosure(manifest).seen : new Set<string>();
  const cache = new Map<string, PagePlan>();
  const none: PagePlan = { link: null };

  return (path: string): PagePlan => {
    const known = cache.get(path);
    if (known) return known;
    let plan = none;
    for (const route of PAGE_ROUTES) {
      const match = route.path.exec(path);
      if (!match) continue;
      const links: string[] = [];
      const data = route.data?.(match);
      // A members' screen does not read its `data` (only the server asks it, whether to draw).
      if (data && route.render !== 'members') links.push(`<${data}>; rel=preload; as=fetch; crossorigin=anonymous`);
      const { files, css } = manifest ? screenFiles(manifest, entrySeen, route.modules) : { files: [], css: [] };
      const art = route.campusArt && manifest?.[BUILT_IN_MEDIUM_ART] ? artPreload(`/${manifest[BUILT_IN_MEDIUM_ART].file}`) : null;
      if (manifest) {
        if (art) links.push(art);
        // Vite's loader of lazy screens adds their stylesheets with crossorigin: the preload must say the same, or
        // the browser fetches the file twice and warns that the credentials mode does not match.
        for (const c of css) links.push(`</${c}>; rel=preload; as=style; crossorigin=anonymous`);
        for (const f of files) links.push(`</${f}>; rel=modulepreload`);
      }
      plan = { link: links.length ? links.join(', ') : null };
      if (art) plan.campusArt = art;
      if (route.render && data && manifest) {
        plan.render = {
          data,
          members: route.render === 'members',
          sameForEveryone: route.render !== 'personal',
          filtered: !!route.filtered,
          modules: files.map((f) => `/${f}`),
          css,
          share: route.share,
        };
      }
      break;
    }
    // Only the fixed routes are remembered; party ids vary, and their answer is cheap to build.
    if (!/\d/.test(path)) cache.set(path, plan);
    return plan;
  };
}

/**
 * The Link header of a page served as the bare shell: its plan's, with the uploaded map's render preloaded instead
 * of the built-in one when the campus has its own (`medium`, null otherwise).
 */
export function pageLink(plan: PagePlan, medium: string | null): string | null {
  if (!medium || !plan.campusArt || !plan.link) return plan.link;
  return plan.link.replace(plan.campusArt, artPreload(medium));
}

/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  /** Backend origin when the API is not served from the page's own origin (spec §7 "one backend host"). */
  readonly VITE_API_BASE?: string;
}

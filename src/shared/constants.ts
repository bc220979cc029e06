// Business constants of spec §9 and docs/rules.md, shared by client and server.

export const MOBILE_MAX_WIDTH = 820;
export const MAX_PROFILE_ICONS = 5;

export const SHEET_COLLAPSED = 25;
export const SHEET_EXPANDED = 76;
export const SHEET_MAX = 90;
export const SHEET_DRAG_THRESHOLD = 6;
export const SHEET_SCROLL_SLACK = 8;
export const SHEET_RELEASE_RATIO = 0.8;
export const WIZARD_ADVANCE_MS = 100;

export const MAP_WIDTH = 822;
export const MAP_HEIGHT = 460;
export const MAP_LARGE_WIDTH = 3704;
export const MAP_LARGE_HEIGHT = 1824;
export const MARKER_SIZE = 64;
export const LONG_PRESS_MS = 600;

export const PASSWORD_MIN = 8;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 30_000;
export const GAME_POLL_MS = 10_000;
export const START_MODAL_MS = 3_000;
/** Ours, not the spec's: how long a lobby opened after its game began says so before moving into the game. */
export const GAME_UNDER_WAY_NOTICE_MS = 1_500;
export const COUNTDOWN_TICK_MS = 1_000;
export const TOAST_MS = 1_500;
export const GAUGE_LABEL_MIN_SHARE = 0.1;
export const SLIDER_SPACING = 30;
export const SLIDER_SPEED_MS = 600;

export const PAYMENT_METHOD = 'POINT';

// Server rules (docs/rules.md).
export const WELCOME_POINTS = 10_000;
export const ACCESS_TOKEN_TTL_S = 30 * 60;
export const REFRESH_TOKEN_TTL_S = 14 * 24 * 60 * 60;
export const USERNAME_PATTERN = /^[a-z0-9_]{4,20}$/;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const HOLD_MINUTES = 15;
export const FREE_CANCEL_HOURS = 24;
export const NO_SHOW_HOURS = 3;
export const STANDBY_OPENS_MINUTES = 30;
export const ROUND_QUESTIONS = 5;

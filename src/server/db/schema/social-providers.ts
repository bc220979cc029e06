// The sign-in services a social_accounts row links to. The database has no CHECK for it: the list types the column only.
export const SOCIAL_PROVIDERS = ['kakao'] as const;

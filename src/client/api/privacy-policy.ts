import useSWR from 'swr';
import type { PrivacyPolicy } from '../../shared/privacy';
import type { ApiError } from './api-error';

/** The 개인정보 처리방침 in effect: the page shows it, signup agrees to its version. */
export const usePrivacyPolicy = () => useSWR<PrivacyPolicy, ApiError>('/api/privacy/');

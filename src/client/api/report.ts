import type { ReportCategory } from '../../shared/community';
import { apiFetch } from './client';

export interface ReportBody {
  party: number;
  reported_user: number;
  category: ReportCategory;
  content: string;
}

export function submitReport(body: ReportBody) {
  return apiFetch<{ id: number; detail: string }>('/api/mypage/reports/', { method: 'POST', json: body });
}

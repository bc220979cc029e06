import { useState } from 'react';
import { errorMessage } from '../api/api-error';
import { auditQuery, type AuditFilters } from './audit-filters';
import { AUDIT_TEXTS as A } from './audit-texts';
import { opsFetchBlob } from './ops-api';
import { isoToSeoulWallTime } from './seoul-time';

/**
 * The filtered log as a CSV file. A plain link cannot carry the operator's Authorization header, so the file is
 * fetched with it and handed to the browser as an object URL behind a download link clicked for the operator.
 */
export function useAuditDownload(filters: AuditFilters) {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);

  // Never rejects: the outcome is said in the page's status line.
  async function download() {
    setBusy(true);
    setNotice(null);
    try {
      const query = auditQuery(filters);
      const blob = await opsFetchBlob(`/api/ops/audit/export.csv${query ? `?${query}` : ''}`);
      const name = `partyon-audit-${isoToSeoulWallTime(new Date().toISOString()).date}.csv`;
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click ran; the URL would otherwise hold the blob for the page's life.
      setTimeout(() => URL.revokeObjectURL(url), 0);
      setNotice({ text: A.downloaded(name), failed: false });
    } catch (failure) {
      setNotice({ text: errorMessage(failure, A.downloadFailed), failed: true });
    }
    setBusy(false);
  }

  return { busy, notice, download };
}

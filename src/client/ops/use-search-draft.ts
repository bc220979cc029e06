import { useState } from 'react';

/**
 * What is typed in a search box whose search lives in the URL: it starts as the search, and follows it when back and
 * forward change the search under the form.
 */
export function useSearchDraft(searched: string) {
  const [draft, setDraft] = useState(searched);
  const [shown, setShown] = useState(searched);
  if (shown !== searched) {
    setShown(searched);
    setDraft(searched);
  }
  return [draft, setDraft] as const;
}

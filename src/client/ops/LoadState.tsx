import { errorMessage } from '../api/api-error';
import { OPS_TEXTS as T } from './ops-texts';

/** What a console screen shows until its data is there: loading, or the failure with a way to try again. */
export function LoadState({ error, retry }: { error: unknown; retry: () => void }) {
  if (!error) return <p className="status-text">{T.loading}</p>;
  return (
    <div className="ops-load" role="alert">
      <p>{errorMessage(error, T.loadFailed)}</p>
      <button type="button" className="button button--small" onClick={retry}>
        {T.retry}
      </button>
    </div>
  );
}

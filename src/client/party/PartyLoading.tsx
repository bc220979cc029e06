import { COMMON_TEXTS } from '../ui/texts';
import { PartyHead, type PartyHeadData } from './PartyInfo';
import '../ui/skeleton.css';

/**
 * The party page while its detail loads: the top drawn at once from the list the student came from (photo, title,
 * time, place, seats — nothing moves when the detail arrives), the rest as grey shapes of what is coming. Opened
 * directly, the top is a shape too.
 */
export function PartyLoading({ preview }: { preview: PartyHeadData | undefined }) {
  return (
    <div className="party-loading" aria-busy="true">
      <p className="visually-hidden" role="status">
        {COMMON_TEXTS.loading}
      </p>
      {preview ? (
        <PartyHead party={preview} />
      ) : (
        <div aria-hidden="true">
          <div className="skeleton party-loading__photo" />
          <div className="skeleton party-loading__title" />
          <div className="skeleton party-loading__card" />
        </div>
      )}
      <div aria-hidden="true">
        <div className="skeleton party-loading__heading" />
        <div className="skeleton party-loading__map" />
        <div className="skeleton party-loading__heading" />
        <div className="skeleton party-loading__line" />
        <div className="skeleton party-loading__line party-loading__line--short" />
      </div>
    </div>
  );
}

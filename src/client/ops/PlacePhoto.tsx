import { useId, useState } from 'react';
import defaultParty from '../../../assets/images/default-party.svg';
import { errorMessage } from '../api/api-error';
import { FieldError, fieldAria } from '../ui/FormError';
import { Img } from '../ui/Img';
import { IMAGE_ACCEPT, useImagePick } from '../ui/use-image-pick';
import { uploadPlacePhoto, type OpsPlace, type PlaceSaved } from './places-api';
import { PLACES_TEXTS as T } from './places-texts';

/**
 * The place's photo as students see it on its parties, and a new one sent as soon as it is chosen. A file the
 * server refuses (not an image, too large, unreadable) gets the server's own words under the button.
 */
export function PlacePhoto({ place, onSaved }: { place: OpsPlace; onSaved: PlaceSaved }) {
  const id = useId();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setBusy(true);
    setError(undefined);
    try {
      onSaved(await uploadPlacePhoto(place.id, file), T.photoSaved(place.name));
    } catch (failure) {
      setError(errorMessage(failure, T.photoFailed));
    } finally {
      setBusy(false);
    }
  };
  const { preview, pick } = useImagePick((file) => void upload(file), setError);

  return (
    <div className="places-photo">
      <h3 className="places-photo__title">{T.photo}</h3>
      {busy && preview ? (
        <img className="places-photo__image" src={preview} alt={T.photoAlt(place.name)} />
      ) : place.photo ? (
        <Img className="places-photo__image" src={place.photo} fallback={defaultParty} alt={T.photoAlt(place.name)} />
      ) : (
        <p className="ops-muted">{T.noPhoto}</p>
      )}
      <label className={busy ? 'button button--ghost places-button places-photo__pick places-photo__pick--busy' : 'button button--ghost places-button places-photo__pick'}>
        {busy ? T.uploading : T.uploadPhoto}
        <input
          type="file"
          accept={IMAGE_ACCEPT}
          className="visually-hidden"
          disabled={busy}
          {...fieldAria(`${id}-error`, error, `${id}-help`)}
          onChange={pick}
        />
      </label>
      <p className="field__help" id={`${id}-help`}>
        {T.photoHelp}
      </p>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

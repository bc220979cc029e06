import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { CAMPUS_PATH, type CampusSettings } from '../../shared/campus';
import { useCampus } from '../api/campus';
import { CampusMapForm } from './CampusMapForm';
import { CampusNameForm } from './CampusNameForm';
import { CAMPUS_TEXTS as T } from './campus-texts';
import './campus.css';

/**
 * The campus set-up (issue 29): the names students see and the map art every map shows — the students' and this
 * console's places map, which read the same answer and so change at once.
 */
export function CampusScreen() {
  const { campus } = useCampus();
  const { mutate } = useSWRConfig();
  const [notice, setNotice] = useState<string | null>(null);
  const onSaved = (saved: CampusSettings, text: string) => {
    // Dropped on purpose: writing an answer already in hand into the cache cannot fail.
    void mutate(CAMPUS_PATH, saved, { revalidate: false });
    setNotice(text);
  };

  return (
    <>
      <h1 className="ops-page__title">{T.title}</h1>
      <p className="ops-muted campus-intro">{T.intro}</p>
      <p className="campus-status" role="status">
        {notice}
      </p>
      {campus ? (
        <div className="campus-sections">
          {/* Keyed by the saved names: a save elsewhere (the CLI) shows up on the next visit with fresh fields. */}
          <CampusNameForm key={`${campus.school}\n${campus.campus_name}`} campus={campus} onSaved={onSaved} />
          <CampusMapForm campus={campus} onSaved={onSaved} />
        </div>
      ) : (
        <p className="ops-muted">{T.loading}</p>
      )}
    </>
  );
}

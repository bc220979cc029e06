import { useState } from 'react';
import { LEAVE_TEXTS, LeaveSeatSheet } from './LeaveSeatSheet';

/** 참가 취소 for a seat I hold (pending or paid), on the party's page and the assistant's card: opens the sheet. */
export function LeaveSeatButton({ partyId, title, className = 'button button--ghost button--small' }: { partyId: number; title: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {LEAVE_TEXTS.open}
      </button>
      {open && <LeaveSeatSheet partyId={partyId} title={title} onClose={() => setOpen(false)} />}
    </>
  );
}

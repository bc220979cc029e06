import type { ReactNode } from 'react';
import { BackButton } from './BackButton';

/** A screen with a title bar; `back` adds the back button most sub-screens of spec §2 have. */
export function ScreenPage({ title, back, children }: { title: string; back?: boolean; children?: ReactNode }) {
  return (
    <section className="screen">
      <div className="screen__bar">
        {back && <BackButton />}
        <h1 className="screen__title">{title}</h1>
      </div>
      {children}
    </section>
  );
}

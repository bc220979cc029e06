import { Link } from 'wouter';
import type { VerificationRefusal } from '../lib/verification-refusal';
import { JOIN_BLOCK_TEXTS } from './use-join-block';
import './join-block.css';

const TO_MY_PAGE = '마이페이지에서 확인하기';

/**
 * Home's word to a student who cannot join yet (issue 30 §4): why, before any 신청하기 is tapped, and the way to my
 * page, where the card stands and a new one is sent.
 */
export function JoinBlockBanner({ block }: { block: VerificationRefusal }) {
  return (
    <section className="note join-block" aria-labelledby="join-block-title">
      <h2 id="join-block-title" className="join-block__title">
        {JOIN_BLOCK_TEXTS[block.code].label}
      </h2>
      <p className="join-block__body">{block.message}</p>
      <Link href="/mypage" className="join-block__link tap-area">
        {TO_MY_PAGE}
      </Link>
    </section>
  );
}

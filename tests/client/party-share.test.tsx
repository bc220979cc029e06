import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyParty } from '../../src/shared/live';
import { MY_PARTY, PARTY_DETAIL } from './msw/fixtures';
import { server } from './msw/server';
import { renderApp, signInAs } from './render-app';

// jsdom has no Web Share API: a test that is about it gives the page one. The clipboard is user-event's (put on
// navigator by userEvent.setup()), watched for what the page writes to it.
function giveShare(share: unknown) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true, writable: true });
}
afterEach(() => {
  delete (navigator as unknown as Record<string, unknown>).share;
});

const PAGE_URL = `${window.location.origin}/partyinfo/5`;

describe('sharing a party (/partyinfo/:partyId)', () => {
  it('opens the phone’s share sheet with the party’s title, place and Seoul time, and its page’s link', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const share = vi.fn().mockResolvedValue(undefined);
    giveShare(share);
    renderApp('/partyinfo/5');
    await user.click(await screen.findByRole('button', { name: '파티 공유하기' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({ title: '보드게임 번개', text: '학생회관 · 2026년 3월 3일 (화) 19:00', url: PAGE_URL });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('copies the link where there is no share sheet, and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderApp('/partyinfo/5');
    await user.click(await screen.findByRole('button', { name: '파티 공유하기' }));
    expect(await screen.findByRole('status')).toHaveTextContent('링크를 복사했어요');
    expect(writeText).toHaveBeenCalledWith(PAGE_URL);
  });

  it('says nothing when the student closes the share sheet', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const share = vi.fn().mockRejectedValue(new DOMException('Share canceled', 'AbortError'));
    giveShare(share);
    renderApp('/partyinfo/5');
    await user.click(await screen.findByRole('button', { name: '파티 공유하기' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    // The rejection has been handled once the click's promise chain settled: nothing copied, nothing said.
    await Promise.resolve();
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('copies instead when the share sheet refuses for another reason', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    giveShare(vi.fn().mockRejectedValue(new DOMException('no activation', 'NotAllowedError')));
    renderApp('/partyinfo/5');
    await user.click(await screen.findByRole('button', { name: '파티 공유하기' }));
    expect(await screen.findByRole('status')).toHaveTextContent('링크를 복사했어요');
    expect(writeText).toHaveBeenCalledWith(PAGE_URL);
  });
});

describe('캘린더에 추가', () => {
  it('is offered on the party’s page once I hold a seat: a download of the party’s .ics', async () => {
    signInAs();
    server.use(http.get('/api/detailview/parties/5/', () => HttpResponse.json({ ...PARTY_DETAIL, my_participation: { id: 9, status: 'confirmed' } })));
    renderApp('/partyinfo/5');
    const link = await screen.findByRole('link', { name: '캘린더에 추가' });
    expect(link).toHaveAttribute('href', '/api/detailview/parties/5/calendar.ics');
    expect(link).toHaveAttribute('download', 'party-5.ics');
  });

  it('is not offered to a guest or a student without a seat', async () => {
    renderApp('/partyinfo/5');
    await screen.findByRole('button', { name: '파티 공유하기' });
    expect(screen.queryByRole('link', { name: '캘린더에 추가' })).toBeNull();
  });
});

describe('캘린더에 추가 on the assistant’s card', () => {
  it('offers each of my parties’ .ics', async () => {
    signInAs();
    const mine: MyParty = { ...MY_PARTY, id: 12, title: '캘린더 파티', start_time: new Date(Date.now() + 48 * 3_600_000).toISOString() };
    server.use(http.get('/api/partyassist/myparties/', () => HttpResponse.json([mine])));
    renderApp('/assist');
    const card = await screen.findByRole('article', { name: '캘린더 파티' });
    const link = within(card).getByRole('link', { name: '캘린더에 추가' });
    expect(link).toHaveAttribute('href', '/api/detailview/parties/12/calendar.ics');
    expect(link).toHaveAttribute('download', 'party-12.ics');
  });
});

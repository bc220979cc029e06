import { type APIRequestContext, expect, type Page } from '@playwright/test';

// Issue 30 §3: the five screens that show a seat of mine, each checked against what the server says of it at that
// moment (seatTruth), reached the way a student reaches them: the footer's tabs, a card's link, the bell.

export type SeatScreen = 'detail' | 'home' | 'map' | 'assistant' | 'mypage';

export interface MatrixParty {
  id: number;
  title: string;
}

/** What the server says of my seat in the party, and of my points, read with my own token. */
export interface SeatTruth {
  party: 'open' | 'cancelled';
  /** The seats taken (paid or held) and the party's size: `applied / max` on every screen. */
  applied: number;
  max: number;
  seat: 'none' | 'pending' | 'confirmed';
  /** My place in the party's line; null when I am not in it. */
  position: number | null;
  points: number;
}

export async function seatTruth(request: APIRequestContext, access: string, partyId: number): Promise<SeatTruth> {
  const headers = { Authorization: `Bearer ${access}` };
  const read = async <T>(path: string) => {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(200);
    return (await res.json()) as T;
  };
  const [detail, line, main] = await Promise.all([
    read<{ status: 'open' | 'cancelled'; applied_count: number; max_participants: number; my_participation: { status: 'pending' | 'confirmed' } | null }>(`/api/detailview/parties/${partyId}/`),
    read<{ position: number | null }>(`/api/reserve/waitlist/${partyId}/`),
    read<{ points: number }>('/api/mypage/main/'),
  ]);
  return {
    party: detail.status,
    applied: detail.applied_count,
    max: detail.max_participants,
    seat: detail.my_participation?.status ?? 'none',
    position: line.position,
    points: main.points,
  };
}

/** Waits until the server's answer has reached `expected` (a seat event done by someone else takes effect there first). */
export async function serverReaches(request: APIRequestContext, access: string, partyId: number, expected: Partial<SeatTruth>, timeout?: number) {
  await expect.poll(async () => pick(await seatTruth(request, access, partyId), expected), { timeout }).toEqual(expected);
  return seatTruth(request, access, partyId);
}

const pick = (truth: SeatTruth, keys: Partial<SeatTruth>) => Object.fromEntries(Object.keys(keys).map((k) => [k, truth[k as keyof SeatTruth]]));

export const footerTab = (page: Page, name: string) => page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('button', { name });

const TAB: Record<Exclude<SeatScreen, 'detail'>, string> = { home: '홈', map: '지도', assistant: '파티비서', mypage: '마이페이지' };

const homeCard = (page: Page, party: MatrixParty) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `#${party.title}`, exact: true }) });
const mapCard = (page: Page, party: MatrixParty) =>
  page.getByRole('list', { name: '파티 목록' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: party.title, exact: true }) });
const HOLD_CHIP = /결제 대기 \d\d:\d\d/;
const ANY_CHIP = /결제 대기|결제 시간 종료|참가 확정|대기 \d+번째/;

/**
 * Goes to `screen` inside the app, as a student would: a footer tab; the party's page through its card on home, or,
 * once the party is off the lists (cancelled), through its notice under the bell.
 */
export async function openInApp(page: Page, screen: SeatScreen, party: MatrixParty, truth: SeatTruth) {
  if (screen !== 'detail') {
    await footerTab(page, TAB[screen]).tap();
    return;
  }
  if (truth.party === 'cancelled') {
    await page.getByRole('button', { name: /^알림/ }).tap();
    await expect(page).toHaveURL(/\/notifications$/);
    await page.getByRole('button', { name: new RegExp(`'${party.title}' 파티가 취소되었습니다`) }).tap();
  } else {
    await footerTab(page, TAB.home).tap();
    await homeCard(page, party).getByRole('link').tap();
  }
  await expect(page).toHaveURL(new RegExp(`/partyinfo/${party.id}$`));
}

/** The screen open on `page` shows the party and my seat as `truth` says: a stale answer is waited out, never reloaded. */
export async function expectScreenShows(page: Page, screen: SeatScreen, party: MatrixParty, truth: SeatTruth) {
  const full = truth.applied >= truth.max;
  switch (screen) {
    case 'detail': {
      await expect(page.getByRole('heading', { name: party.title, exact: true })).toBeVisible();
      await expect(page.getByText(`${truth.applied} / ${truth.max}명 참여`)).toBeVisible();
      const button = (name: string) => page.getByRole('button', { name, exact: true });
      // 결제 계속하기 only for a live hold, with its time left beside the count.
      if (truth.seat === 'pending') {
        await expect(button('결제 계속하기')).toBeVisible();
        await expect(page.getByText(HOLD_CHIP)).toBeVisible();
      } else await expect(button('결제 계속하기')).toHaveCount(0);
      if (truth.party === 'cancelled') await expect(button('취소된 파티')).toBeDisabled();
      else if (truth.seat === 'confirmed') await expect(button('참가 확정')).toBeDisabled();
      else if (truth.seat === 'none' && truth.position !== null) {
        await expect(page.getByRole('status').filter({ hasText: `대기 ${truth.position}번째` })).toBeVisible();
        await expect(button('대기 취소')).toBeVisible();
      } else if (truth.seat === 'none') await expect(button(full ? '대기 신청' : '참가신청')).toBeEnabled();
      if (truth.seat === 'none') await expect(button('참가 취소')).toHaveCount(0);
      else if (truth.party === 'open') await expect(button('참가 취소')).toBeVisible();
      return;
    }
    case 'home': {
      const card = homeCard(page, party);
      if (truth.party === 'cancelled') {
        // The list is in (other parties' cards), and this party is not on it.
        await expect(page.getByRole('link', { name: /^#/ }).first()).toBeVisible();
        await expect(card).toHaveCount(0);
        return;
      }
      await expect(card).toContainText(`${truth.applied}/${truth.max}명`);
      await expectChip(card, truth, full ? '대기 신청' : '신청하기');
      return;
    }
    case 'map': {
      const card = mapCard(page, party);
      if (truth.party === 'cancelled') {
        await expect(page.getByRole('list', { name: '파티 목록' }).getByRole('listitem').first()).toBeAttached();
        await expect(card).toHaveCount(0);
        return;
      }
      await expect(card).toContainText(`${truth.applied}/${truth.max}`);
      await expectChip(card, truth, null);
      return;
    }
    case 'assistant': {
      const card = page.getByRole('article', { name: party.title, exact: true });
      const line = page.getByRole('region', { name: '대기 중인 파티' }).getByRole('listitem').filter({ hasText: party.title });
      if (truth.seat === 'none') {
        // Each matrix student has this one party: with no seat in it, nothing to show but the way to find one.
        await expect(page.getByText('참여 중인 파티가 없어요.')).toBeVisible();
        await expect(card).toHaveCount(0);
      } else {
        await expect(card).toContainText(`참여 인원 ${truth.applied}/${truth.max}`);
        if (truth.seat === 'pending') {
          await expect(card).toContainText(HOLD_CHIP);
          await expect(card).toContainText('결제를 완료하면 대기실에 입장할 수 있어요.');
        } else await expect(card).not.toContainText(ANY_CHIP);
      }
      if (truth.position !== null) await expect(line).toContainText(`대기 ${truth.position}번째`);
      else await expect(line).toHaveCount(0);
      return;
    }
    case 'mypage':
      await expect(page.getByRole('region', { name: '나의 활동' })).toContainText(`${new Intl.NumberFormat('ko-KR').format(truth.points)}P`);
      return;
  }
}

/** My state on a list's card: the chip of my seat or my place in line, else the card's own button (home) or nothing. */
async function expectChip(card: ReturnType<typeof homeCard>, truth: SeatTruth, button: string | null) {
  if (truth.seat === 'pending') await expect(card).toContainText(HOLD_CHIP);
  else if (truth.seat === 'confirmed') await expect(card).toContainText('참가 확정');
  else if (truth.position !== null) await expect(card).toContainText(`대기 ${truth.position}번째`);
  else {
    await expect(card).not.toContainText(ANY_CHIP);
    if (button) await expect(card.getByRole('button', { name: button })).toBeEnabled();
  }
}

/**
 * One row of the matrix: the screen that was open when the event landed shows the server's new state by itself (the
 * caller has waited for nothing but the server), then each other screen, reached in the app, shows it too.
 */
export async function expectEveryScreen(page: Page, party: MatrixParty, truth: SeatTruth, open: SeatScreen, others: readonly SeatScreen[]) {
  await expectScreenShows(page, open, party, truth);
  for (const screen of others) {
    await openInApp(page, screen, party, truth);
    await expectScreenShows(page, screen, party, truth);
  }
}

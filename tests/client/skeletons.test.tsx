import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './msw/server';
import { renderApp, signInAs } from './render-app';

// An answer that never comes: the screen stays in its loading state for the test to look at.
const never = () => new Promise<never>(() => {});

/** The loading region of the screen: announced once with the spec's text, its shapes hidden from screen readers. */
async function loadingRegion() {
  const status = await screen.findByRole('status');
  expect(status).toHaveTextContent('로딩 중...');
  const region = status.closest('[aria-busy="true"]');
  expect(region).not.toBeNull();
  return region as HTMLElement;
}

describe('loading lists are drawn as the shapes of what is coming', () => {
  it('home: party cards, each a photo, a title line, a meta line and a button', async () => {
    server.use(http.get('/api/homemap/home/', never));
    renderApp('/');
    const region = await loadingRegion();
    const cards = region.querySelectorAll('.skeleton-card');
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.querySelector('.skeleton-card__photo')).not.toBeNull();
      expect(card.querySelector('.skeleton-card__button')).not.toBeNull();
    }
    expect(region.querySelector('[aria-hidden="true"]')).toContainElement(cards[0] as HTMLElement);
    expect(screen.queryByText('아직 모집 중인 파티가 없습니다.')).not.toBeInTheDocument();
  });

  it('notifications: rows of text, never "no notifications" while loading', async () => {
    signInAs();
    server.use(http.get('/api/notice/', never));
    renderApp('/notifications');
    const region = await loadingRegion();
    expect(region.querySelectorAll('.skeleton-row')).toHaveLength(5);
    expect(screen.queryByText('새 알림이 없습니다.')).not.toBeInTheDocument();
  });

  it('the party assistant: one party card', async () => {
    signInAs();
    server.use(http.get('/api/partyassist/myparties/', never));
    renderApp('/assist');
    const region = await loadingRegion();
    expect(region.querySelectorAll('.skeleton-card')).toHaveLength(1);
  });
});

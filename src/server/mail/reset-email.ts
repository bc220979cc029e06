import { PASSWORD_RESET_TTL_MINUTES } from '../../shared/password-reset-messages';
import type { MailMessage } from './mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The email 비밀번호 찾기 sends: the link, how long it works, and what to do when the student did not ask. */
export function resetEmail(to: string, name: string, url: string): MailMessage {
  const lines = [
    `${name}님, 안녕하세요. 파티온입니다.`,
    '비밀번호 재설정을 요청하셨다면 아래 링크에서 새 비밀번호를 정해 주세요.',
    `링크는 ${PASSWORD_RESET_TTL_MINUTES}분 동안 한 번만 쓸 수 있습니다. 비밀번호를 바꾸면 로그인된 모든 기기에서 로그아웃됩니다.`,
    '요청하지 않으셨다면 이 메일을 무시해 주세요. 비밀번호는 바뀌지 않습니다.',
  ];
  return {
    to,
    subject: '[파티온] 비밀번호 재설정 링크',
    text: [lines[0], '', lines[1], url, '', lines[2], lines[3]].join('\n'),
    html: [
      `<p>${escapeHtml(lines[0])}</p>`,
      `<p>${escapeHtml(lines[1])}</p>`,
      `<p><a href="${escapeHtml(url)}">비밀번호 재설정하기</a></p>`,
      `<p>${escapeHtml(lines[2])}</p>`,
      `<p>${escapeHtml(lines[3])}</p>`,
    ].join('\n'),
  };
}

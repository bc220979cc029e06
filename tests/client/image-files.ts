import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

// Uploads are judged by their first bytes, in the browser as on the server (src/shared/image-sniff.ts).
const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A file that is a PNG by its bytes (its signature, then filler: jsdom draws nothing anyway). */
export const pngFile = (name = 'card.png') => new File([PNG_SIGNATURE, '-fake-png'], name, { type: 'image/png' });

/** The size of every pngFile. */
export const PNG_FILE_SIZE = PNG_SIGNATURE.length + '-fake-png'.length;

/** A PDF renamed .png: its name and declared type say image, its bytes do not. */
export const renamedPdf = (name = 'card.png') => new File(['%PDF-1.7\n%âãÏÓ\n'], name, { type: 'image/png' });

/** Picks a student-card photo and waits until the picker took it (its bytes are read first). */
export async function pickStudentCard(user: UserEvent, file = pngFile()) {
  await user.upload(screen.getByLabelText('학생증 사진'), file);
  await screen.findByRole('img', { name: '선택한 학생증 사진 미리보기' });
}

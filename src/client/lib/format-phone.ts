/**
 * "010-1234-5678" for a phone the server stores as digits (a mobile of 10 or 11 digits); anything else as it is.
 * Operators read numbers aloud and compare them with a card: the hyphens are where Koreans pause.
 */
export function formatPhone(digits: string): string {
  const mobile = /^(01\d)(\d{3,4})(\d{4})$/.exec(digits);
  return mobile ? `${mobile[1]}-${mobile[2]}-${mobile[3]}` : digits;
}

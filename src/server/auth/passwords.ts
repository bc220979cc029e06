import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, t=2), the OWASP baseline; verify takes ~20 ms on these machines.
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(hashValue: string | null, password: string): Promise<boolean> {
  if (!hashValue) return false;
  try {
    return await verify(hashValue, password);
  } catch {
    return false;
  }
}

// Checking a password against this when the username does not exist keeps login time the same for both cases,
// so response time does not tell which usernames exist.
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hash('partyon-timing-equaliser'));

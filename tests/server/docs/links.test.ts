import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README and docs/ are the repository's own documents: a clone has nothing else to read. So every relative link
// must land on a file of the repository (and on a heading of it, when it names one), none may leave the repository,
// and every test a document names (a link to a test file followed by the test's title in “curly quotes”) must exist.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const withoutCode = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of withoutCode(text).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n ? `${slug}-${n}` : slug);
  }
  return anchors;
}

function linksOf(text: string): string[] {
  return [...withoutCode(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
}

const external = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe.each(documents)('%s', (doc) => {
  const text = read(doc);

  it('links only to files of the repository, and to headings that exist', () => {
    const broken: string[] = [];
    for (const target of linksOf(text)) {
      if (external(target)) continue;
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path ? resolve(root, dirname(doc), decodeURIComponent(path)) : join(root, doc);
      const inside = relative(root, file);
      if (isAbsolute(path) || inside.startsWith('..') || isAbsolute(inside)) broken.push(`${target}: leaves the repository`);
      else if (!existsSync(file)) broken.push(`${target}: no such file`);
      else if (anchor && statSync(file).isFile() && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(anchor))
        broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it('sends nobody to documents outside the repository', () => {
    expect(text).not.toMatch(/\.\.\/shared\b/);
    expect(linksOf(text).filter((t) => /DESIGN\.md|product-spec/i.test(t))).toEqual([]);
  });

  it('names only tests that exist', () => {
    // Whitespace as one space, so a title may wrap across lines of the document.
    const flat = withoutCode(text).replace(/\s+/g, ' ');
    const missing: string[] = [];
    let testFile: string | null = null;
    let source = '';
    for (const m of flat.matchAll(/\]\(([^)\s]+\.(?:test|spec)\.tsx?)\)|“([^”]+)”/g)) {
      if (m[1]) {
        testFile = relative(root, resolve(root, dirname(doc), m[1]));
        source = existsSync(join(root, testFile)) ? read(testFile).replace(/\\(['"`])/g, '$1') : '';
      } else if (!testFile) missing.push(`“${m[2]}”: no test file named before it`);
      else if (!source.includes(m[2])) missing.push(`${testFile}: “${m[2]}”`);
    }
    expect(missing).toEqual([]);
  });
});

// Why: the core sends sentences as message ids with arguments; this renders them in the
// reader's language from the same Fluent catalogs the CLI uses (crates/catalog/locales), so a
// session started in Korean reads in English after a switch.
import { FluentBundle, FluentResource, type FluentVariable } from '@fluent/bundle';
import ko from '../../../crates/catalog/locales/ko.ftl?raw';
import en from '../../../crates/catalog/locales/en.ftl?raw';
import type { Arg, Message, Text } from './bindings';
import type { Lang } from './i18n';

/** How a word ends, for the Korean particle after it (the rule of crates/catalog/src/particle.rs). */
function ending(word: string): 'vowel' | 'consonant' | 'rieul' | 'unknown' {
  const last = [...word].reverse().find((c) => /[\p{L}\p{N}]/u.test(c));
  if (!last) return 'unknown';
  const code = last.codePointAt(0) ?? 0;
  if (code >= 0xac00 && code <= 0xd7a3) {
    const jong = (code - 0xac00) % 28;
    return jong === 0 ? 'vowel' : jong === 8 ? 'rieul' : 'consonant';
  }
  const c = last.toLowerCase();
  if ('178'.includes(c)) return 'rieul';
  if ('036'.includes(c)) return 'consonant';
  if ('2459'.includes(c)) return 'vowel';
  if (c === 'l') return 'rieul';
  if (c === 'm' || c === 'n') return 'consonant';
  if (/[a-z]/.test(c)) return 'vowel';
  return 'unknown';
}

/** `JOSA($word, "을/를")`: the particle that agrees with the word before it. */
export function particle(word: string, pair: string): string {
  const [afterConsonant, afterVowel] = pair.split('/');
  if (afterVowel === undefined) return pair;
  const direction = afterConsonant === '으로';
  switch (ending(word)) {
    case 'consonant':
      return afterConsonant;
    case 'rieul':
      return direction ? afterVowel : afterConsonant;
    case 'vowel':
      return afterVowel;
    default:
      return direction ? '(으)로' : `${afterConsonant}(${afterVowel})`;
  }
}

function bundle(lang: Lang, source: string): FluentBundle {
  // Isolation marks around arguments would show as stray characters in copied text.
  const out = new FluentBundle(lang, {
    useIsolating: false,
    functions: { JOSA: ([word, pair]) => particle(String(word?.valueOf() ?? ''), String(pair?.valueOf() ?? '')) },
  });
  out.addResource(new FluentResource(source));
  return out;
}

const bundles: Record<Lang, FluentBundle> = { ko: bundle('ko', ko), en: bundle('en', en) };

/** A text of an event in `lang`: quoted words as they are, a catalog message rendered. */
export function renderText(text: Text, lang: Lang): string {
  if (typeof text === 'string') return text;
  return renderMessage(text, lang);
}

function renderMessage(text: Message, lang: Lang): string {
  const catalog = bundles[lang];
  const pattern = catalog.getMessage(text.id)?.value;
  const args: Record<string, FluentVariable> = {};
  for (const [name, value] of Object.entries(text.args) as [string, Arg | undefined][]) {
    if (value === undefined) continue;
    // A phrase of its own (where an element is) renders in the same language first.
    args[name] = typeof value === 'object' ? renderMessage(value, lang) : value;
  }
  // A message this version does not know (stored by another) shows its id and arguments.
  if (!pattern) return `${text.id} (${Object.entries(args).map(([k, v]) => `${k}=${v}`).join(', ')})`;
  return catalog.formatPattern(pattern, args);
}

//! How names compare as people see them: case, width and punctuation aside, Hangul split into
//! its letters for near misses. Reading and grounding both compare names this way.

/// Case, width and punctuation differences people do not see as different words.
pub fn normalize(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        // Full-width ASCII forms (ＡＢＣ１２３) to ASCII.
        let c = if ('\u{FF01}'..='\u{FF5E}').contains(&c) { char::from_u32(c as u32 - 0xFEE0).unwrap_or(c) } else { c };
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if c.is_whitespace() && !out.ends_with(' ') && !out.is_empty() {
            out.push(' ');
        }
    }
    out.trim_end().to_string()
}

/// Whether the text has a Hangul syllable (a Korean sentence or name).
pub fn is_hangul(text: &str) -> bool {
    text.chars().any(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c))
}

/// Hangul syllables split into their letters (jamo), everything normalized and spaces dropped,
/// so "로그인상태유지" and "로그인 상태 유지", or one mistyped letter, come out close.
pub fn jamo_key(text: &str) -> Vec<char> {
    const LEADS: &[char] = &[
        'ㄱ', 'ㄲ', 'ㄴ', 'ㄷ', 'ㄸ', 'ㄹ', 'ㅁ', 'ㅂ', 'ㅃ', 'ㅅ', 'ㅆ', 'ㅇ', 'ㅈ', 'ㅉ', 'ㅊ', 'ㅋ', 'ㅌ', 'ㅍ',
        'ㅎ',
    ];
    const VOWELS: &[char] = &[
        'ㅏ', 'ㅐ', 'ㅑ', 'ㅒ', 'ㅓ', 'ㅔ', 'ㅕ', 'ㅖ', 'ㅗ', 'ㅘ', 'ㅙ', 'ㅚ', 'ㅛ', 'ㅜ', 'ㅝ', 'ㅞ', 'ㅟ', 'ㅠ',
        'ㅡ', 'ㅢ', 'ㅣ',
    ];
    const TAILS: &[char] = &[
        'ㄱ', 'ㄲ', 'ㄳ', 'ㄴ', 'ㄵ', 'ㄶ', 'ㄷ', 'ㄹ', 'ㄺ', 'ㄻ', 'ㄼ', 'ㄽ', 'ㄾ', 'ㄿ', 'ㅀ', 'ㅁ', 'ㅂ', 'ㅄ',
        'ㅅ', 'ㅆ', 'ㅇ', 'ㅈ', 'ㅊ', 'ㅋ', 'ㅌ', 'ㅍ', 'ㅎ',
    ];
    let mut out = Vec::new();
    for c in normalize(text).chars().filter(|c| !c.is_whitespace()) {
        let code = c as u32;
        if (0xAC00..=0xD7A3).contains(&code) {
            let index = (code - 0xAC00) as usize;
            out.push(LEADS[index / (21 * 28)]);
            out.push(VOWELS[(index % (21 * 28)) / 28]);
            if index % 28 != 0 {
                out.push(TAILS[index % 28 - 1]);
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether a word is Hangul syllables only: a Korean noun, not an English one in a Korean table.
pub(crate) fn is_hangul_noun(noun: &str) -> bool {
    noun.chars().all(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c))
}

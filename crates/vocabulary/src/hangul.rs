//! The Hangul syllable as the readers need it: whether a text is Korean, whether a word ends in
//! a consonant (which particle follows it), and a name split into its letters (jamo) so one
//! mistyped letter or a missing space comes out close.

use crate::normalize;

/// The first and last precomposed Hangul syllables (가 … 힣).
const FIRST: u32 = 0xAC00;
const LAST: u32 = 0xD7A3;

/// Whether `c` is a Hangul syllable.
pub fn is_syllable(c: char) -> bool {
    (FIRST..=LAST).contains(&(c as u32))
}

/// Whether the text has a Hangul syllable (a Korean sentence or name).
pub fn is_hangul(text: &str) -> bool {
    text.chars().any(is_syllable)
}

/// Whether a word is Hangul syllables only: a Korean noun, not an English one in a Korean table.
pub fn all_hangul(word: &str) -> bool {
    word.chars().all(is_syllable)
}

/// The final consonant (batchim) of a syllable, by its index (1 ㄱ … 27 ㅎ, 8 ㄹ); 0 when it
/// ends in a vowel; `None` for anything not a syllable.
pub fn final_consonant(c: char) -> Option<u32> {
    is_syllable(c).then(|| (c as u32 - FIRST) % 28)
}

/// Whether a word's last letter is a syllable that ends in a consonant ("입력" yes, "저장" yes,
/// "메모" no): what the particle after it agrees with.
pub fn ends_in_consonant(word: &str) -> bool {
    word.chars().last().and_then(final_consonant).is_some_and(|tail| tail != 0)
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
        if is_syllable(c) {
            let index = (c as u32 - FIRST) as usize;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syllables_and_their_endings() {
        assert!(is_syllable('가') && is_syllable('힣') && !is_syllable('ㄱ') && !is_syllable('a'));
        assert!(is_hangul("Save 저장") && !is_hangul("Save"));
        assert!(all_hangul("저장") && !all_hangul("저장!") && !all_hangul("Save"));
        assert_eq!(final_consonant('메'), Some(0));
        assert_eq!(final_consonant('일'), Some(8));
        assert_eq!(final_consonant('a'), None);
        assert!(ends_in_consonant("입력") && !ends_in_consonant("메모") && !ends_in_consonant("memo"));
    }

    #[test]
    fn letters_of_a_name() {
        assert_eq!(jamo_key("로그인상태유지"), jamo_key("로그인 상태 유지"));
        assert_eq!(jamo_key("각").len(), 3);
        assert_eq!(jamo_key("가").len(), 2);
        assert_ne!(jamo_key("로그인 상태 유지"), jamo_key("로그인 상태 유자"));
    }
}

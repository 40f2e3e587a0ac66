//! Korean particles that agree with the word before them: `'회원가입'을`, `'이메일'을`…
//! `'로그인'을`, `'서울'로`. A Fluent function, `JOSA($word, "을/를")`, picks the form after a
//! final consonant (the first) or after a vowel (the second); a word whose sound the rule cannot
//! tell (a symbol at its end) gets both, as `을(를)`. The window renders with the same rule
//! (`ui/src/lib/catalog.ts`); a test renders every Korean message and finds no `(를)` left
//! where the word is known.

/// How a word ends, as far as a particle cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ending {
    Vowel,
    Consonant,
    /// ㄹ: a consonant, but `로` (not `으로`) follows it.
    Rieul,
    Unknown,
}

fn ending(word: &str) -> Ending {
    // Quotes, brackets and punctuation after the word do not change how it is read.
    let last = word.chars().rev().find(|c| c.is_alphanumeric());
    let Some(c) = last else { return Ending::Unknown };
    if let Some(tail) = crate::final_consonant(c) {
        return match tail {
            0 => Ending::Vowel,
            8 => Ending::Rieul,
            _ => Ending::Consonant,
        };
    }
    match c.to_ascii_lowercase() {
        // Read as Korean numbers: 영 일 이 삼 사 오 육 칠 팔 구.
        '1' | '7' | '8' => Ending::Rieul,
        '0' | '3' | '6' => Ending::Consonant,
        '2' | '4' | '5' | '9' => Ending::Vowel,
        // English words as Koreans say them: "email" 이메일, "item" 아이템, "login" 로그인.
        'l' => Ending::Rieul,
        'm' | 'n' => Ending::Consonant,
        c if c.is_ascii_alphabetic() => Ending::Vowel,
        _ => Ending::Unknown,
    }
}

/// The particle of `pair` ("을/를", "이/가", "은/는", "과/와", "으로/로") that follows `word`.
pub fn particle(word: &str, pair: &str) -> String {
    let Some((after_consonant, after_vowel)) = pair.split_once('/') else { return pair.to_string() };
    let direction = after_consonant == "으로";
    match ending(word) {
        Ending::Consonant => after_consonant.to_string(),
        Ending::Rieul if direction => after_vowel.to_string(),
        Ending::Rieul => after_consonant.to_string(),
        Ending::Vowel => after_vowel.to_string(),
        Ending::Unknown if direction => "(으)로".to_string(),
        Ending::Unknown => format!("{after_consonant}({after_vowel})"),
    }
}

#[cfg(test)]
mod tests {
    use super::particle;

    #[test]
    fn particles_follow_the_sound_of_the_word_before_them() {
        assert_eq!(particle("회원가입", "을/를"), "을");
        assert_eq!(particle("이메일", "을/를"), "을");
        assert_eq!(particle("비밀번호", "을/를"), "를");
        assert_eq!(particle("'장바구니'", "이/가"), "가");
        assert_eq!(particle("상품", "이/가"), "이");
        assert_eq!(particle("서울", "으로/로"), "로");
        assert_eq!(particle("관리자", "으로/로"), "로");
        assert_eq!(particle("운영팀", "으로/로"), "으로");
        assert_eq!(particle("8080", "이/가"), "이");
        assert_eq!(particle("3000", "이/가"), "이");
        assert_eq!(particle("Save", "을/를"), "를");
        assert_eq!(particle("Login", "을/를"), "을");
        assert_eq!(particle("PASSWORD", "이/가"), "가");
        assert_eq!(particle("★", "을/를"), "을(를)");
        assert_eq!(particle("", "으로/로"), "(으)로");
    }
}

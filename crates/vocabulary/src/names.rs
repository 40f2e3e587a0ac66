//! How names compare as people see them: case, width and punctuation aside. Reading, grounding
//! and the checks on a page all compare names this way.

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

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn names_compare_as_people_see_them() {
        assert_eq!(normalize("  Sign-In! "), "signin");
        assert_eq!(normalize("ＳＩＧＮ　ＩＮ"), "sign in");
        assert_eq!(normalize("로그인 상태  유지"), "로그인 상태 유지");
    }
}

//! Paths through menus and the ways specs say one ("Catalog > Products", "the contact list
//! from the Contacts menu", "설정 메뉴에서 그룹 관리", "Settings의 Site Settings"): read into one
//! form, levels joined by " > ", which the engine walks level by level.

/// Separators of a menu path ("Catalog > Products", "설정 → 사용자").
pub const PATH_SEPARATORS: &[&str] = &[" > ", " → ", " › ", " >> ", ">", "→", "›"];

/// "contact list from the Contacts menu" → "Contacts > contact list"; "설정 메뉴에서 그룹 관리" →
/// "설정 > 그룹 관리".
pub fn menu_path(name: &str) -> Option<String> {
    // "the user list (Security menu)".
    if let (Some(open), true) = (name.find('('), name.ends_with(')')) {
        let inner = name[open + 1..name.len() - 1].trim();
        // "the product list (Catalog > Products)": the path in brackets is the way there.
        if PATH_SEPARATORS.iter().any(|sep| inner.contains(sep)) {
            return Some(inner.to_string());
        }
        let menu = inner.strip_suffix(" menu").or_else(|| inner.strip_suffix(" 메뉴")).unwrap_or(inner);
        let screen = name[..open].trim();
        if !menu.is_empty() && !screen.is_empty() && inner != menu {
            return Some(format!("{menu} > {screen}"));
        }
    }
    let lower = name.to_lowercase();
    if lower.ends_with(" menu") {
        for marker in [" from the ", " in the ", " under the ", " via the ", " from ", " in ", " under "] {
            if let Some(at) = lower.rfind(marker) {
                let (screen, menu) = (&name[..at], &name[at + marker.len()..name.len() - " menu".len()]);
                if !screen.trim().is_empty() && !menu.trim().is_empty() {
                    return Some(format!("{} > {}", menu.trim(), screen.trim()));
                }
            }
        }
    }
    for marker in [" 메뉴에서 ", " 메뉴의 ", " 메뉴 ", " 메뉴에 있는 "] {
        if let Some((menu, screen)) = name.split_once(marker) {
            if !menu.trim().is_empty() && !screen.trim().is_empty() {
                return Some(format!("{} > {}", menu.trim(), screen.trim()));
            }
        }
    }
    // "Settings의 Site Settings", "환경 설정의 그룹 관리": the place it is reached from, then the
    // screen ("회의 목록" keeps its 의: a one-syllable stem before it is a word of its own).
    let words: Vec<&str> = name.split_whitespace().collect();
    let at = words.iter().position(|w| crate::bare::strip_particle(w).1 == Some("의"))?;
    if at + 1 >= words.len() {
        return None;
    }
    let mut place: Vec<&str> = words[..at].to_vec();
    place.push(crate::bare::strip_particle(words[at]).0);
    Some(format!("{} > {}", place.join(" "), words[at + 1..].join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn menu_paths_said_every_way() {
        assert_eq!(menu_path("contact list from the Contacts menu").as_deref(), Some("Contacts > contact list"));
        assert_eq!(menu_path("설정 메뉴에서 그룹 관리").as_deref(), Some("설정 > 그룹 관리"));
        assert_eq!(menu_path("user list (Security menu)").as_deref(), Some("Security > user list"));
        assert_eq!(menu_path("the invoice list (Billing > Invoices)").as_deref(), Some("Billing > Invoices"));
        assert_eq!(menu_path("청구서 목록(결제 → 청구서)").as_deref(), Some("결제 → 청구서"));
        // A CMS's settings, a wiki's special pages, a shop's dashboard.
        assert_eq!(menu_path("Settings의 Site Settings").as_deref(), Some("Settings > Site Settings"));
        assert_eq!(menu_path("특수 문서의 최근 바뀜").as_deref(), Some("특수 문서 > 최근 바뀜"));
        assert_eq!(menu_path("Catalogue의 Products").as_deref(), Some("Catalogue > Products"));
        assert_eq!(menu_path("회의 목록"), None);
    }
}

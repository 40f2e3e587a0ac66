//! What a sentence asks for, as the engines act on it: a verb, a target and a value, the kind of
//! element named and where on the page it is.

pub use specwright_vocabulary::{RoleHint, Verb};

/// Where in the page a target is to be found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// The table row that mentions this text ("'기계식 키보드' 행에").
    Row(String),
    /// The open dialog, or the dialog with this title.
    Dialog(Option<String>),
    /// Of several same-named elements, the first ("상단의", "upper") or the last one.
    First,
    Last,
    /// The section, list item, card or menu that this text names ("사용자 항목의 '추가' 링크",
    /// "the 'Add' link in the Groups section").
    Region(String),
}

/// What one clause of a sentence asks for: a verb, what it acts on, the value, where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Intent {
    pub verb: Verb,
    pub target: Option<String>,
    pub value: Option<String>,
    pub hint: Option<RoleHint>,
    pub scope: Option<Scope>,
}

impl Intent {
    pub(crate) fn new(verb: Verb, target: Option<String>, hint: Option<RoleHint>) -> Self {
        Intent { verb, target, value: None, hint, scope: None }
    }

    /// A press of the element named `name`, as "Click 'name'" reads.
    pub fn click(name: impl Into<String>) -> Self {
        Intent::new(Verb::Click, Some(name.into()), None)
    }
}

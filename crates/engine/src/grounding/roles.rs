//! Which roles a verb acts on ("click" a button, a link, a menu item; "fill" a text field): what
//! grounding, the layout readings and the sentence read against the page all narrow to.

use crate::{Intent, RoleHint, Verb};
use specwright_rails::{CLICKABLE, FILLABLE};

/// Roles whose text content is what a person reads as a "message".
pub(super) const MESSAGE_ROLES: &[&str] =
    &["status", "alert", "paragraph", "text", "generic", "strong", "emphasis", "log", "note"];

const CHECKABLE: &[&str] = &["checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio"];

/// The roles `intent` may act on; `None` when any element may be meant, empty when none.
pub(super) fn allowed_roles(intent: &Intent) -> Option<&'static [&'static str]> {
    use Verb::*;
    match (intent.verb, intent.hint) {
        (Click | DoubleClick | Hover, Some(RoleHint::Button)) => Some(&["button"]),
        (Click | DoubleClick | Hover, Some(RoleHint::Link)) => Some(&["link"]),
        (Click | DoubleClick | Hover, Some(RoleHint::Icon)) => Some(&["button", "link", "menuitem", "img"]),
        (Click | DoubleClick | Hover, Some(RoleHint::Checkbox)) => Some(&["checkbox"]),
        (Click | DoubleClick | Hover, Some(RoleHint::Tab)) => Some(&["tab"]),
        // Menus drawn as lists of links are as common as ARIA menus.
        (Click | DoubleClick | Hover, Some(RoleHint::Menu)) => {
            Some(&["menuitem", "menuitemcheckbox", "menuitemradio", "link", "button", "tab", "treeitem"])
        }
        (Click | DoubleClick | Hover, _) => Some(CLICKABLE),
        (Check | Uncheck | ExpectChecked, _) => Some(CHECKABLE),
        (Fill | Clear | ExpectValue | Append, _) => Some(FILLABLE),
        // A multi-select drawn by a widget (select2, Tom Select) is a search box that lists options.
        (Select, _) => Some(&["combobox", "listbox", "searchbox"]),
        (Upload, _) => Some(&["button", "textbox"]),
        (ExpectScreen, _) => Some(&["heading"]),
        (ExpectVisible | ExpectHidden | ExpectEnabled | ExpectDisabled, Some(RoleHint::Button)) => Some(&["button"]),
        (ExpectVisible | ExpectHidden | ExpectEnabled | ExpectDisabled, Some(RoleHint::Link)) => Some(&["link"]),
        (ExpectVisible | ExpectHidden, Some(RoleHint::Heading | RoleHint::Screen)) => Some(&["heading"]),
        (ExpectVisible | ExpectHidden | ExpectEnabled | ExpectDisabled, Some(RoleHint::Field)) => Some(FILLABLE),
        (ExpectVisible | ExpectHidden | ExpectEnabled | ExpectDisabled, Some(RoleHint::Checkbox)) => Some(CHECKABLE),
        (ExpectVisible | ExpectHidden, Some(RoleHint::Dialog)) => Some(&["dialog", "alertdialog", "heading"]),
        (ExpectVisible | ExpectHidden, Some(RoleHint::Message)) => Some(MESSAGE_ROLES),
        (ExpectVisible | ExpectHidden, Some(RoleHint::Row)) => Some(&["row"]),
        (ExpectEnabled | ExpectDisabled, _) => Some(&[
            "button",
            "link",
            "checkbox",
            "radio",
            "switch",
            "tab",
            "textbox",
            "searchbox",
            "spinbutton",
            "combobox",
        ]),
        (ExpectVisible | ExpectHidden, _) => None,
        // What is dragged, and where it lands, may be any element a person can see and name.
        (Drag, _) => None,
        (Navigate | Back | Reload | Look | LogIn | ExpectError | ExpectMessage | ExpectFirst | PressKey, _) => {
            Some(&[])
        }
    }
}

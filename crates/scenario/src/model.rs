//! Scenario model, versioned so stored scenarios can be migrated when the shape changes.

use crate::{Citation, Provenance, ResponseCheck};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Bumped whenever the serialized shape changes; stored scenarios carry the version they were
/// written with and `migrate` brings older ones forward.
pub const SCHEMA_VERSION: u32 = 4;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Scenario {
    pub schema_version: u32,
    pub id: String,
    pub title: String,
    /// Base URL of the application under test; relative `goto` URLs are resolved against it.
    pub target_url: String,
    pub variables: Vec<Variable>,
    /// When present the scenario is data-driven: it runs once per row, and `test_data`
    /// variables take that row's value.
    pub data: Option<TestData>,
    pub preconditions: Vec<Precondition>,
    pub steps: Vec<Step>,
    pub assumptions: Vec<Assumption>,
    pub open_questions: Vec<String>,
}

impl Scenario {
    /// The scenario against the app where it runs now (`target_url`): every address of its steps
    /// on the recorded app's origin becomes a path on the new one, so a replay elsewhere never
    /// opens the server it was recorded against.
    pub fn moved_to(&mut self, target_url: &str) {
        let recorded = std::mem::replace(&mut self.target_url, target_url.to_string());
        for step in &mut self.steps {
            match &mut step.action {
                Action::Goto { url }
                | Action::WaitFor { condition: WaitCondition::Url { expected: url } }
                | Action::ExpectPage { assertion: PageAssertion::Url { expected: url } } => {
                    *url = crate::export::on_base(url, &recorded);
                }
                _ => {}
            }
        }
    }

    /// The command that puts the app's data back before every run, when the scenario has one.
    pub fn reset_command(&self) -> Option<&str> {
        self.preconditions.iter().find_map(|p| match &p.condition {
            Condition::Reset { command } => Some(command.as_str()),
            _ => None,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Variable {
    pub name: String,
    pub source: VariableSource,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum VariableSource {
    Literal {
        value: String,
    },
    /// The column of the current test-data row.
    TestData {
        column: String,
    },
    /// Value lives outside the scenario (keychain, `--secret`, environment); only the name is kept.
    Secret,
}

/// A table of test data; one run of the scenario per row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TestData {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Where the table came from.
    pub citation: Option<Citation>,
}

impl TestData {
    pub fn value(&self, row: usize, column: &str) -> Option<&str> {
        let col = self.columns.iter().position(|c| c == column)?;
        self.rows.get(row)?.get(col).map(String::as_str)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Precondition {
    pub condition: Condition,
    pub text: String,
    pub provenance: Provenance,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Condition {
    TargetUrl {
        url: String,
    },
    /// The user role the scenario runs as ("운영자", "admin").
    Role {
        role: String,
    },
    /// A stored login state to start from.
    StorageState {
        name: String,
    },
    /// The application's data is put back before every run by a command the person gave (the
    /// team's own reset script): a scenario that creates or deletes records runs again on the
    /// data it was written for. Only a person's answer sets it; an imported bundle's becomes a
    /// note, so no file can make this machine run a command.
    Reset {
        command: String,
    },
    Note,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Step {
    pub index: u32,
    /// The human sentence the step implements.
    pub intent: String,
    pub action: Action,
    pub provenance: Provenance,
    pub verification: Verification,
    /// The spec expects the application to refuse this step (a negative test: a wrong password,
    /// a required field left empty), so an error it shows afterwards is the result, not a failure.
    /// Otherwise a step after which the app shows an error, marks a field invalid or answers
    /// 4xx/5xx fails with the app's own words.
    #[serde(default)]
    pub expects_refusal: bool,
    /// The request the action sent to the app and the app accepted when the step was recorded (a
    /// form's post, a save's fetch): every trial and the exported test wait for it, and the step
    /// fails when it is not sent or the app answers 4xx/5xx. Steps recorded before it was kept,
    /// and steps that sent no change, have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub response: Option<ResponseCheck>,
    /// The times a person approved a new element for this step after a check found the recorded
    /// one gone (the app renamed or moved it), oldest first: which run proposed it, who
    /// approved, and the locators it had before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[ts(optional, as = "Option<Vec<Heal>>")]
    pub heals: Vec<Heal>,
}

/// One approved change of a step's element (see [`Step::heals`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Heal {
    /// The check's run that found the element in its new place.
    pub run_id: String,
    /// Who approved it: `window` (a person), `answers_file`, `terminal`.
    pub approved_by: String,
    /// The element as the step had it before.
    pub was: Target,
    /// When it was approved (ms since the epoch).
    #[ts(type = "number")]
    pub at_ms: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    Goto {
        url: String,
    },
    Click {
        target: Target,
    },
    Fill {
        target: Target,
        value: Value,
    },
    /// Chooses the option whose label or value is `value` in a `<select>`.
    Select {
        target: Target,
        value: Value,
    },
    Check {
        target: Target,
    },
    Uncheck {
        target: Target,
    },
    /// Presses a key (`Enter`, `Escape`, `Tab` ...) on the target.
    Press {
        target: Target,
        key: String,
    },
    Hover {
        target: Target,
    },
    DoubleClick {
        target: Target,
    },
    /// Types key by key (for fields that react to each keystroke), unlike `fill`.
    Type {
        target: Target,
        value: Value,
    },
    /// Sets the files of a file input; paths are relative to the scenario's folder.
    Upload {
        target: Target,
        files: Vec<String>,
    },
    Drag {
        target: Target,
        to: Target,
    },
    ScrollIntoView {
        target: Target,
    },
    Back,
    Reload,
    WaitFor {
        condition: WaitCondition,
    },
    /// How to answer the next alert/confirm/prompt the page opens.
    Dialog {
        accept: bool,
        prompt_text: Option<String>,
    },
    /// Continues on another tab of the session: 0 is the first, popups follow in opening order.
    SwitchPage {
        index: u32,
    },
    Expect {
        target: Target,
        assertion: Assertion,
    },
    ExpectPage {
        assertion: PageAssertion,
    },
}

/// What `wait_for` waits for; never a fixed delay.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WaitCondition {
    Element {
        target: Target,
        state: ElementState,
    },
    Url {
        expected: String,
    },
    /// No network requests for a while (Playwright's `networkidle`).
    NetworkIdle,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ElementState {
    Visible,
    Hidden,
    Attached,
    Detached,
}

impl Action {
    pub fn target(&self) -> Option<&Target> {
        match self {
            Action::Goto { .. }
            | Action::ExpectPage { .. }
            | Action::Back
            | Action::Reload
            | Action::Dialog { .. }
            | Action::SwitchPage { .. }
            | Action::WaitFor { condition: WaitCondition::Url { .. } | WaitCondition::NetworkIdle } => None,
            Action::Click { target }
            | Action::Fill { target, .. }
            | Action::Select { target, .. }
            | Action::Check { target }
            | Action::Uncheck { target }
            | Action::Press { target, .. }
            | Action::Hover { target }
            | Action::DoubleClick { target }
            | Action::Type { target, .. }
            | Action::Upload { target, .. }
            | Action::Drag { target, .. }
            | Action::ScrollIntoView { target }
            | Action::WaitFor { condition: WaitCondition::Element { target, .. } }
            | Action::Expect { target, .. } => Some(target),
        }
    }

    /// The same action on another element; `None` for one that does not act on an element (a
    /// check, a wait, a navigation, a drag between two): only what a step does is ever moved to
    /// another element, never what it checks.
    pub fn on_target(&self, target: Target) -> Option<Action> {
        let mut action = self.clone();
        match &mut action {
            Action::Click { target: t }
            | Action::Fill { target: t, .. }
            | Action::Select { target: t, .. }
            | Action::Check { target: t }
            | Action::Uncheck { target: t }
            | Action::Press { target: t, .. }
            | Action::Hover { target: t }
            | Action::DoubleClick { target: t }
            | Action::Type { target: t, .. }
            | Action::Upload { target: t, .. }
            | Action::ScrollIntoView { target: t } => *t = target,
            _ => return None,
        }
        Some(action)
    }

    pub fn name(&self) -> &'static str {
        match self {
            Action::Goto { .. } => "goto",
            Action::Click { .. } => "click",
            Action::Fill { .. } => "fill",
            Action::Select { .. } => "select",
            Action::Check { .. } => "check",
            Action::Uncheck { .. } => "uncheck",
            Action::Press { .. } => "press",
            Action::Hover { .. } => "hover",
            Action::DoubleClick { .. } => "double_click",
            Action::Type { .. } => "type",
            Action::Upload { .. } => "upload",
            Action::Drag { .. } => "drag",
            Action::ScrollIntoView { .. } => "scroll_into_view",
            Action::Back => "back",
            Action::Reload => "reload",
            Action::WaitFor { .. } => "wait_for",
            Action::Dialog { .. } => "dialog",
            Action::SwitchPage { .. } => "switch_page",
            Action::Expect { .. } => "expect",
            Action::ExpectPage { .. } => "expect_page",
        }
    }

    /// An assertion rather than an interaction.
    pub fn is_assertion(&self) -> bool {
        matches!(self, Action::Expect { .. } | Action::ExpectPage { .. })
    }

    /// Whether the step may change what the application shows or stores, so a check should follow.
    pub fn changes_state(&self) -> bool {
        !matches!(
            self,
            Action::Expect { .. }
                | Action::ExpectPage { .. }
                | Action::Hover { .. }
                | Action::ScrollIntoView { .. }
                | Action::WaitFor { .. }
                | Action::Dialog { .. }
                | Action::SwitchPage { .. }
        )
    }

    /// Whether the step only types into the page or looks at it, never taking it elsewhere (a
    /// click, a key, an address may): what it did can be done again from where it began.
    pub fn stays_on_page(&self) -> bool {
        matches!(
            self,
            Action::Fill { .. }
                | Action::Type { .. }
                | Action::Upload { .. }
                | Action::Hover { .. }
                | Action::ScrollIntoView { .. }
                | Action::Select { .. }
                | Action::Check { .. }
                | Action::Uncheck { .. }
                | Action::Expect { .. }
                | Action::ExpectPage { .. }
                | Action::WaitFor { .. }
        )
    }

    /// The value the step types, if it types one.
    pub fn value(&self) -> Option<&Value> {
        match self {
            Action::Fill { value, .. } | Action::Select { value, .. } | Action::Type { value, .. } => Some(value),
            _ => None,
        }
    }
}

/// Where an element is, as ordered strategies: the first is preferred, the rest are fallbacks.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Target {
    pub strategies: Vec<Locator>,
    /// Frame selectors from the page down to the element's frame; empty for the main frame.
    pub frame_path: Vec<String>,
    /// Containers the element is found inside, outermost first: its table row, region or dialog
    /// ("the 'Add' link in the 'Groups' row"). Each strategy is looked up inside them.
    #[serde(default)]
    pub within: Vec<Locator>,
    /// The element is any one of the matches, the first visible: a text the spec expects to be
    /// shown, naming no place, may be shown in several (a message and the list).
    #[serde(default)]
    pub first_visible: bool,
}

impl Target {
    pub fn new(strategies: Vec<Locator>) -> Self {
        Target { strategies, ..Target::default() }
    }

    pub fn primary(&self) -> Option<&Locator> {
        self.strategies.first()
    }

    /// The Playwright selector of `locator` inside this target's containers (not its frames).
    pub fn scoped_selector(&self, locator: &Locator) -> String {
        let mut selector = String::new();
        for scope in &self.within {
            selector.push_str(&scope.playwright_selector());
            selector.push_str(" >> ");
        }
        selector.push_str(&locator.playwright_selector());
        if self.first_visible {
            selector.push_str(" >> visible=true >> nth=0");
        }
        selector
    }

    /// How people read where the element is: `link "Add" in row "Groups"`.
    pub fn describe(&self) -> String {
        let mut out = self.primary().map(Locator::describe).unwrap_or_default();
        for scope in self.within.iter().rev() {
            out.push_str(" in ");
            out.push_str(&scope.describe());
        }
        out
    }
}

/// The placeholder a value or a name carries when it must differ on every run (a record the
/// scenario creates on an application whose data persists): replaced by a short tag per run.
pub const RUN_TAG: &str = "{{run}}";

/// A durable locator: never a snapshot ref, which dies with the page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Locator {
    Role { role: String, name: String, exact: bool },
    Label { text: String },
    Placeholder { text: String },
    TestId { id: String },
    Text { text: String, exact: bool },
    Css { selector: String },
}

impl Locator {
    /// The Playwright selector string the driver understands, equivalent to the `getBy*` call
    /// the exporter writes.
    pub fn playwright_selector(&self) -> String {
        fn quoted(text: &str, exact: bool) -> String {
            let escaped = text.replace('\\', "\\\\").replace('"', "\\\"");
            format!("\"{escaped}\"{}", if exact { "s" } else { "i" })
        }
        match self {
            // An element known by its role alone (inside a named container).
            Locator::Role { role, name, .. } if name.is_empty() => format!("internal:role={role}"),
            Locator::Role { role, name, exact } => {
                format!("internal:role={role}[name={}]", quoted(name, *exact))
            }
            Locator::Label { text } => format!("internal:label={}", quoted(text, true)),
            Locator::Placeholder { text } => {
                format!("internal:attr=[placeholder={}]", quoted(text, true))
            }
            Locator::TestId { id } => format!("internal:testid=[data-testid={}]", quoted(id, true)),
            Locator::Text { text, exact } => format!("internal:text={}", quoted(text, *exact)),
            Locator::Css { selector } => selector.clone(),
        }
    }

    /// The element as a planner names it ("'저장' 버튼", "'Email' field"): the kind from the
    /// catalog (`kind-*`), never a role name or a selector. `None` for a CSS selector, which
    /// names no element a person would.
    pub fn for_people(&self) -> Option<crate::Text> {
        let named = |name: &str, role: &str| {
            crate::Text::message(
                "element-named",
                [("name", name.into()), ("kind", crate::Text::message(role_kind(role), []).into())],
            )
        };
        match self {
            Locator::Role { role, name, .. } => Some(named(name, role)),
            Locator::Label { text } | Locator::Placeholder { text } => Some(named(text, "textbox")),
            Locator::Text { text, .. } => Some(named(text, "text")),
            Locator::TestId { .. } | Locator::Css { .. } => None,
        }
    }

    /// Short human description for plans and progress lines.
    pub fn describe(&self) -> String {
        match self {
            Locator::Role { role, name, .. } => format!("{role} \"{name}\""),
            Locator::Label { text } => format!("label \"{text}\""),
            Locator::Placeholder { text } => format!("placeholder \"{text}\""),
            Locator::TestId { id } => format!("test id \"{id}\""),
            Locator::Text { text, .. } => format!("text \"{text}\""),
            Locator::Css { selector } => format!("css `{selector}`"),
        }
    }
}

/// The catalog's word for an element of this ARIA role (`kind-button` → "버튼" / "button"):
/// what people call it, shared by questions, reports and the window.
pub fn role_kind(role: &str) -> &'static str {
    match role {
        "button" => "kind-button",
        "link" => "kind-link",
        "textbox" | "searchbox" | "spinbutton" => "kind-field",
        "combobox" | "listbox" => "kind-list",
        "checkbox" => "kind-checkbox",
        "radio" => "kind-radio",
        "switch" => "kind-switch",
        "tab" => "kind-tab",
        "menuitem" | "menuitemcheckbox" | "menuitemradio" => "kind-menu-item",
        "heading" => "kind-heading",
        "cell" | "gridcell" => "kind-cell",
        "row" => "kind-row",
        "dialog" | "alertdialog" => "kind-dialog",
        "option" => "kind-option",
        "img" => "kind-image",
        "listitem" => "kind-list-item",
        _ => "kind-text",
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Value {
    Literal {
        value: String,
    },
    /// A scenario variable (literal or test-data column).
    Variable {
        name: String,
    },
    /// `{{secret.NAME}}`: resolved at run time, never stored.
    Secret {
        name: String,
    },
}

impl Value {
    /// How the value is shown to people and written into exports: secrets stay placeholders.
    pub fn display(&self) -> String {
        match self {
            Value::Literal { value } => value.clone(),
            Value::Variable { name } => format!("{{{{{name}}}}}"),
            Value::Secret { name } => format!("{{{{secret.{name}}}}}"),
        }
    }
}

/// A deterministic check on one element; never a model's judgement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Assertion {
    Visible,
    Hidden,
    /// The element's whole text equals `expected` (whitespace normalized).
    Text {
        expected: String,
    },
    ContainsText {
        expected: String,
    },
    /// An input's current value.
    Value {
        expected: String,
    },
    /// How many elements the target matches.
    Count {
        expected: u32,
    },
    Enabled,
    Disabled,
    Checked,
}

/// What a `<select>` shows, as the browser evaluates it for a value check, in the engine and in
/// the exported test alike: the chosen option as people read it (its label), and `""` for its
/// placeholder ("- no selection -", "선택하세요") or none. `null` for any other element, whose
/// value is the input's own.
pub const SELECT_SHOWS_JS: &str = r#"(e) => { if (e.tagName !== 'SELECT') return null; const o = e.selectedOptions[0]; if (!o) return ''; const label = (o.label || o.textContent || '').replace(/\s+/g, ' ').trim(); const placeholder = o.value === '' || /^[-–—\s]*(no selection|none|select\b.*|choose.*|선택.*|없음|미지정)?[-–—\s]*$/i.test(label); return placeholder ? '' : label; }"#;

/// What a drawn combobox (select2, Quasar, MUI, react-select) shows as its value, for the engine
/// and the exported test alike: its text, or its input's value, read in the widget's own box —
/// the element around it that holds no other control, since an input drawn as a combobox shows
/// the chosen value beside it — and nothing while its options are open (their words are not
/// the value).
pub const WIDGET_SHOWS_JS: &str = "(e) => { const i = e.matches('input') ? e : e.querySelector('input'); const controls = 'input:not([type=hidden]),select,textarea,[role=combobox]'; let box = e; for (let k = 0; k < 4 && box.parentElement; k++) { const p = box.parentElement; if (p.querySelectorAll(controls).length > 1) break; box = p; } if (box.querySelector('[role=listbox],[role=option]')) return ''; return (box.innerText || '') + ' ' + (i && i.value ? i.value : ''); }";

/// A deterministic check on the page itself.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PageAssertion {
    /// The URL's path (and query), or the whole URL when `expected` is absolute.
    Url {
        expected: String,
    },
    Title {
        expected: String,
    },
    /// A file with this name was downloaded during the scenario.
    Download {
        file_name: String,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Assumption {
    pub id: String,
    pub text: String,
    pub made_by: String,
    pub status: AssumptionStatus,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AssumptionStatus {
    Open,
    Confirmed,
    Rejected,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verification {
    /// Drafted but never executed.
    Unverified,
    /// Executed once while exploring the live application.
    Explored,
    /// Passed in the latest trial run.
    Passed,
    /// Failed in the latest trial run.
    Failed,
    /// Passed in one trial run and failed in another.
    Flaky,
}

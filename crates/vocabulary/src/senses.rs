//! What the word tables mean: the action a verb asks for and the kind of element a noun names.
//! They sit beside the tables (`words.rs`) so the words and their senses are one bottom layer;
//! the reading builds its intents from them.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    Navigate,
    Back,
    /// The page loaded again, as the browser's reload does: "Refresh the page", "새로고침한다".
    Reload,
    /// An element dragged onto another: the target is the one moved, the value the one it is
    /// dropped on ("Drag 'Apple' onto 'Cart'", "사과를 장바구니에 끌어다 놓는다").
    Drag,
    Click,
    DoubleClick,
    Hover,
    Fill,
    /// Empties a field ("비워 둔다", "leave ... empty").
    Clear,
    Select,
    Check,
    Uncheck,
    Upload,
    /// "목록을 확인한다" with nothing named: a look at the page, not a step of its own.
    Look,
    ExpectVisible,
    ExpectHidden,
    ExpectChecked,
    ExpectEnabled,
    ExpectDisabled,
    /// A field holds a value (the target the field, the value what it holds): "'이름'에
    /// '홍길동'이 입력되어 있다", "the 'Name' field holds 'Alice'", "'Phone' is prefilled with '555'".
    ExpectValue,
    /// A screen is (still) shown: "'대시보드' 화면이 표시된다", "the 'Login' page stays open".
    ExpectScreen,
    /// Logs in (as the target, when the sentence names who): "admin 계정으로 로그인한다",
    /// "Log in as admin", "올바른 비밀번호를 입력하고 로그인한다".
    LogIn,
    /// The application shows an error (containing the target's words, when the sentence gives
    /// them): "오류 메시지가 표시된다", "An error is shown: the name already exists".
    ExpectError,
    /// The application shows a message saying what the target's words say (its gist, not its
    /// exact text): "그룹이 생성되었다는 메시지가 나온다", "a message saying the group was created".
    ExpectMessage,
    /// A key pressed in the field just used (the value is the key): "Enter 키를 누른다", "press Enter".
    PressKey,
    /// Text added at the end of what a field holds (the value): "본문 맨 아래에 \"…\" 문장을
    /// 추가한다", "Append 'Thanks' to the description".
    Append,
    /// A list starts with the target ("grouped by priority, with critical first", "critical이 맨
    /// 위에 표시된다"): its first entry shows those words.
    ExpectFirst,
}

impl Verb {
    pub fn is_expectation(self) -> bool {
        matches!(
            self,
            Verb::ExpectVisible
                | Verb::ExpectHidden
                | Verb::ExpectChecked
                | Verb::ExpectEnabled
                | Verb::ExpectDisabled
                | Verb::ExpectValue
                | Verb::ExpectScreen
                | Verb::ExpectError
                | Verb::ExpectMessage
                | Verb::ExpectFirst
        )
    }
}

/// The kind of element a sentence names ("버튼", "field", "대화상자" ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoleHint {
    Button,
    Link,
    Field,
    Dialog,
    Message,
    Heading,
    Checkbox,
    Tab,
    Menu,
    Screen,
    Row,
    List,
    /// A small control drawn as a picture ("주시 별표", "the trash icon"): a button or a link.
    Icon,
    /// A record named by its kind ("the book", "등록한 상품"): the one the scenario created.
    Record,
}

//! The Gherkin feature, read by the official Gherkin parser in both languages.

use super::*;

// ---------------------------------------------------------------------------------------------
// Gherkin

pub(crate) fn feature_steps(parsed: &Json) -> Vec<(String, String, String)> {
    let scenario = &parsed["doc"]["feature"]["children"][0]["scenario"];
    scenario["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let text = |k: &str| s[k].as_str().unwrap_or_default().to_string();
            (text("keyword"), text("keywordType"), text("text"))
        })
        .collect()
}

#[test]
fn gherkin_feature_parses_in_korean_and_english() {
    let scenario = rich();
    for (language, code, scenario_keyword, given, when, then, and) in [
        (GherkinLanguage::Korean, "ko", "시나리오", "조건 ", "만일 ", "그러면 ", "그리고 "),
        (GherkinLanguage::English, "en", "Scenario", "Given ", "When ", "Then ", "And "),
    ] {
        let feature = gherkin_feature(&scenario, language, language_words(language));
        let parsed = parse_gherkin(&feature);
        let doc = &parsed["doc"]["feature"];
        assert_eq!(doc["language"], code, "{feature}");
        assert_eq!(doc["name"], TITLE);
        let description = doc["description"].as_str().unwrap_or_default();
        // The description's labels in the file's one language.
        let (target, assumption, question) = if code == "ko" {
            ("대상: ", "가정 (미확인): ", "미해결 질문: ")
        } else {
            ("Target: ", "Assumption (Open): ", "Open question: ")
        };
        assert!(description.contains(&format!("{target}http://127.0.0.1:8080/app/")), "{description}");
        assert!(description.contains(&format!("{assumption}인사말 칸은 선택 사항 (engine)")), "{description}");
        assert!(description.contains(&format!("{question}탈퇴 | 재가입?")), "{description}");
        assert!(!description.contains(" / "), "{description}");
        let children = doc["children"].as_array().unwrap();
        assert_eq!(children.len(), 1);
        assert_eq!(children[0]["scenario"]["keyword"], scenario_keyword);
        assert_eq!(children[0]["scenario"]["name"], TITLE);

        let steps = feature_steps(&parsed);
        assert_eq!(steps.len(), 1 + scenario.steps.len(), "{feature}");
        let expected_keywords: Vec<(&str, &str)> = [(given, "Context"), (and, "Conjunction")]
            .into_iter()
            .chain([(when, "Action")])
            .chain(std::iter::repeat_n((and, "Conjunction"), 8))
            .chain([(then, "Outcome")])
            .chain(std::iter::repeat_n((and, "Conjunction"), 10))
            .collect();
        let got: Vec<(&str, &str)> = steps.iter().map(|(k, t, _)| (k.as_str(), t.as_str())).collect();
        assert_eq!(got, expected_keywords, "{feature}");
        let texts: Vec<&str> = steps.iter().map(|(_, _, t)| t.as_str()).collect();
        assert_eq!(texts[0], "운영자로 로그인되어 있다");
        assert_eq!(texts[3], "비밀번호 {{secret.PASSWORD}} 입력");
        assert_eq!(texts[10], "'저장'을 누른다 <확인>");

        // One pickle: a plain scenario; every citation survives as a comment.
        assert_eq!(parsed["pickles"].as_array().unwrap().len(), 1);
        let comments = parsed["doc"]["comments"].as_array().unwrap();
        assert!(
            comments.iter().any(|c| c["text"] == "    # spec: 요구사항.md › 로그인 \"Login\" (line 3)"),
            "{feature}"
        );
        assert!(comments.iter().any(|c| c["text"] == "    # assumption: as_1"), "{feature}");
    }
}

#[test]
fn data_driven_gherkin_is_an_outline_with_the_test_data_as_examples() {
    let scenario = data_driven();
    for (language, outline, examples) in
        [(GherkinLanguage::Korean, "시나리오 개요", "예"), (GherkinLanguage::English, "Scenario Outline", "Examples")]
    {
        let feature = gherkin_feature(&scenario, language, language_words(language));
        let parsed = parse_gherkin(&feature);
        let child = &parsed["doc"]["feature"]["children"][0]["scenario"];
        assert_eq!(child["keyword"], outline, "{feature}");
        let table = &child["examples"][0];
        assert_eq!(table["keyword"], examples);
        let header: Vec<&str> =
            table["tableHeader"]["cells"].as_array().unwrap().iter().map(|c| c["value"].as_str().unwrap()).collect();
        assert_eq!(header, ["이메일", "plan name"]);
        let body = table["tableBody"].as_array().unwrap();
        assert_eq!(body.len(), ROWS.len());
        assert_eq!(body[1]["cells"][0]["value"], "lee|park@example.com", "Gherkin trims cells; `|` survives escaped");

        let steps = feature_steps(&parsed);
        assert_eq!(steps[2].2, "<이메일> 입력", "{feature}");
        assert_eq!(steps[5].2, "요금제를 고른다 \"<plan name>\"", "{feature}");

        let pickles = parsed["pickles"].as_array().unwrap();
        assert_eq!(pickles.len(), ROWS.len(), "{feature}");
        assert_eq!(pickles[0]["steps"][2], "kim@example.com 입력");
        assert_eq!(pickles[0]["steps"][5], "요금제를 고른다 \"프로\"");
        assert_eq!(pickles[1]["steps"][2], "lee|park@example.com 입력");
        assert_eq!(pickles[1]["steps"][5], "요금제를 고른다 \"\"");
        assert_eq!(pickles[0]["steps"].as_array().unwrap().len(), 1 + scenario.steps.len());
    }
}

#[test]
fn gherkin_feature_exact_output() {
    let korean = r#"# language: ko
# Generated by Specwright from scenario scn_1 (schema v4).
# Edit the scenario and export again rather than editing this file.
기능: Log in: it's "quoted"
  대상: http://127.0.0.1:8080

  시나리오: Log in: it's "quoted"
    # spec: spec.md › Login (line 3)
    #   "1. Go to /login"
    조건 Go to /login
    # answer: q_1
    만일 Type the password
    # assumption: as_1
    그리고 Click 'Sign in'
    # observed: e7
    그러면 See the toast
"#;
    let feature = gherkin_feature(&small(), GherkinLanguage::Korean, &Locale::Ko);
    assert_eq!(feature, korean, "{feature}");
    parse_gherkin(&feature);

    let english = gherkin_feature(&small(), GherkinLanguage::English, &Locale::En);
    let expected = korean
        .replace("# language: ko", "# language: en")
        .replace("기능:", "Feature:")
        .replace("  대상: ", "  Target: ")
        .replace("시나리오:", "Scenario:")
        .replace("조건 ", "Given ")
        .replace("만일 ", "When ")
        .replace("그리고 ", "And ")
        .replace("그러면 ", "Then ");
    assert_eq!(english, expected, "{english}");
    parse_gherkin(&english);

    let mut data = small();
    data.variables.push(Variable { name: "USER".into(), source: VariableSource::TestData { column: "user".into() } });
    data.steps[1].action =
        Action::Fill { target: at(role("textbox", "User", true)), value: Value::Variable { name: "USER".into() } };
    data.steps[1].intent = "Type {{USER}}".into();
    data.data = Some(TestData {
        columns: vec!["user".into()],
        rows: vec![vec!["kim".into()], vec!["a|b\\c".into()]],
        citation: None,
    });
    let outline = gherkin_feature(&data, GherkinLanguage::English, &Locale::En);
    assert!(
        outline.ends_with("  Scenario Outline: Log in: it's \"quoted\"\n    # spec: spec.md › Login (line 3)\n    #   \"1. Go to /login\"\n    Given Go to /login\n    # answer: q_1\n    When Type <user>\n    # assumption: as_1\n    And Click 'Sign in'\n    # observed: e7\n    Then See the toast\n\n    Examples:\n      | user |\n      | kim |\n      | a\\|b\\\\c |\n"),
        "{outline}"
    );
    let parsed = parse_gherkin(&outline);
    assert_eq!(parsed["pickles"][1]["steps"][1], "Type a|b\\c");
}

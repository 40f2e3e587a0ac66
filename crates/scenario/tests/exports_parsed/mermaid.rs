//! The Mermaid flowchart, read by Mermaid's own parser.

use super::*;

// ---------------------------------------------------------------------------------------------
// Mermaid: Mermaid's own parser (`mermaid.parse`, run in node with a jsdom window by
// `tests/tools/mermaid-parse.mjs`) must accept the flowchart, and its structure is checked here.

/// Runs Mermaid's parser on `flow`: `Ok` if it accepts it, else the parser's message.
fn parse_mermaid(flow: &str) -> Result<(), String> {
    let file = TempFile::new("scenario.mmd", flow);
    let script = repo_root().join("tests/tools/mermaid-parse.mjs");
    let output = Command::new("node")
        .current_dir(repo_root())
        .arg(&script)
        .arg(&file.path)
        .output()
        .unwrap_or_else(|e| panic!("node could not start ({e}); run scripts/setup.sh"));
    let stdout = String::from_utf8_lossy(&output.stdout).trim().to_string();
    let stderr = String::from_utf8_lossy(&output.stderr).trim().to_string();
    match output.status.success() {
        true if stdout == "ok" => Ok(()),
        true => panic!("mermaid-parse.mjs exited 0 without `ok`:\n{stdout}\n{stderr}"),
        false => Err(format!("{stdout}\n{stderr}").trim().to_string()),
    }
}

#[test]
fn mermaid_flow_is_accepted_by_mermaids_own_parser() {
    // A broken diagram must be rejected by the parser itself (not by a missing module or a script
    // that fails on everything), or the acceptances below would prove nothing.
    let broken = parse_mermaid("flowchart TD\n  A[\"unterminated").expect_err("an unterminated label parsed");
    assert!(broken.contains("Parse error"), "not the parser's rejection; run scripts/setup.sh?\n{broken}");
    let raw_quote = parse_mermaid("flowchart TD\n  A[\"say \"hi\" now\"] --> B").expect_err("a raw quote parsed");
    assert!(raw_quote.contains("Parse error"), "{raw_quote}");

    let mut empty = small();
    empty.steps.clear();
    empty.title = String::new();
    empty.id = String::new();
    for scenario in [rich(), data_driven(), small(), empty] {
        let flow = mermaid_flow(&scenario, &Locale::Ko);
        if let Err(error) = parse_mermaid(&flow) {
            panic!("Mermaid rejected the export of {:?}:\n{error}\n--- file ---\n{flow}", scenario.id);
        }
    }
}

/// `(id, label)` of every `id["label"]` / `id(["label"])` node line.
fn mermaid_nodes(flow: &str) -> Vec<(String, String)> {
    flow.lines()
        .filter_map(|line| {
            let line = line.trim();
            let (id, rest) = line.split_once(['[', '('])?;
            let label = rest.trim_start_matches(['(', '[']).strip_prefix('"')?;
            let label = label.strip_suffix("\"])").or_else(|| label.strip_suffix("\"]"))?;
            Some((id.to_string(), label.to_string()))
        })
        .collect()
}

fn mermaid_edges(flow: &str) -> Vec<(String, String)> {
    flow.lines()
        .filter_map(|line| line.trim().split_once(" --> ").map(|(a, b)| (a.to_string(), b.to_string())))
        .collect()
}

#[test]
fn mermaid_flow_has_one_node_per_step_in_order_with_escaped_labels() {
    for scenario in [rich(), data_driven()] {
        let flow = mermaid_flow(&scenario, &Locale::Ko);
        let mut lines = flow.lines().filter(|l| !l.starts_with("%%"));
        assert_eq!(lines.next(), Some("flowchart TD"), "{flow}");

        let nodes = mermaid_nodes(&flow);
        assert_eq!(nodes.len(), scenario.steps.len() + 2, "{flow}");
        assert_eq!(nodes[0].0, "start");
        assert_eq!(nodes.last().map(|n| n.0.as_str()), Some("finish"));
        for (label_node, step) in nodes[1..=scenario.steps.len()].iter().zip(&scenario.steps) {
            assert!(label_node.1.starts_with(&format!("{}. ", step.index)), "{label_node:?}");
        }
        for (id, label) in &nodes {
            for raw in ['"', '[', ']', '<', '>', '`', '%', ':', '\n'] {
                assert!(!label.contains(raw), "{id}: raw {raw:?} in {label}");
            }
            // Every `#` opens one of the entities the label escaping writes.
            for (i, _) in label.match_indices('#') {
                let entity = &label[i..label[i..].find(';').map(|e| i + e + 1).unwrap_or(label.len())];
                assert!(
                    ["#quot;", "#35;", "#91;", "#93;", "#lt;", "#gt;", "#amp;", "#37;", "#96;", "#58;"]
                        .contains(&entity),
                    "{id}: {entity} in {label}"
                );
            }
        }
        // The title's quotes, brackets, `<>` and `#` arrive as entities.
        assert!(nodes[0].1.contains("#quot;빠른#quot; 확인 #91;v2#93; #lt;beta#gt; #35;1 it's"), "{}", nodes[0].1);
        assert!(nodes[10].1.starts_with("10. '저장'을 누른다 #lt;확인#gt; — click"), "{}", nodes[10].1);

        let edges = mermaid_edges(&flow);
        let ids: Vec<&str> = nodes.iter().map(|n| n.0.as_str()).collect();
        let chain: Vec<(String, String)> = ids.windows(2).map(|w| (w[0].to_string(), w[1].to_string())).collect();
        assert_eq!(edges, chain, "{flow}");

        let checks: Vec<String> = scenario
            .steps
            .iter()
            .enumerate()
            .filter(|(_, s)| s.action.is_assertion())
            .map(|(i, _)| format!("s{}", i + 1))
            .collect();
        assert!(flow.contains(&format!("    class {} check\n", checks.join(","))), "{flow}");
        assert!(flow.contains("    classDef check "), "{flow}");
    }
}

#[test]
fn mermaid_flow_exact_output() {
    let expected = r#"%% Generated by Specwright from scenario scn_1 (schema v4). Edit the scenario and export again rather than editing this file.
flowchart TD
    start(["Start#58; Log in#58; it's #quot;quoted#quot;"])
    s1["1. Go to /login — goto #96;/login#96;"]
    s2["2. Type the password — fill #96;{{secret.PASSWORD}}#96;"]
    s3["3. Click 'Sign in' — click"]
    s4["4. See the toast — expect visible"]
    finish(["End"])
    start --> s1
    s1 --> s2
    s2 --> s3
    s3 --> s4
    s4 --> finish
    classDef action fill:#e3f2fd,stroke:#1565c0,color:#0d47a1
    classDef check fill:#e8f5e9,stroke:#2e7d32,color:#1b5e20
    classDef terminal fill:#f5f5f5,stroke:#616161,color:#212121
    class s1,s2,s3 action
    class s4 check
    class start,finish terminal
"#;
    let flow = mermaid_flow(&small(), &Locale::En);
    assert_eq!(flow, expected, "{flow}");
    // A Korean scenario's chart in Korean: its start and end in the same language as its steps.
    let korean = mermaid_flow(&small(), &Locale::Ko);
    assert!(korean.contains("start([\"시작#58; Log in") && korean.contains("finish([\"끝\"])"), "{korean}");
}

//! Markdown test plan: what a person reads to know what the scenario checks and why.

use super::one_line;
use crate::{Provenance, Scenario, VariableSource};
use std::fmt::Write;

pub fn markdown_plan(scenario: &Scenario) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# 테스트 계획 / Test plan: {}\n", scenario.title);
    let _ = writeln!(out, "- 대상 / Target: `{}`", scenario.target_url);
    let _ = writeln!(out, "- 시나리오 / Scenario: `{}` (schema v{})", scenario.id, scenario.schema_version);
    let _ = writeln!(out, "- 단계 / Steps: {}\n", scenario.steps.len());

    if !scenario.preconditions.is_empty() {
        out.push_str("## 사전 조건 / Preconditions\n\n");
        for p in &scenario.preconditions {
            let _ = writeln!(out, "- {} ({})", p.text, p.provenance.label());
        }
        out.push('\n');
    }

    if let Some(data) = &scenario.data {
        out.push_str("## 테스트 데이터 / Test data\n\n");
        let _ = writeln!(out, "| {} |", data.columns.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | "));
        let _ = writeln!(out, "|{}", "---|".repeat(data.columns.len()));
        for row in &data.rows {
            let _ = writeln!(out, "| {} |", row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | "));
        }
        out.push('\n');
    }

    out.push_str("## 단계 / Steps\n\n");
    out.push_str("| # | 의도 / Intent | 동작 / Action | 대상 / Target | 출처 / Source | 상태 / Status |\n");
    out.push_str("|---|---|---|---|---|---|\n");
    for step in &scenario.steps {
        let target = step.action.target().and_then(|t| t.primary()).map(|l| l.describe()).unwrap_or_default();
        let action = super::describe_action(&step.action);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {:?} |",
            step.index,
            cell(&step.intent),
            cell(&action),
            cell(&target),
            cell(&step.provenance.label()),
            step.verification
        );
    }
    out.push('\n');

    out.push_str("## 근거 / Citations\n\n");
    for step in &scenario.steps {
        if let Provenance::Spec { citation } = &step.provenance {
            let _ = writeln!(out, "{}. {} — “{}”", step.index, citation.label(), one_line(&citation.quote));
        }
    }
    out.push('\n');

    out.push_str("## 가정 / Assumptions\n\n");
    if scenario.assumptions.is_empty() {
        out.push_str("- 없음 / None\n");
    }
    for a in &scenario.assumptions {
        let _ = writeln!(out, "- [{:?}] {} ({})", a.status, a.text, a.made_by);
    }
    out.push('\n');

    let secrets: Vec<_> = scenario.variables.iter().filter(|v| v.source == VariableSource::Secret).collect();
    if !secrets.is_empty() {
        out.push_str("## 비밀 값 / Secrets\n\n");
        for v in secrets {
            let _ = writeln!(
                out,
                "- `{{{{secret.{0}}}}}`: 실행 전에 환경 변수 `SPECWRIGHT_SECRET_{0}`를 설정하세요. / Set `SPECWRIGHT_SECRET_{0}` before running.",
                v.name
            );
        }
        out.push('\n');
    }
    out.push_str("## 실행 / Run\n\n```sh\nnpx playwright test\n```\n");
    out
}

fn cell(text: &str) -> String {
    one_line(text).replace('|', "\\|")
}

# Specwright가 사람에게 하는 말(한국어). 메시지 id는 en.ftl과 같아야 합니다.
# 인수는 { $name } 으로 씁니다. 한 문장에 두 언어를 섞지 않습니다.

## 문서 읽기

ingest-semantic-off = 의미 검색이 꺼져 있습니다({ $reason }). 키워드 검색은 그대로 동작합니다. `make setup`으로 모델을 설치하세요.

## 실행

run-model-reads = 모델({ $model })이 기획서를 읽고 실제 화면에서 시나리오를 만듭니다.
run-found-scenarios = 기획서에서 시나리오 { $scenarios }개, 단계 { $steps }개를 찾았습니다. 실제 화면에서 하나씩 확인합니다.
run-found-steps = 기획서에서 { $steps }개 단계를 찾았습니다. 실제 화면에서 하나씩 확인합니다.
run-explored = 탐색 완료: 시나리오 { $scenarios }개, 단계 { $steps }개, 화면에서 찾은 대상 { $targets }개 중 { $grounded }개를 질문 없이 찾음, 질문 { $questions }개.
explore-scenario-of = 시나리오 { $n }/{ $total }: { $title }
replay-start = 저장된 시나리오 '{ $title }'를 { $url }에서 다시 실행합니다(LLM 없이).
agent-resuming = 중단된 지점부터 이어 갑니다: 단계 { $steps }개를 다시 실행합니다.

## 시험 실행

trial-start = 새 브라우저에서 시나리오를 처음부터 시험 실행합니다.
trial-reset-app = 앱의 데이터를 처음 상태로 되돌립니다: { $command }
browser-recovered = 브라우저가 예기치 않게 종료되어 다시 시작했습니다({ $url }). 로그인 상태를 복원하고 단계를 다시 실행했습니다.

## 데이터 속 지시문

fence-cut-documents = 기획서에서 AI에게 지시하는 문장 { $lines }줄을 제외했습니다(데이터로만 취급).
fence-cut-page = { $url } 화면에서 AI에게 지시하는 문장 { $lines }줄을 제외했습니다(데이터로만 취급).

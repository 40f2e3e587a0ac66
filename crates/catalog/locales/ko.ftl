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

## 질문

q-value = '{ $field }'에 무엇을 입력할까요?
why-value = 기획서가 입력하라고 하지만 값을 적지 않았습니다.
q-password = '{ $field }'에 입력할 비밀번호({ $name })를 알려 주세요. 기획서에는 적혀 있지 않으며, 입력한 값은 저장되지 않습니다.
why-password = 비밀 값은 기획서나 로그에 두지 않습니다(명령줄에서는 --secret { $name }=… 또는 SPECWRIGHT_SECRET_{ $name }).
q-values-fields = '{ $values }'의 값을 어느 입력란에 차례로 넣을까요?
why-values-fields = 기획서가 값만 나열하고 입력란을 적지 않았습니다.
q-target-several = '{ $target }'에 해당하는 요소가 { $n }개 있습니다. 어느 것인가요?
why-target-several = 같은 이름의 요소 중 하나를 임의로 고르지 않습니다.
q-target-missing = 화면에서 '{ $target }'을(를) 찾지 못했습니다. 다음 중 무엇을 뜻하나요?
why-target-missing = 기획서의 이름이 화면의 이름과 다릅니다({ $url }).
q-account = 어떤 계정(아이디)으로 로그인할까요?
q-account-for = '{ $who }'(으)로 로그인할 계정(아이디)은 무엇인가요?
why-account = 기획서가 로그인하라고 하지만 계정을 적지 않았습니다.
q-step-column = '{ $sheet }' 시트의 어느 열에 테스트 단계(할 일)가 적혀 있나요? 머리글: { $header }
why-step-column = 머리글 중 단계 열로 알려진 이름이 없습니다.
q-data-delete = 이 단계는 앱에서 데이터를 지웁니다("{ $sentence }"). 앱이 데이터를 보관하면 다음 실행에는 지울 대상이 없습니다. 어떻게 할까요?
why-data-repeat = 시험 실행과 내보낸 테스트는 같은 앱에서 여러 번 실행됩니다.
q-data-trial = 탐색 때 통과한 단계가 시험 실행에서 실패했습니다({ $failure }). 탐색이 앱의 데이터를 바꿨기 때문일 수 있습니다("{ $change }"). 실행 전마다 데이터를 되돌리는 명령이 있나요?
why-data-trial = 탐색과 시험 실행은 같은 앱에서 차례로 실행됩니다.
q-data-reset = 어떤 명령이 앱의 데이터를 처음 상태로 되돌리나요? 시험 실행과 내보낸 테스트가 실행 전마다 이 명령을 실행합니다.
why-data-reset = 팀이 쓰는 초기화 스크립트나 명령 (예: make reset-db)
q-data-create = 이 단계는 앱에 '{ $value }'({ $field })을(를) 만듭니다. 앱이 데이터를 보관하면 재실행할 때 같은 이름이 중복됩니다. 어떻게 할까요?
q-screen-is = 지금 화면('{ $heading }')이 '{ $name }' 화면인가요?
q-screen-is-seen = 지금 화면('{ $heading }', 앞에서 '{ $seen }'(으)로 연 화면)이 '{ $name }' 화면인가요?
why-screen-is = 화면의 제목({ $headings })이 기획서의 화면 이름과 다릅니다.
q-screen-open = '{ $name }' 화면은 어떻게 여나요? 주소를 적거나 누를 것을 고르세요.
why-screen-open = 기획서가 화면의 이름만 적고 여는 방법은 적지 않았습니다.
q-step-unclear = 이 단계를 어떻게 실행할지 알 수 없습니다: "{ $text }". 무엇을 뜻하나요? 고르거나 직접 적어 주세요(예: '저장' 버튼을 클릭한다).
why-step-unclear = 문장에서 동작이나 대상을 알아내지 못했습니다.
q-screen-url = '{ $screen }' 화면은 어느 주소에서 열리나요?
why-screen-url = 사전조건이 이 화면에서 시작하라고 하지만 아직 이 화면을 본 적이 없습니다.
q-secret = 비밀 값 { $name }이(가) 필요합니다. --secret { $name }=... 또는 SPECWRIGHT_SECRET_{ $name }으로 알려 주세요.
why-secret-model = 비밀 값은 모델에게 보내지 않습니다.
q-preflight-role = 어떤 역할(계정)로 테스트할까요?
q-preflight-screen = 어느 화면에서 시작할까요? (경로, 예: /login)
why-preflight = 기획서에 적혀 있지 않습니다.
q-confirm-model = 이 작업을 실행할까요? "{ $action }"

## 명령줄

cli-session-started = 세션 시작: { $title } → { $url }
cli-ingest-parsed = 기획서 읽음: { $document }, 절 { $sections }개
cli-ingest-chunked = 조각 { $chunks }개
cli-ingest-embedded = 임베딩 { $embedded }/{ $chunks }
cli-ingest-unchanged = 변경 없음: { $document }
cli-ingest-done = 단계 { $steps }개, 조각 { $chunks }개
cli-ingest-done-keyword = 단계 { $steps }개, 조각 { $chunks }개 (키워드 검색만)
cli-usage = 토큰: { $prompt } + { $completion } ({ $model }{ $cost })
cli-retrying = 다시 시도({ $attempt }, { $delay } ms): { $reason }
cli-draft = 시나리오 초안: 단계 { $steps }개, 모두 근거 있음
cli-trial-step = 시험 { $attempt }회차 #{ $index } { $intent } ({ $ms } ms)
cli-trial-step-row = 시험 { $attempt }회차 { $row }행 #{ $index } { $intent } ({ $ms } ms)
cli-closest = 비슷한 요소: { $candidates }
verdict-passed = 통과
verdict-flaky = 불안정
verdict-failed = 실패
cli-trial-done = 시험 실행: { $verdict } (실행 { $runs }회, 실패한 단계 { $failed }개, { $ms } ms)
cli-review-clean = 검토: 문제 없음
cli-review = 검토:
cli-completed-files = 완료: { $files }
cli-completed-folders = 완료: 파일 { $files }개, 시나리오 폴더 { $folders }개
cli-confirm = 확인 필요: { $action }
cli-cancelled = 취소됨: { $reason }
cli-waiting = 답을 기다립니다: { $question }
cli-error = 오류: { $message }
cli-no-sessions = 세션이 없습니다. `specwright demo`로 시작해 보세요.
cli-nothing-found = 찾은 내용이 없습니다.

## 요소의 종류

kind-button = 버튼
kind-link = 링크
kind-field = 입력란
kind-list = 선택 목록
kind-checkbox = 체크박스
kind-radio = 라디오 버튼
kind-switch = 스위치
kind-tab = 탭
kind-menu-item = 메뉴 항목
kind-heading = 제목
kind-cell = 표 칸
kind-row = 행
kind-dialog = 대화상자
kind-option = 선택지
kind-image = 그림
kind-list-item = 목록 항목
kind-text = 문구
container-row = 행
container-item = 항목
container-dialog = 대화상자
container-menu = 메뉴
container-table = 표
container-section = 영역

## 선택지

opt-proceed = 실행
opt-stop = 중단
opt-skip = 이 단계 건너뛰기 (가정으로 기록)
opt-defect = 없음 — 결함으로 기록
element-named = '{ $name }' { $kind }
place-in = '{ $name }' { $kind }
place-under = '{ $name }' 아래
opt-element-in = { $place }의 '{ $label }' { $kind }
opt-element-nth = 위에서 { $n }번째 '{ $label }' { $kind }
opt-click-named = '{ $name }' { $kind } 누르기
opt-check-shown = '{ $text }'이(가) 보이는지 확인
opt-screen-yes = 예 — 이 화면이 '{ $name }' 화면입니다
opt-screen-no = 아니요 — 앱이 그 화면을 열지 않았습니다 (결함으로 기록)
opt-screen-path = '{ $screen }' 화면 ({ $path })
opt-screen-here = 지금 화면이 그 화면입니다
opt-data-keep = 그대로 둠 (앱이 실행마다 초기화됨)
opt-data-reset = 실행 전마다 데이터를 처음 상태로 되돌리는 명령을 실행 (명령을 알려 주세요)
opt-data-unique = 실행할 때마다 새 이름으로 (뒤에 실행별 구분 문자를 붙임)
opt-data-unique-named = '{ $name }'을(를) 실행할 때마다 새 이름으로 (뒤에 실행별 구분 문자를 붙임)
opt-data-failed = 아니요, 앱의 실패로 보고
opt-values-typed = { $pairs } (이 화면에서 앞서 입력한 순서)
opt-values-form = { $pairs } (화면의 입력란 순서)
opt-distinct = { $label } ({ $position ->
        [upper] 위쪽
        [lower] 아래쪽
       *[middle] 가운데
    }, 위에서 { $n }번째)
place-column = '{ $row }' 행의 '{ $column }' 열

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
explore-refused-report = 앱이 { $line }번째 줄의 단계를 거부했습니다: '{ $message }'. 여기까지의 시나리오를 시험 실행하고, 이 단계에서 실패하는 보고서를 씁니다.
replay-start = 저장된 시나리오 '{ $title }'를 { $url }에서 다시 실행합니다(LLM 없이).
replay-start-cases = 저장된 시나리오 { $cases }개를 { $url }에서 다시 실행합니다(LLM 없이).
agent-resuming = 중단된 지점부터 이어 갑니다: 단계 { $steps }개를 다시 실행합니다.

## 시험 실행

trial-start = 새 브라우저에서 시나리오를 처음부터 시험 실행합니다.
trial-again-alone-changed = 이 시나리오는 앱의 데이터를 바꾸는 다른 시나리오와 함께 시험되었기에 혼자서 다시 시험 실행합니다. 이후 시나리오도 하나씩 실행합니다.
trial-again-alone-failed = 다른 시나리오와 나란히 실행한 시험이 통과하지 못해 혼자서 다시 시험 실행합니다. 이후 시나리오도 하나씩 실행합니다.
check-again-alone-changed = 함께 점검한 다른 세션이 앱의 데이터를 바꾸었기에, 이 세션의 시나리오를 모두 혼자서 다시 점검합니다.
check-again-alone-failed = 다른 세션과 나란히 점검하는 동안 통과하지 못한 시나리오가 있어, 그 시나리오를 혼자서 다시 점검합니다.
trial-side-by-side = 앱의 데이터를 읽기만 하는 시나리오는 최대 { $lanes }개씩 나란히 시험 실행합니다. 데이터를 바꾸는 시나리오는 혼자 실행합니다.
trial-reset-app = 앱의 데이터를 처음 상태로 되돌립니다: { $command }
browser-recovered = 브라우저가 예기치 않게 종료되어 다시 시작했습니다({ $url }). 로그인 상태를 복원하고 단계를 다시 실행했습니다.

## 데이터 속 지시문

fence-cut-documents = 기획서에서 AI에게 지시하는 문장 { $lines }줄을 제외했습니다(데이터로만 취급).
fence-cut-page = { $url } 화면에서 AI에게 지시하는 문장 { $lines }줄을 제외했습니다(데이터로만 취급).

## 질문

q-value = '{ $field }'에 무엇을 입력할까요?
why-value = 기획서가 입력하라고 하지만 값을 적지 않았습니다.
q-value-described = 기획서는 '{ $field }'에 입력할 값을 '{ $words }'{ JOSA($words, "으로/로") } 설명합니다. 무엇을 입력할까요?
why-value-described = 기획서가 값 자체가 아니라 어떤 값인지를 적었습니다.
opt-made-up-wrong = 임의로 만든 틀린 값
q-password = '{ $field }'에 입력할 비밀번호({ $name })를 알려 주세요. 기획서에는 적혀 있지 않습니다.
why-password = 실행 중 앱에 입력할 때만 쓰이며 기획서, 로그, 보고서, 모델 어디에도 남지 않습니다.
q-values-fields = '{ $values }'의 값을 어느 입력란에 차례로 넣을까요?
why-values-fields = 기획서가 값만 나열하고 입력란을 적지 않았습니다.
q-target-several = '{ $target }'에 해당하는 요소가 { $n }개 있습니다. 어느 것인가요?
why-target-several = 같은 이름의 요소 중 하나를 임의로 고르지 않습니다.
q-target-missing = 화면에서 '{ $target }'{ JOSA($target, "을/를") } 찾지 못했습니다. 다음 중 무엇을 뜻하나요?
why-target-missing = 기획서의 이름이 화면의 이름과 다릅니다({ $url }).
q-target-which-box = '{ $label }' 뒤에 이름 없는 칸이 여러 개 있습니다. '{ $target }'{ JOSA($target, "은/는") } 어느 칸인가요?
why-target-which-box = 화면이 라벨 하나 뒤에 칸 여러 개를 나란히 그립니다({ $url }).
q-menu-holding = '{ $menu }' 메뉴에는 '{ $target }'{ JOSA($target, "이/가") } 없고, '{ $holder }' 메뉴에 있습니다. 기획서가 말하는 메뉴는 어느 것인가요?
why-menu-holding = 기획서는 다음에 누를 것을 찾으려고 메뉴를 펼치는데, 기획서가 말한 메뉴에는 그것이 없습니다.
q-near-message = 기획서가 기대한 문구는 '{ $expected }'인데 화면에는 '{ $shown }'{ JOSA($shown, "이/가") } 보입니다. 같은 뜻인가요?
why-near-message = 화면의 문구가 기획서의 문구와 비슷하지만 같지 않습니다({ $url }).
q-value-differs = 기획서는 { $label } '{ $expected }'{ JOSA($expected, "을/를") } 기대하지만 화면에는 '{ $shown }'{ JOSA($shown, "이/가") } 보입니다. 결함인가요?
why-value-differs = 화면이 이 값을 이름 옆에 보여 주는데 기획서의 값과 다릅니다({ $url }).
opt-value-defect = 예 — 결함으로 기록
opt-value-page-right = 아니요 — 화면이 맞습니다: '{ $shown }'{ JOSA($shown, "을/를") } 확인
opt-near-says = 예 — '{ $shown }'{ JOSA($shown, "이/가") } 그 뜻입니다
opt-near-defect = 아니요 — 화면이 그렇게 말하지 않습니다(결함으로 기록)
q-account = 어떤 계정(아이디)으로 로그인할까요?
q-account-for = '{ $who }'{ JOSA($who, "으로/로") } 로그인할 계정(아이디)은 무엇인가요?
why-account = 기획서가 로그인하라고 하지만 계정을 적지 않았습니다.
q-step-column = '{ $sheet }' 시트의 어느 열에 테스트 단계(할 일)가 적혀 있나요? 머리글: { $header }
why-step-column = 머리글 중 단계 열로 알려진 이름이 없습니다.
q-data-delete = 이 단계는 앱에서 데이터를 지웁니다("{ $sentence }"). 앱이 데이터를 보관하면 다음 실행에는 지울 대상이 없습니다. 어떻게 할까요?
why-data-repeat = 시험 실행과 내보낸 테스트는 같은 앱에서 여러 번 실행됩니다.
q-data-trial = 탐색 때 통과한 단계가 시험 실행에서 실패했습니다({ $failure }). 탐색이 앱의 데이터를 바꿨기 때문일 수 있습니다("{ $change }"). 실행 전마다 데이터를 되돌리는 명령이 있나요?
why-data-trial = 탐색과 시험 실행은 같은 앱에서 차례로 실행됩니다.
q-data-reset = 어떤 명령이 앱의 데이터를 처음 상태로 되돌리나요? 시험 실행과 내보낸 테스트가 실행 전마다 이 명령을 실행합니다.
why-data-reset = 팀이 쓰는 초기화 스크립트나 명령 (예: make reset-db)
q-confirm-reset = 시험 실행마다 먼저 이 컴퓨터에서 다음 명령을 실행할까요? { $command }
why-confirm-reset = 명령은 이 컴퓨터에서 내 권한으로 실행되므로, 직접 보고 허락한 뒤에만 실행합니다 (세션마다 한 번).
q-data-create = 이 단계는 앱에 '{ $value }'({ $field }){ JOSA($value, "을/를") } 만듭니다. 앱이 데이터를 보관하면 재실행할 때 같은 이름이 중복됩니다. 어떻게 할까요?
q-screen-is = 지금 화면('{ $heading }')이 '{ $name }' 화면인가요?
q-screen-is-seen = 지금 화면('{ $heading }', 앞에서 '{ $seen }'{ JOSA($seen, "으로/로") } 연 화면)이 '{ $name }' 화면인가요?
q-screen-is-at = 지금 화면({ $url })이 '{ $name }' 화면인가요? 화면 이름을 나타내는 제목이 없습니다.
why-screen-is = 화면의 제목({ $headings })이 기획서의 화면 이름과 다릅니다.
q-screen-open = '{ $name }' 화면은 어떻게 여나요? 주소를 적거나 누를 것을 고르세요.
why-screen-open = 기획서가 화면의 이름만 적고 여는 방법은 적지 않았습니다.
q-step-unclear = 이 단계를 어떻게 실행할지 알 수 없습니다: "{ $text }". 무엇을 뜻하나요? 고르거나 직접 적어 주세요(예: '저장' 버튼을 클릭한다).
why-step-unclear = 문장에서 동작이나 대상을 알아내지 못했습니다.
q-screen-url = '{ $screen }' 화면은 어느 주소에서 열리나요?
why-screen-url = 사전조건이 이 화면에서 시작하라고 하지만 아직 이 화면을 본 적이 없습니다.
q-secret = 계속하려면 비밀 값 { $name }{ JOSA($name, "이/가") } 필요합니다.
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
box-after-label = '{ $label }' 뒤 { $n }번째 칸({ $kind })
box-after-label-shows = '{ $label }' 뒤 { $n }번째 칸({ $kind }), 지금 '{ $shown }'
opt-menu-holding = '{ $target }'{ JOSA($target, "이/가") } 들어 있는 '{ $name }' { $kind }
place-in = '{ $name }' { $kind }
place-under = '{ $name }' 아래
opt-element-in = { $place }의 '{ $label }' { $kind }
opt-element-nth = 위에서 { $n }번째 '{ $label }' { $kind }
opt-click-named = '{ $name }' { $kind } 누르기
opt-check-shown = '{ $text }'{ JOSA($text, "이/가") } 보이는지 확인
opt-screen-yes = 예 — 이 화면이 '{ $name }' 화면입니다
opt-screen-no = 아니요 — 앱이 그 화면을 열지 않았습니다 (결함으로 기록)
opt-screen-path = '{ $screen }' 화면 ({ $path })
opt-screen-here = 지금 화면이 그 화면입니다
opt-data-keep = 그대로 둠 (앱이 실행마다 초기화됨)
opt-data-reset = 실행 전마다 데이터를 처음 상태로 되돌리는 명령을 실행 (명령을 알려 주세요)
opt-data-unique = 실행할 때마다 새 이름으로 (뒤에 실행별 구분 문자를 붙임)
opt-data-unique-named = '{ $name }'{ JOSA($name, "을/를") } 실행할 때마다 새 이름으로 (뒤에 실행별 구분 문자를 붙임)
opt-data-failed = 아니요, 앱의 실패로 보고
opt-values-typed = { $pairs } (이 화면에서 앞서 입력한 순서)
opt-values-form = { $pairs } (화면의 입력란 순서)
opt-distinct = { $label } ({ $position ->
        [upper] 위쪽
        [lower] 아래쪽
       *[middle] 가운데
    }, 위에서 { $n }번째)
place-column = '{ $row }' 행의 '{ $column }' 열

## 오류: 실행이나 명령을 멈춘 까닭과 다음에 할 일

error-at-line = { $line }행: { $message }
error-no-steps = 기획서에서 단계 목록이나 테스트 케이스 표를 찾지 못했습니다. '1. ...' 형식의 단계 목록이나 동작/기대결과 열이 있는 표를 추가하세요.
error-not-understood = { $line }행의 단계를 이해하지 못했습니다: "{ $text }". 대상은 따옴표로 감싸 주세요(예: '로그인' 버튼을 클릭한다).
error-step-failed = { $line }행 단계를 실행하지 못했습니다: { $reason }
error-refused-at-line = { $line }행: 앱이 이 단계를 받아들이지 않았습니다: { $message }
error-unanswered = 답이 필요한 질문이 있습니다: { $question }
error-cancelled = 실행이 취소되었습니다.
error-skipped = { $line }행: 답변에 따라 건너뛰었습니다.
error-storage-run = 실행 기록을 저장하지 못했습니다: { $reason }
error-trial-failed = 시험 실행 { $failed }회가 실패했습니다: { $first } 출력 폴더의 report.html과 trial-run.json을 확인하세요.
error-chromium-missing = Chromium을 찾을 수 없습니다. `make setup`(apt-get install chromium-headless-shell)으로 설치하거나 SPECWRIGHT_CHROMIUM에 실행 파일 경로를 지정하세요.
error-driver-missing = Playwright 드라이버(playwright-core)를 찾을 수 없습니다. 저장소에서 `make setup`(npm ci)을 실행하거나 PLAYWRIGHT_CLI_JS를 지정하세요.
error-node-missing = Node.js를 찾을 수 없습니다. `make setup`으로 설치하거나 PLAYWRIGHT_NODE_EXE를 지정하세요.
error-browser-launch = 브라우저를 시작하지 못했습니다: { $reason }
error-navigation = { $url } 페이지를 열 수 없습니다: { $reason }
error-element-missing = 화면에서 요소를 찾지 못했습니다: { $target }
error-element-several = 화면에 같은 요소가 { $count }개 있어 하나로 정할 수 없습니다: { $target }
error-check-failed = 확인 실패: { $target } — 기대 { $expected }, 실제 { $actual }
error-action = { $action } 동작이 실패했습니다: { $reason }
error-app-refused = 앱이 이 단계를 받아들이지 않았습니다: { $message }
error-request-unsent = 이 단계는 기록할 때 앱에 { $request } 요청을 보냈는데, 이번에는 보내지 않았습니다. 화면에 보이는 결과가 앱에 저장된 것이 아닙니다.
error-request-refused = 앱이 { $request } 요청을 받아들이지 않았습니다(응답 코드 { $status }). 이 단계가 보낸 것이 저장되지 않았습니다.
error-stopped = 실행이 중지되었습니다.
error-invalid-url = 대상 URL이 올바르지 않습니다: { $url }. `http://host:port` 형식으로 입력하세요.
error-unreachable = 대상 애플리케이션에 연결할 수 없습니다: { $url }. 앱이 실행 중인지, 주소가 맞는지 확인하세요.
error-port-in-use = 포트 { $port }{ JOSA($port, "이/가") } 이미 사용 중입니다. 다른 포트를 지정하거나 그 포트를 쓰는 프로그램을 종료하세요.
error-out-dir = 출력 폴더를 만들 수 없습니다: { $path } ({ $reason }).
error-session-not-found = 세션을 찾을 수 없습니다: { $id }. `specwright sessions`로 목록을 확인하세요.
error-no-scenario = 세션 { $id }에 저장된 시나리오가 없습니다. 먼저 세션을 완료하세요.
error-bad-argument = 인자가 올바르지 않습니다: { $arg } (NAME=VALUE 형식)
error-bundle = 세션 번들을 열 수 없습니다: { $reason }. 파일이 Specwright에서 만든 .swbundle인지 확인하세요.
error-imported-target = 이 세션은 다른 컴퓨터에서 만든 공유 번들에서 열었습니다. 실행하면 단계가 { $url } 로 전송됩니다. 먼저 이 주소를 허락하세요: 창에서 확인하거나 명령에 --trust-target 을 붙이세요.
error-no-trial = 아직 시험 실행 결과가 없습니다. `specwright replay`로 먼저 실행하세요.
error-unknown-format = 알 수 없는 내보내기 형식입니다: { $format }. 가능한 형식: { $formats }
error-no-specs = 첨부된 기획서가 없습니다. --spec으로 파일을 지정하세요.
error-indexing = 문서 색인이 중단되었습니다: { $reason }. 다시 실행하세요.
error-llm-check = 모델 확인에 실패했습니다: { $reason }
error-store = 저장소 오류: { $reason }. 데이터 폴더의 권한과 여유 공간을 확인하세요.
error-store-damaged = 데이터 파일 { $path }{ JOSA($path, "이/가") } 손상되어 읽을 수 없습니다 ({ $reason }). 데이터 폴더 밖으로 옮기거나(그러면 새로 만듭니다) 백업본으로 바꾸세요.
error-store-foreign = { $path }{ JOSA($path, "은/는") } Specwright가 아닌 다른 프로그램의 파일이라 그대로 두었습니다. 다른 데이터 폴더를 고르세요 (--data-dir 또는 SPECWRIGHT_DATA_DIR).
error-store-too-new = 이 데이터 폴더는 더 새로운 Specwright가 만들었습니다 (데이터 버전 { $found }, 이 버전은 { $known }까지 읽습니다). Specwright를 업데이트하거나 다른 데이터 폴더를 고르세요.
error-store-terminal = 실행은 끝났지만 끝을 기록하지 못했습니다: { $reason }. 디스크 공간을 확보하거나 데이터 폴더에 쓸 수 있게 한 뒤 다시 실행하세요.
error-keychain-unavailable = 운영체제 키체인을 쓸 수 없습니다({ $reason }). Linux에서는 GNOME Keyring 같은 Secret Service가 실행 중이어야 합니다. 대신 SPECWRIGHT_LLM_API_KEY 환경 변수로 키를 줄 수 있습니다.
error-keychain-refused = 키체인이 요청을 거절했습니다({ $reason }). 키체인이 잠겨 있다면 잠금을 풀고 다시 시도하세요.
error-keychain-empty = API 키가 비어 있습니다.
error-llm-unauthorized = 모델 서버가 API 키를 거부했습니다({ $status }). 설정에서 키를 확인하세요.
error-llm-rejected = 모델 서버가 요청을 거부했습니다({ $status }): { $message }. 모델 이름과 기본 URL을 확인하세요.
error-llm-exhausted = 모델 서버가 { $attempts }번 시도에도 응답하지 않았습니다({ $last }). 잠시 후 다시 시도하거나 서버 상태를 확인하세요.
error-llm-request = 모델 요청을 만들지 못했습니다: { $reason }
error-spec-not-found = 기획서 파일을 찾을 수 없습니다: { $path }. 경로를 확인하세요.
error-spec-unreadable = 파일을 읽을 수 없습니다: { $name } ({ $reason }).
error-spec-too-large = 파일이 너무 큽니다: { $name } ({ $size }바이트, 한도 { $limit }바이트). 문서를 나누어 첨부하세요.
error-spec-unsupported = 지원하지 않는 형식입니다: { $name } (.{ $extension }). Markdown, 텍스트, HTML, 워드(`.docx`), 엑셀(`.xlsx`, `.xls`, `.ods`, `.csv`), PDF를 첨부하세요.
error-spec-image-only = { $name }: 스캔한 이미지는 읽을 수 없습니다(텍스트가 없음). 원본 문서나 텍스트가 있는 PDF를 첨부하세요.
error-spec-mismatch = { $name }: 확장자는 .{ $extension }이지만 실제 내용은 { $actual }입니다. 확장자를 고치거나 원본 파일을 첨부하세요.
error-spec-corrupt = { $name }: 파일이 손상되어 읽을 수 없습니다({ $reason }). 원본 프로그램에서 다시 저장해 첨부하세요.
error-spec-encrypted = { $name }: 암호로 보호된 파일입니다. 암호를 해제한 사본을 첨부하세요.
error-spec-bomb = { $name }: 압축을 풀면 { $limit }바이트를 넘습니다(압축 폭탄 의심). 문서를 확인하세요.
error-spec-too-many-cells = { $name }: 셀이 너무 많습니다({ $cells }개, 한도 { $limit }개). 필요한 시트만 남겨 첨부하세요.
error-spec-empty = 빈 파일입니다: { $name }. 내용이 있는 기획서를 첨부하세요.
error-spec-binary = 텍스트 파일이 아닙니다(바이너리 데이터 포함): { $name }. 원본 문서를 첨부하세요.
error-spec-encoding = { $name }: 글자 인코딩을 알 수 없습니다(UTF-8, UTF-16, CP949/EUC-KR 아님). UTF-8로 저장한 뒤 다시 첨부하세요.
error-session-store = 세션 저장소 오류: { $reason }

## 단계가 한 일(진행 기록)

summary-looking-for = '{ $target }' 찾는 중
summary-check = { $target } { $check }
check-visible = 보임
check-hidden = 숨김
check-checked = 선택됨
check-enabled = 활성
check-disabled = 비활성
missing-secret = 비밀 값 { $name }{ JOSA($name, "이/가") } 없습니다. --secret { $name }=... 또는 환경 변수 SPECWRIGHT_SECRET_{ $name }으로 지정하세요.
missing-variable-value = 변수 {"{{"}{ $name }{"}}"}의 값이 없습니다.
missing-variable = 변수 {"{{"}{ $name }{"}}"}가 정의되지 않았습니다.
missing-test-data = 테스트 데이터에 '{ $column }' 값이 없습니다.
missing-file = 올릴 파일이 없습니다: { $path }
missing-file-outside = 올릴 파일은 세션 폴더 안의 파일이어야 하며 '..' 없는 경로로 적어야 합니다: { $path }

## 확인

risk-outside = { $url }{ JOSA($url, "은/는") } 허용된 대상 밖입니다.
risk-destructive = '{ $name }' 동작은 데이터를 바꾸거나 지울 수 있습니다('{ $word }').
risk-production = 운영 환경에서 '{ $name }' 동작은 실제 데이터를 보냅니다('{ $word }').
risk-left = 페이지가 허용된 대상 밖({ $url })으로 이동했습니다. 이동을 허용하려면 --allow-origin으로 추가하세요.
q-confirm = { $reason } 진행할까요? "{ $intent }"
why-confirm = { $reason } 실행하려면 확인이 필요합니다.

## 화면이 기획서와 다른 곳

shown-no-error = 기획서는 오류가 표시된다고 하지만 앱은 보여 주지 않았습니다.
shown-no-message = 기획서는 메시지가 표시된다고 하지만 앱은 보여 주지 않았습니다.
shown-other-error = 기획서가 말한 오류("{ $said }")와 다른 것이 표시되었습니다: { $shown }
shown-other-message = 기획서가 말한 메시지("{ $said }")와 다른 것이 표시되었습니다: { $shown }
expected-not-shown = 기획서가 기대한 '{ $target }'{ JOSA($target, "이/가") } 화면에 없습니다({ $url }).
expected-not-shown-shows = 기획서가 기대한 '{ $target }'{ JOSA($target, "이/가") } 화면에 없습니다. 화면에 보이는 것: { $shown }
value-differs = 기획서는 { $label } '{ $expected }'{ JOSA($expected, "을/를") } 기대하지만 화면에는 '{ $shown }'{ JOSA($shown, "이/가") } 보입니다.
target-defect = '{ $target }'{ JOSA($target, "이/가") } 화면에 없습니다(결함으로 기록, { $url }).
target-none-right = '{ $target }' 요소 { $n }개 중 기획서가 말하는 것이 없습니다(결함으로 기록).
target-not-found = 화면에서 '{ $target }'{ JOSA($target, "을/를") } 찾지 못했습니다({ $url }). 이름이 화면과 같은지 확인하세요.
answer-not-an-option = '{ $target }'에 대한 답 "{ $answer }"{ JOSA($answer, "이/가") } 선택지와 맞지 않습니다. 선택지 번호로 답해 주세요.
field-unnamed = '{ $value }'{ JOSA($value, "을/를") } 보여 주는 입력란에 이름이 없어 확인할 수 없습니다.
field-value-not-shown = 기획서가 기대한 값 '{ $value }'{ JOSA($value, "을/를") } 보여 주는 입력란이 없습니다. 입력란에 보이는 값: { $shown }
field-value-several = '{ $value }'{ JOSA($value, "을/를") } 보여 주는 입력란이 여러 개입니다({ $names }). 기획서에 입력란 이름을 적어 주세요.
screen-not-it = '{ $name }' 화면이 아닙니다({ $url }; 제목: { $headings }).
check-no-earlier = 확인할 요소가 앞 단계에 없습니다. 대상 이름을 따옴표로 적어 주세요.
elements-several = { $target }에 맞는 요소가 { $n }개입니다(1개여야 함). 이름이 화면과 같은지 확인하세요.
login-no-form = 로그인 양식을 찾지 못했습니다({ $url }). 로그인 화면의 주소를 기획서의 환경 항목에 적어 주세요.
login-no-button = 로그인 버튼을 찾지 못했습니다.
login-field-unclear = 로그인 양식의 '{ $name }'{ JOSA($name, "을/를") } 하나로 찾을 수 없습니다.
error-prompt = 모델에 줄 지시문을 준비하지 못했습니다: { $reason }
error-llm-incomplete = 모델이 { $n }번의 호출 안에 시나리오를 제출하지 않았습니다. 기획서를 더 구체적으로 쓰거나 오프라인 엔진을 사용하세요.
error-llm-context = 대화가 모델의 컨텍스트 창에 더 이상 들어가지 않습니다({ $detail }). 컨텍스트 창이 더 큰 모델이나 서버 설정을 고르거나, 문서를 나누세요.
error-llm-slow = 모델 서버가 { $seconds }초가 지나도록 답을 시작하지 않았습니다. 아직 프롬프트를 읽고 있을 수 있습니다. 설정에서 첫 응답 대기 시간을 늘리거나 더 작은 모델을 고르세요.
error-llm-answer-too-long = 모델이 한 번의 답에 { $kilobytes }KB를 넘게 써서 잘라 내고 쓰지 않았습니다. 같은 말을 되풀이하고 있을 수 있습니다. 다시 실행하거나 설정에서 다른 모델을 고르세요.
error-llm-no-tools = { $model } 모델은 도구를 호출하지 못합니다. 도구 호출을 지원하는 모델(예: qwen2.5 7B 이상)이나 오프라인 엔진을 고르세요.
error-llm-no-call = { $model } 모델이 { $n }번의 차례 동안 도구를 하나도 호출하지 않았습니다. 도구 호출을 지원하는 모델이나 오프라인 엔진을 고르세요. 초안은 보관되었으니 모델을 바꾼 뒤 세션을 이어서 실행하세요.
error-llm-same-call = { $model } 모델이 같은 호출({ $tool })을 같은 인자로 { $n }번 되풀이했습니다. 도구 호출을 더 잘하는 모델이나 오프라인 엔진을 고르세요. 초안은 보관되었으니 모델을 바꾼 뒤 세션을 이어서 실행하세요.
error-llm-bad-call = { $model } 모델이 { $n }번 연속으로 도구({ $tool })를 맞지 않는 인자로 호출했습니다(스키마를 그대로 돌려 씀, 없는 도구, 필수 항목 누락). 도구 호출을 더 잘하는 모델이나 오프라인 엔진을 고르세요. 초안은 보관되었으니 모델을 바꾼 뒤 세션을 이어서 실행하세요.
llm-reading-prompt = 모델이 프롬프트(약 { $tokens }토큰)를 읽고 있습니다. 노트북 CPU의 로컬 모델은 몇 분이 걸릴 수 있습니다.
error-knowledge = 문서를 검색하지 못했습니다: { $reason }

## 데스크톱 창

error-frame-missing = 화면 이미지를 찾을 수 없습니다(정리되었을 수 있습니다).
error-session-id = 세션 id가 올바르지 않습니다.
error-export-unfinished = 내보내기를 마치지 못했습니다. 다시 시도하세요.
error-dialog-unavailable = 폴더 선택 창을 열 수 없습니다. 앱을 다시 시작한 뒤 시도하세요.
error-opener-unavailable = 이 환경에서는 다른 프로그램으로 파일을 열 수 없습니다. 파일은 출력 폴더에 있습니다.
error-output-missing = { $path } 파일이 더 이상 없습니다. 시험 실행을 다시 하면 새로 만들어집니다.
dialog-choose-bundle-folder = 공유 번들을 저장할 폴더를 고르세요
dialog-choose-export-folder = 내보낼 폴더 선택

## 런타임이 그대로 받지 않는 요청

invalid-endpoint = 엔드포인트 주소는 http:// 또는 https://로 시작해야 합니다.
invalid-model = 모델 이름을 입력하세요.
invalid-azure-version = Azure OpenAI는 API 버전이 필요합니다(예: 2024-10-21).
invalid-origin = 허용 출처 '{ $origin }'는 http:// 또는 https://로 시작해야 합니다.
invalid-browser = 브라우저 '{ $browser }'를 찾을 수 없습니다. 비워 두거나 chrome, msedge, 실행 파일 경로, 원격 주소를 적으세요.
invalid-language = 언어는 ko 또는 en입니다.
invalid-too-many-files = 한 세션에는 파일을 { $max }개까지 넣을 수 있습니다.
invalid-path-not-dropped = { $path } 파일은 창에 끌어다 놓은 파일이 아닙니다. 파일을 끌어다 놓거나 파일 선택으로 고르세요.
invalid-session-running = 이 세션은 이미 실행 중입니다.
invalid-delete-running = 실행 중인 세션은 지울 수 없습니다. 먼저 중지하세요.
invalid-answer-length = 답은 1자 이상 2000자 이하로 적어 주세요.
invalid-secret-in-window = 비밀 값은 일반 답이 아니라 질문의 가려진 입력란에 입력해 주세요.
invalid-not-secret-question = 이 세션은 비밀 값을 기다리고 있지 않습니다.
invalid-secret-length = 비밀 값은 1자 이상 4096자 이하로 입력해 주세요.
invalid-not-waiting = 이 세션은 답을 기다리고 있지 않습니다.
invalid-answers-file = 답변 파일 { $path }{ JOSA($path, "을/를") } 읽지 못했습니다: { $reason }. 형식: - {"{"}when: "정규식", answer: "선택지"{"}"}
invalid-model-session-answer = 이 세션은 모델로 만들고 있습니다. 설정에서 모델 제공자를 고른 뒤 답하세요.
invalid-model-session = 이 세션은 모델로 만들고 있습니다. 설정에서 모델 제공자를 고른 뒤 이어 가세요.

## 시나리오 검토에서 찾은 것

review-no-steps = 시나리오에 단계가 없습니다.
review-step-number = 단계 번호가 순서와 다릅니다({ $position }번째 자리에 { $found }번).
review-no-locator = 대상을 찾을 방법(locator)이 없습니다.
review-undefined-variable = 정의되지 않은 변수 {"{{"}{ $name }{"}}"}를 사용합니다.
review-no-column = 테스트 데이터에 '{ $column }' 열이 없습니다.
review-secret-undeclared = 비밀 값 { $name }{ JOSA($name, "이/가") } 변수로 선언되지 않았습니다.
review-assumption-missing = 가정 { $id }{ JOSA($id, "이/가") } 가정 목록에 없습니다.
review-data-no-rows = 테스트 데이터에 행이 없습니다.
review-data-row-cells = 테스트 데이터 { $row }행의 칸 수({ $cells })가 열 수({ $columns })와 다릅니다.
review-unsourced-step = { $step }번 단계 "{ $intent }"는 기획서나 답변에 근거가 없습니다. 유지할까요?
review-open-assumption = 확인되지 않은 가정: { $text }
review-no-assertion = 확인(검증) 단계가 하나도 없어 이 시나리오는 실패할 수 없습니다.
review-no-check-after = { $step }번 단계 뒤에 결과를 확인하는 단계가 없습니다.
review-trial-failed = 시험 실행 { $attempt }회차에서 { $step }번 단계 실패: { $why }
review-trial-failed-row = 시험 실행 { $attempt }회차({ $row }행)에서 { $step }번 단계 실패: { $why }
review-flaky = 같은 시나리오가 실행마다 다른 결과를 냈습니다(불안정).

## 누구로 실행할지

role-operator = 운영자
role-member = 일반 회원
role-anonymous = 로그인 없이

## 명령줄 자체의 안내

cli-demo-app = 데모 앱: { $url }
cli-output-folder = 출력 폴더: { $path }
cli-bundle-written = 세션 번들: { $path }
check-passed = 통과
check-drifted = 화면 변경
check-failed = 실패
check-blocked = 진행 불가
check-not-verified = 확인 안 됨
check-relocated = { $was } 요소가 없어지고 그 자리에 { $found } 요소가 있습니다. 이 요소로 계속 진행했으며, 사람이 새 요소를 승인하기 전까지 이 단계는 실패로 남습니다.
suite-unknown = { $name }에서 실행되는 시나리오가 없습니다. `specwright suites`로 목록을 보세요.
heal-taken-back = 고친 시나리오가 시험 실행을 통과하지 못해 고치기 전으로 되돌렸습니다.
heal-not-latest = 시나리오의 가장 최근 점검만 승인할 수 있습니다. 먼저 다시 점검하세요.
heal-check-running = 점검이 아직 진행 중입니다. 끝난 뒤에 새 요소를 승인하세요.
heal-already = 이 점검에서 제안된 새 요소는 이미 그 시나리오에 들어가 있습니다.
heal-not-drift = 화면 변경만 고칠 수 있습니다. 이 점검은 통과했거나, 실패했거나, 진행할 수 없었으므로 시나리오를 그대로 둡니다.
cli-suites-none = 보관된 시나리오가 아직 없습니다. 먼저 세션을 실행하세요.
cli-suite-line = { $origin } — 시나리오 { $count }개
cli-suite-named-line = { $name } ({ $origin }) — 시나리오 { $count }개
cli-suite-secrets = 비밀값: { $names }
cli-suite-secret-remembered = { $name }(저장됨)
cli-suite-renamed = 스위트 이름: { $name } ({ $origin })
cli-suite-unnamed = 스위트 이름을 지우고 주소로 부릅니다: { $origin }
suite-name-too-long = 스위트 이름은 { $max }자까지 쓸 수 있습니다.
suite-name-taken = '{ $name }' 이름의 스위트가 이미 있습니다. 다른 이름을 쓰세요.
suite-readme-title = { $suite }: 엔드투엔드 테스트
suite-readme-intro = Specwright가 스위트에 남긴 시나리오로 만든 테스트 파일 { $tests }개가 `tests/`에 있습니다. 시나리오마다 한 파일이고, 단계마다 근거가 된 기획서 줄이나 말이 주석으로 달려 있습니다. 이 파일을 고치기보다 Specwright에서 시나리오를 바꾸고 스위트를 다시 내보내세요. 다시 내보내면 전에 쓴 테스트 파일을 바꿔 씁니다.
suite-readme-run-heading = 실행
suite-readme-run = HTML 보고서는 `playwright-report/`에, JUnit 보고서는 `results/junit.xml`에 생깁니다. Chromium이 이미 설치된 컴퓨터에서는 설치 대신 `SPECWRIGHT_CHROMIUM`에 그 실행 파일 경로를 지정하세요.
suite-readme-base-url = 애플리케이션 주소: `SPECWRIGHT_BASE_URL` (없으면 시나리오를 기록한 { $url })
suite-readme-secrets = 비밀번호 같은 비밀 값은 이 파일이 아니라 환경 변수에서 읽습니다: { $names }
suite-readme-workers = 애플리케이션의 데이터를 바꾸는 테스트가 있어 한 번에 하나씩 실행합니다. 동시에 여러 개를 실행해도 되는 애플리케이션이면 `SPECWRIGHT_WORKERS`를 지정하세요.
suite-readme-ci-heading = CI 실행
suite-readme-ci = `.github/workflows/specwright-suite.yml`(GitHub Actions)과 `.gitlab-ci.yml`(GitLab CI)은 테스트를 작업 { $shards }개로 나누어 실행합니다(각각 `npx playwright test --shard=N/{ $shards }`). `SPECWRIGHT_BASE_URL`과 비밀 값은 CI 변수로 지정하세요. 이 폴더를 저장소 최상위에 두거나 두 파일의 경로를 바꾸세요.
suite-readme-tests-heading = 테스트
suite-readme-columns = 파일 | 시나리오 | 단계 | 세션
cli-check-judged = 점검 결과: { $outcome }
cli-heal-started = 승인한 수정을 시험 실행합니다(시나리오 { $cases }개).
cli-check-row = { $outcome }  { $title } ({ $session })
cli-check-step = { $step }단계: { $message }
cli-check-proposal = { $step }단계: { $was } → { $found } ({ $how })
cli-check-same-element = 함께 기록된 정보로 찾은 같은 요소
cli-check-near-name = 이름이 이만큼 가까운 유일한 요소
cli-heal-held = 승인을 받아 고쳤습니다. 새 요소로 시험 실행을 통과했습니다.
cli-heal-not-held = 고친 시나리오가 시험 실행을 통과하지 못해 원래대로 되돌렸습니다.
cli-heal-declined = 답변 파일이 새 요소를 모두 승인하지는 않아 시나리오를 그대로 두었습니다.
heal-question = { $step }단계: { $was } → { $found }. 새 요소로 바꿀까요?
heal-question-why = 점검에서 기록된 요소가 없어지고 그 자리에 이 요소가 있었습니다. 승인하면 시나리오가 새 요소로 바뀌고, 시험 실행을 통과해야만 유지됩니다.
cli-suite-exported = 테스트 { $tests }개를 { $path }에 썼습니다. CI 파일은 작업 { $shards }개로 나누어 실행합니다. 그 폴더에서 `npm install`, `npx playwright test`로 실행하세요.
cli-check-summary = 통과 { $passed }, 화면 변경 { $drifted }, 실패 { $failed }, 진행 불가 { $blocked }, 확인 안 됨 { $unverified }
cli-pdf-written = PDF 보고서: { $path }
cli-imported = 가져온 세션: { $id }
cli-trust-target = 이 세션은 다른 컴퓨터에서 만든 공유 번들에서 왔습니다. 단계를 { $url } 에 보낼까요? [y/N]
cli-cancelling = 취소하는 중…
cli-answer-needed = 답이 필요합니다. `specwright say { $session } "…"`로 답을 말하거나, 답변 파일에 추가하고 `specwright resume { $session } --answers FILE`로 이어서 실행하세요.
cli-key-paste = API 키를 붙여 넣고 Enter를 누르세요:
cli-key-stored = 키체인에 저장했습니다: { $url } { $key }
cli-key-none = { $url }: 저장된 키가 없습니다
cli-key-removed = 삭제했습니다: { $url }
cli-key-connected = 연결됨: { $url }의 { $model } ({ $from }) → "{ $reply }"
cli-answer-prompt = 답 [1-{ $count }]:
app-demo-session = 세션 { $session }: { $status }
app-close-window = 창을 닫으면 종료됩니다.

## 실행이 끝난 까닭

cancelled-by-person = 사용자가 중지함
cancelled-at-question = 질문에서 사람이 중단함
cancelled-for-message = 메시지를 받으려고 하던 단계를 마치고 멈췄습니다

## What an engine writes into a scenario, in the scenario's language (its documents').
scenario-application = 대상 애플리케이션: { $url }
intent-open-application = 대상 애플리케이션을 연다 ({ $url })
intent-not-refused = 앱이 거부하지 않는다: '{ $message }'{ JOSA($message, "이/가") } 표시되지 않는다
intent-open-sign-in = 로그인 화면을 연다 ({ $url })
intent-confirm-ok = 브라우저 확인 창에서 확인
intent-confirm-cancel = 브라우저 확인 창에서 취소
assumption-skipped = 단계 "{ $text }"({ $source })는 답변에 따라 건너뛰었습니다.
assumption-precondition-holds = 사전조건 '{ $text }'{ JOSA($text, "은/는") } 새 브라우저의 초기 상태로 충족된다고 가정합니다.
assumption-fresh-app = '{ $what }'{ JOSA($what, "은/는") } 실행마다 앱이 초기화되어 다시 실행할 수 있다고 가정합니다.
precondition-reset = 실행 전마다 앱의 데이터를 처음 상태로 되돌림: { $command }
precondition-reset-disarmed = { $text } (가져온 번들의 명령은 실행하지 않습니다. 직접 다시 설정하세요: { $command })
trial-reset-failed = 데이터를 되돌리는 명령이 실패했습니다({ $why }): { $command }
trial-reset-no-answer = 데이터를 되돌린 뒤 { $url }{ JOSA($url, "이/가") } { $seconds }초 안에 응답하지 않았습니다.

## The words of the exports (plan, report, Robot suite, Gherkin, flowchart), in the scenario's language.
plan-title = 테스트 계획: { $title }
doc-target = 대상
doc-scenario = 시나리오
doc-steps = 단계
doc-preconditions = 사전 조건
doc-test-data = 테스트 데이터
doc-intent = 의도
doc-action = 동작
doc-response = 앱이 { $request } 요청을 받아들임
doc-source = 출처
doc-status = 상태
doc-citations = 근거
doc-assumptions = 가정
doc-assumption = 가정
doc-open-question = 미해결 질문
doc-none = 없음
doc-secrets = 비밀 값
doc-secret-env = 실행 전에 환경 변수 { $env }를 설정하세요.
doc-run = 실행
verification-unverified = 미검증
verification-explored = 탐색됨
verification-passed = 통과
verification-failed = 실패
verification-flaky = 불안정
verdict-not-run = 미실행
verdict-passed-with-warnings = 통과(경고 있음)
verdict-not-verified = 검증 안 됨
report-findings = 이 판정의 근거
status-skipped = 건너뜀
assumption-status-open = 미확인
assumption-status-confirmed = 확인됨
assumption-status-rejected = 기각됨
provenance-spec = 명세
provenance-answer = 답변
provenance-assumption = 가정
provenance-observed = 관찰
provenance-said = 대화
flow-start = 시작: { $title }
flow-rows = { $rows }행
flow-end = 끝
robot-suite-doc = Specwright가 시나리오 모델에서 생성한 스위트입니다. 브라우저 라이브러리(robotframework-browser)가 필요합니다.
robot-run = 실행: { $command }
robot-data-rows = 테스트 데이터: 행마다 테스트 하나
robot-doc-normalized = Playwright의 toHaveText처럼 공백을 정규화해 텍스트를 비교합니다.
robot-doc-reset = 기획자가 알려 준 명령으로 앱의 데이터를 처음 상태로 되돌린 뒤 새 페이지를 엽니다.
robot-doc-absolute-url = 상대 URL을 { $base } 기준으로 풉니다(Playwright 내보내기와 같음).
robot-no-steps = 시나리오에 단계가 없습니다.
report-kicker = 테스트 보고서
report-footer = Specwright가 시나리오 모델과 시험 결과로부터 생성한 보고서입니다.
report-step-count = 단계 { $steps }개
report-verdict = 판정
report-trial = 시험
report-trial-counts = 실행 { $runs }회 · 통과 { $passed } · 실패 { $failed }
report-no-steps = 단계 없음
report-verification = 검증
report-frame-path = 프레임: { $path }
report-question-id = 질문 { $id }
report-requests = 보낸 요청
report-verdict-sentence-passed = 통과: 모든 확인에서 앱이 기획서대로 동작했습니다.
report-verdict-sentence-passed-with-warnings = 통과(경고 있음): 믿고 쓰기 전에 아래 검토 결과를 읽어 보세요.
report-verdict-sentence-not-verified = 검증 안 됨: 실패한 단계는 없지만 기획서가 요구하는 것을 아무것도 확인하지 못했습니다. 이유는 아래에 있습니다.
report-verdict-sentence-failed = 실패: 앱이 기획서대로 동작하지 않았습니다. 실패한 단계가 아래에 표시되어 있습니다.
report-verdict-sentence-flaky = 불안정: 실행마다 결과가 달랐습니다. 실행별 결과가 아래에 있습니다.
workbook-verdict = 케이스 판정 (Specwright)
workbook-step = 단계 결과
workbook-suffix = 결과
trace-title = 요구사항과 이를 확인하는 테스트
trace-summary = 기획서의 요구사항 { $count }개 중 테스트가 없는 것 { $uncovered }개
trace-requirement = 요구사항
trace-scenario = 시나리오
trace-steps = 단계
trace-no-test = 테스트 없음
trace-place = 기획서 위치
trace-sheet = 추적표
report-run-kicker = 테스트 실행 보고서
report-run-cases = 케이스 { $count }개 중 실패 { $failed }개
report-run-case-list = 케이스
report-run-case = 케이스
report-run-report = 보고서
report-run-open = 열기
report-run-no-report = 보고서 없음 (시험 실행까지 가지 못함)
report-run-at = 실행 일시
report-browser = 브라우저
report-answered-window = 창에서 답함
report-answered-terminal = 터미널에서 답함
report-answered-file = 답변 파일에서
report-answered-other = 답한 곳: { $source }
report-said-window = 창에서 한 말
report-said-terminal = 터미널에서 한 말
report-said-other = 한 말 ({ $source })
report-password-hidden = 비밀번호(숨김)
report-secret-hidden = 비밀 값 { $name }(숨김)
report-answers = 실행 중 답한 질문
report-answer-step = { $step }단계:
report-question-asked = 질문: { $question }
report-answer-given = 답: { $answer }
report-answer-resolves = 기획서 { $line }에 대한 답
report-runs = 실행 결과
report-no-runs = 실행 기록 없음
report-attempt = 시도 { $attempt }
report-row = 데이터 { $row }행
report-no-step-results = 단계 결과 없음
report-time = 시간
report-details = 상세
report-expected = 기대
report-actual = 실제
report-closest = 가장 가까운 후보
report-console-errors = 콘솔 오류
report-step-screen = 단계 { $step } 화면
report-frame-missing = 프레임 없음: { $frame }
report-text = 내용
report-made-by = 작성
report-used-by = 사용 단계
report-open-questions = 열린 질문
diagnosis-not-found = 요소 없음
diagnosis-ambiguous = 여러 요소 일치
diagnosis-assertion-mismatch = 검증 불일치
diagnosis-navigation = 페이지 열기 실패
diagnosis-timeout = 시간 초과
diagnosis-missing-value = 값 없음
diagnosis-refused = 앱이 거부함
diagnosis-other = 기타

## What could not be read of a spec file (shown by `specwright ingest`).
problem-sheet-unreadable = 시트 '{ $sheet }'를 읽을 수 없습니다({ $reason }).
problem-cells-skipped = 시트 '{ $sheet }'의 일부 셀이 손상되어 비워 두었습니다.
problem-page-unreadable = { $page }쪽을 읽을 수 없어 건너뜁니다({ $reason }).
refusal-invalid = 입력값이 올바르지 않음
refusal-invalid-field = '{ $field }' 입력값이 올바르지 않음

## A new version of a spec against the earlier one.
revision-compared = 이전 버전과 비교했습니다: 그대로 { $unchanged }(그중 기록대로 다시 실행 { $kept }), 바뀜 { $changed }, 새 문장 { $added }, 빠진 문장 { $removed }. 같은 케이스에서 바뀐 곳 뒤의 문장은 앞 내용에 따라 뜻이 달라질 수 있어 다시 탐색합니다.
revision-same = 이전 버전과 문장이 모두 같습니다: 기록된 단계를 그대로 다시 실행합니다.
revision-unchanged = 그대로
revision-changed = 바뀜
revision-added = 새 문장
revision-removed = 빠짐
revision-row-changed = { $line }번째 줄(이전 { $was }번째 줄): { $now } (이전: { $before })
revision-row-added = { $line }번째 줄: { $now }
revision-row-removed = 이전 { $was }번째 줄: { $before } (단계 { $steps }개 제외)
revision-kept = 그대로인 문장의 단계 { $kept }개는 기록대로 다시 실행했고, 나머지 단계 { $explored }개(첫 화면, 로그인, 바뀐 문장과 그 뒤의 문장)는 새로 탐색했습니다.
revision-no-scenario = 세션 { $id }에는 아직 시나리오가 없어 새 버전과 비교할 것이 없습니다. 새 세션으로 실행하세요.
revision-model-explores-all = LLM 엔진은 기록된 단계를 다시 쓰지 않고 새 버전의 모든 문장을 다시 탐색합니다. 이전 답변은 기억합니다.
revision-explore-again = { $line }번째 줄은 이전 버전과 같지만 그때 기록한 요소가 화면에 없어 다시 탐색합니다.
cli-revise-usage = 사용법: specwright revise 세션 기획서... [--compare] [--url 주소] [--answers 파일]

## 세션과의 대화: 사람이 세션에 하는 말과 엔진의 대답.
invalid-said-length = 메시지는 1자에서 2000자 사이여야 합니다.
invalid-said-running = 검사나 다른 창이 이 세션을 실행하고 있습니다. 그 실행이 끝난 뒤에 말해 주세요.
invalid-said-long-step = 실행이 오래 걸리는 단계(모델이 아직 답을 쓰는 중)에 있어 계속 진행합니다. 잠시 뒤에 다시 말해 주세요.
said-run-stopped = 메시지를 받기 전에 실행이 중지되었습니다. 이어 가려면 다시 말해 주세요.
invalid-said-model-session = 이 세션은 모델로 만들고 있습니다. 설정에서 모델 제공자를 고른 뒤(CLI는 --engine llm --base-url … --model …) 다시 말해 주세요.
said-secret-question = 세션이 비밀번호를 기다립니다. 메시지가 아니라 가려진 입력란에 입력하세요.
said-nothing-to-undo = 지금까지 한 말 중 단계를 바꾼 것이 없어 되돌릴 것이 없습니다.
said-unread = “{ $words }”에서 단계나 확인할 것을 찾지 못했습니다. 메시지로 단계를 추가하거나(“'저장'을 클릭한다”, “'저장됨'이 표시되는지 확인한다”, “3단계 다음에 '수량'에 2를 입력한다”), 단계나 그 단계가 입력하는 값을 바꾸거나(“4단계 대신 대화상자의 '저장'을 클릭한다”, “가격은 12000으로 바꿔 줘”), 단계를 건너뛰거나(“4단계 건너뛰기”), 마지막 변경을 되돌리거나(“되돌려”), 다시 실행하거나(“다시 실행해”), 기록된 시나리오를 지금의 앱에서 검사하거나(“검사해 줘”), 단계가 왜 실패했는지 물을 수 있습니다(“6단계는 왜 실패했어?”).
said-no-steps-yet = 아직 시나리오가 없어 번호로 가리킬 단계가 없습니다.
said-which-scenario = 이 세션에는 시나리오가 { $scenarios }개 있어 단계 번호로는 한 단계를 가리킬 수 없습니다. 단계의 문장으로 말해 주세요.
said-no-such-step = { $step }단계는 없습니다. 시나리오는 { $steps }단계입니다.
said-step-uncited = { $step }단계는 문장에서 나온 단계가 아니어서(엔진이 넣었거나 답변에서 나옴) 뺄 문장이 없습니다.
said-why-no-trial = 아직 시험 실행을 하지 않아 실패한 단계가 없습니다.
said-why-no-step = { $step }단계는 마지막 시험 실행에서 실행되지 않았습니다.
said-why-passed-all = 마지막 시험 실행에서 모든 단계가 통과했습니다.
said-why-passed = { $step }단계는 마지막 시험 실행에서 통과했습니다.
said-why-failed = { $step }단계(“{ $intent }”)가 마지막 시험 실행에서 실패했습니다: { $reason }. 이 단계가 구현하는 문장: { $line }.
said-why-failed-refused = { $step }단계(“{ $intent }”)가 마지막 시험 실행에서 실패했습니다: { $reason }. 이 단계가 구현하는 문장: { $line }. 앱이 거절한 요청: { $requests }.
said-step-removed = 말씀대로 { $step }단계(“{ $intent }”)를 뺐습니다: “{ $words }”.
said-which-option = “{ $words }”만으로는 선택지 { $options }개 중 어느 것인지 알 수 없습니다. 선택지 번호나 그 문구로 답해 주세요.
said-checking = 지금의 애플리케이션에서 시나리오를 검사합니다. 시나리오는 바뀌지 않습니다.
said-check-nothing = 아직 검사할 시나리오가 없습니다. 이 세션은 시나리오를 기록하지 않았습니다.
said-checking-suite = 스위트 { $suite }의 세션 { $sessions }개(시나리오 { $scenarios }개)를 지금의 애플리케이션에서 검사합니다. 시나리오는 바뀌지 않습니다. 세션마다 결과는 그 세션과 스위트 화면에 있습니다.
said-check-suite-nothing = 아직 검사할 스위트가 없습니다. 스위트는 이 애플리케이션 주소에서 시나리오를 남긴 세션들입니다.
said-suite-not-checked = '{ $title }'{ JOSA($title, "은/는") } 검사하지 못했습니다: { $reason }
said-no-typed-step = “{ $to }”{ JOSA($to, "으로/로") } 바꿀 값을 입력하는 단계가 없습니다. 어느 단계인지 말해 주세요. 예: “4단계는 { $to }{ JOSA($to, "으로/로") } 해 줘”.
said-which-typed-step = { $steps }단계가 값을 입력합니다. 어느 단계인지 말해 주세요. 예: “{ $first }단계는 { $to }{ JOSA($to, "으로/로") } 해 줘”.
cli-said = 나: { $words }
cli-replied = 답: { $reply }
trace-said-title = 기획서에 없는 것: 대화에서 추가한 단계
trace-said-summary = 메시지 { $count }개가 기획서가 요구하지 않은 단계를 추가했습니다.

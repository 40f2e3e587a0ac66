# What Specwright says to a person, in English. Message ids match ko.ftl.
# Arguments are written { $name }. A sentence never mixes two languages.

## Reading the documents

ingest-semantic-off = Semantic search is off ({ $reason }); keyword search still works. Run `make setup` to install the model.

## Running

run-model-reads = The model ({ $model }) reads the spec and builds the scenario on the live application.
run-found-scenarios = Found { $scenarios } scenarios with { $steps } steps in the spec; checking each on the live application.
run-found-steps = Found { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    } in the spec; checking each on the live application.
run-explored = Explored { $scenarios ->
        [one] 1 scenario
       *[other] { $scenarios } scenarios
    }, { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    }; { $grounded } of { $targets } targets found without a question; { $questions ->
        [one] 1 question
       *[other] { $questions } questions
    } asked.
explore-scenario-of = Scenario { $n } of { $total }: { $title }
explore-refused-report = The app refused the step of line { $line }: '{ $message }'. The scenario so far is trial-run and reported, failing there.
replay-start = Replaying the stored scenario '{ $title }' on { $url } (no LLM).
replay-start-cases = Replaying the { $cases } stored scenarios on { $url } (no LLM).
agent-resuming = Resuming where the run stopped: replaying { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    }.

## Trial runs

trial-start = Trial-running the scenario from a fresh browser.
trial-again-alone-changed = This scenario was tried beside one that changed the app's data; it is trial-run again on its own, and so are the ones after it.
trial-again-alone-failed = This scenario's trial did not pass while others ran beside it; it is trial-run again on its own, and so are the ones after it.
check-again-alone-changed = A check of another session beside this one changed the app's data; every scenario here is checked again on its own.
check-again-alone-failed = Not every scenario passed while other sessions were checked beside it; those are checked again on their own.
trial-side-by-side = Trial-running up to { $lanes } scenarios side by side: those that only read the app's data. Scenarios that change it run alone.
trial-reset-app = Putting the app's data back: { $command }
browser-recovered = The browser stopped unexpectedly and was restarted at { $url }; the login state was restored and the step retried.

## Instructions inside data

fence-cut-documents = Removed { $lines ->
        [one] 1 line
       *[other] { $lines } lines
    } in the documents that addressed the assistant; such text is data, never instructions.
fence-cut-page = Removed { $lines ->
        [one] 1 line
       *[other] { $lines } lines
    } on { $url } that addressed the assistant; such text is data, never instructions.

## Questions

q-value = What should be typed into '{ $field }'?
why-value = The spec says to type into it but gives no value.
q-value-described = The spec describes what to type into '{ $field }' as '{ $words }'. What should be typed?
why-value-described = The spec says what kind of value it is, not the value itself.
opt-made-up-wrong = a made-up wrong value
q-password = Please give the password ({ $name }) for '{ $field }': the spec does not give it.
why-password = It is only typed into the app during the run: it never goes into the spec, a log, a report or a model.
q-values-fields = Which fields do the values '{ $values }' go into, in order?
why-values-fields = The spec lists the values without naming their fields.
q-target-several = { $n } elements match '{ $target }'. Which one is meant?
why-target-several = The engine never picks one of several same-named elements by chance.
q-target-missing = '{ $target }' is not on the page. Which of these is meant?
why-target-missing = The spec's name differs from the screen's ({ $url }).
q-target-which-box = Several boxes follow '{ $label }', none with a name of its own. Which one is '{ $target }'?
why-target-which-box = The page draws the boxes side by side after one label ({ $url }).
q-menu-holding = The '{ $menu }' menu has no '{ $target }'; the '{ $holder }' menu has it. Which menu does the spec mean?
why-menu-holding = The spec opens a menu to press what it names next; the menu it names does not hold that.
q-near-message = The spec expects '{ $expected }'; the page shows '{ $shown }'. Does the page say what the spec means?
why-near-message = The page shows words close to the spec's, but not the same ({ $url }).
q-value-differs = The spec expects { $label } '{ $expected }'; the page shows '{ $shown }'. Is that a defect?
why-value-differs = The page shows this value beside its label, and it differs from the spec's ({ $url }).
opt-value-defect = yes — record a defect
opt-value-page-right = no — the page is right: check '{ $shown }'
opt-near-says = yes — '{ $shown }' says it
opt-near-defect = no — the page does not say it (record a defect)
q-account = Which account (user name) should the test log in with?
q-account-for = Which account (user name) is '{ $who }'?
why-account = The spec says to log in but names no account.
q-step-column = Which column of the '{ $sheet }' sheet holds the test steps (what to do)? Header: { $header }
why-step-column = None of the header's names is one the engine knows for steps.
q-data-delete = This step removes data from the app ("{ $sentence }"). If the app keeps its data, the next run finds nothing to remove. What should happen?
why-data-repeat = Trials and the exported test run on the same app again and again.
q-data-trial = A step that passed when explored failed in the trial ({ $failure }). Exploration may have changed the app's data ("{ $change }"). Is there a command that puts the data back before every run?
why-data-trial = Exploration and the trials run one after another on the same app.
q-data-reset = Which command puts the app's data back to where it started? The trials and the exported test run it before every run.
why-data-reset = The reset script or command your team uses (e.g. make reset-db)
q-confirm-reset = Run this command on this computer before every trial? { $command }
why-confirm-reset = A command runs on this computer with your permissions: it runs only once you have seen it and said so, once per session.
q-data-create = This step creates '{ $value }' ({ $field }) in the app. If the app keeps its data, a re-run collides with the same name. What should happen?
q-screen-is = Is this page ('{ $heading }') the '{ $name }' screen?
q-screen-is-seen = Is this page ('{ $heading }', the '{ $seen }' screen opened before) the '{ $name }' screen?
q-screen-is-at = Is this page ({ $url }) the '{ $name }' screen? Nothing on it names a screen.
why-screen-is = The page's headings ({ $headings }) do not name the spec's screen.
q-screen-open = How is the '{ $name }' screen opened? Give its address or pick what to click.
why-screen-open = The spec names the screen but not how to open it.
q-step-unclear = How to carry out this step is unclear: "{ $text }". What does it mean? Pick one or write it (e.g. Click 'Save').
why-step-unclear = The sentence's action or target could not be told.
q-screen-url = Which URL opens the '{ $screen }' screen?
why-screen-url = A precondition starts on this screen, which the run has not seen yet.
q-secret = The secret { $name } is needed to go on.
why-secret-model = Secrets are never sent to the model.
q-preflight-role = Which role should the test log in as?
q-preflight-screen = Which screen does it start on (a path such as /login)?
why-preflight = The documents do not say.
q-confirm-model = Go ahead with this? "{ $action }"

## The command line

cli-session-started = Session started: { $title } → { $url }
cli-ingest-parsed = Read { $document }: { $sections ->
        [one] 1 section
       *[other] { $sections } sections
    }
cli-ingest-chunked = { $chunks ->
        [one] 1 chunk
       *[other] { $chunks } chunks
    }
cli-ingest-embedded = Embedded { $embedded }/{ $chunks }
cli-ingest-unchanged = Unchanged: { $document }
cli-ingest-done = { $steps } steps found, { $chunks } chunks
cli-ingest-done-keyword = { $steps } steps found, { $chunks } chunks (keyword search only)
cli-usage = Tokens: { $prompt } + { $completion } ({ $model }{ $cost })
cli-retrying = Retrying ({ $attempt }, { $delay } ms): { $reason }
cli-draft = Scenario draft: { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    }, all cited
cli-trial-step = trial { $attempt } #{ $index } { $intent } ({ $ms } ms)
cli-trial-step-row = trial { $attempt } row { $row } #{ $index } { $intent } ({ $ms } ms)
cli-closest = Closest: { $candidates }
verdict-passed = PASSED
verdict-flaky = FLAKY
verdict-failed = FAILED
cli-trial-done = Trial run: { $verdict } ({ $runs ->
        [one] 1 run
       *[other] { $runs } runs
    }, { $failed } failed steps, { $ms } ms)
cli-review-clean = Review: no findings
cli-review = Review:
cli-completed-files = Completed: { $files }
cli-completed-folders = Completed: { $files } files in { $folders } scenario folders
cli-confirm = Confirmation needed: { $action }
cli-cancelled = Cancelled: { $reason }
cli-waiting = Waiting for an answer: { $question }
cli-error = Error: { $message }
cli-no-sessions = No sessions yet: try `specwright demo`.
cli-nothing-found = Nothing found.

## Kinds of element

kind-button = button
kind-link = link
kind-field = field
kind-list = list
kind-checkbox = checkbox
kind-radio = option
kind-switch = switch
kind-tab = tab
kind-menu-item = menu item
kind-heading = heading
kind-cell = table cell
kind-row = row
kind-dialog = dialog
kind-option = option
kind-image = image
kind-list-item = list item
kind-text = text
container-row = row
container-item = item
container-dialog = dialog
container-menu = menu
container-table = table
container-section = section

## Options

opt-proceed = Proceed
opt-stop = Stop
opt-skip = Skip this step (recorded as an assumption)
opt-defect = it is not there (record a defect)
element-named = the '{ $name }' { $kind }
box-after-label = box { $n } after '{ $label }' ({ $kind })
box-after-label-shows = box { $n } after '{ $label }' ({ $kind }), now showing '{ $shown }'
opt-menu-holding = the '{ $name }' { $kind }, whose menu has '{ $target }'
place-in = the '{ $name }' { $kind }
place-under = under '{ $name }'
opt-element-in = the '{ $label }' { $kind } in { $place }
opt-element-nth = the '{ $label }' { $kind } #{ $n } from the top
opt-click-named = click the '{ $name }' { $kind }
opt-check-shown = check that '{ $text }' is shown
opt-screen-yes = Yes — this page is the '{ $name }' screen
opt-screen-no = No — the app did not open it (record a defect)
opt-screen-path = the '{ $screen }' screen ({ $path })
opt-screen-here = this page is that screen
opt-data-keep = keep it (the app starts fresh every run)
opt-data-reset = run a command that puts the data back before every run (give the command)
opt-data-unique = a new name on every run (a tag added per run)
opt-data-unique-named = '{ $name }' under a new name on every run (a tag added per run)
opt-data-failed = no, report it as the app's failure
opt-values-typed = { $pairs } (as typed on this screen before)
opt-values-form = { $pairs } (the form's fields from the top)
opt-distinct = { $label } ({ $position ->
        [upper] upper
        [lower] lower
       *[middle] middle
    }, #{ $n } from the top)
place-column = the '{ $column }' column of the '{ $row }' row

## Errors: what stopped a run or a command, with the next step

error-at-line = Line { $line }: { $message }
error-no-steps = No step list or test-case sheet was found in the spec: add a list such as '1. ...' or a sheet with Action and Expected result columns.
error-not-understood = The step on line { $line } was not understood: "{ $text }". Quote the target, e.g. Click 'Sign in'.
error-step-failed = The step on line { $line } failed: { $reason }
error-refused-at-line = Line { $line }: the application refused this step: { $message }
error-unanswered = A question needs an answer: { $question }
error-cancelled = The run was cancelled.
error-skipped = Line { $line }: skipped as answered.
error-storage-run = Could not record the run: { $reason }
error-trial-failed = { $failed ->
        [one] 1 trial run failed
       *[other] { $failed } trial runs failed
    }: { $first } See report.html and trial-run.json in the output folder.
error-chromium-missing = Chromium was not found: run `make setup` (apt-get install chromium-headless-shell) or set SPECWRIGHT_CHROMIUM to its executable.
error-driver-missing = The Playwright driver (playwright-core) was not found: run `make setup` (npm ci) in the repository or set PLAYWRIGHT_CLI_JS.
error-node-missing = Node.js was not found: run `make setup` or set PLAYWRIGHT_NODE_EXE.
error-browser-launch = The browser did not start: { $reason }
error-navigation = Could not open { $url }: { $reason }
error-element-missing = No element matches { $target } on the page.
error-element-several = { $count } elements match { $target }; it must be exactly one.
error-check-failed = Check failed on { $target }: expected { $expected }, found { $actual }.
error-action = The { $action } action failed: { $reason }
error-app-refused = The application refused this step: { $message }
error-request-unsent = This step used to send { $request } to the app, and this time it did not: what the screen shows was not saved by the app.
error-request-refused = The app answered { $request } with { $status }: it did not accept what this step sent.
error-stopped = The run was stopped.
error-invalid-url = Invalid target URL: { $url }. Use `http://host:port`.
error-unreachable = Cannot reach { $url }: check that the application is running and the address is right.
error-port-in-use = Port { $port } is already in use: pick another port or stop the program using it.
error-out-dir = Cannot write the output folder { $path }: { $reason }.
error-session-not-found = Session { $id } does not exist: list sessions with `specwright sessions`.
error-no-scenario = Session { $id } has no stored scenario yet: complete a session first.
error-bad-argument = Invalid argument { $arg }: use NAME=VALUE.
error-bundle = Cannot open the session bundle: { $reason }. Check that it is a .swbundle made by Specwright.
error-imported-target = This session was opened from a share bundle made on another computer. Running it sends its steps to { $url }. Agree to that address first: confirm it in the window, or add --trust-target to the command.
error-no-trial = There is no trial run yet: run `specwright replay` first.
error-unknown-format = Unknown export format { $format }; use one of: { $formats }
error-no-specs = No spec attached: pass one with --spec.
error-indexing = Indexing the documents stopped: { $reason }. Run it again.
error-llm-check = The model check failed: { $reason }
error-store = Storage error: { $reason }. Check the data folder's permissions and free space.
error-store-damaged = The data file { $path } is damaged and cannot be read ({ $reason }). Move it out of the data folder (Specwright then starts a new one) or put back a backup copy.
error-store-foreign = { $path } belongs to another program, not Specwright, and was left unchanged. Choose another data folder (--data-dir or SPECWRIGHT_DATA_DIR).
error-store-too-new = The data folder was written by a newer Specwright (data version { $found }; this one reads up to { $known }). Update Specwright, or choose another data folder.
error-store-terminal = The run ended but its end could not be recorded: { $reason }. Free some disk space (or make the data folder writable) and run it again.
error-keychain-unavailable = The OS keychain is not available ({ $reason }). On Linux a Secret Service such as GNOME Keyring must be running; you can give the key in SPECWRIGHT_LLM_API_KEY instead.
error-keychain-refused = The keychain refused the request ({ $reason }). If it is locked, unlock it and try again.
error-keychain-empty = The API key is empty.
error-llm-unauthorized = The model server refused the API key ({ $status }); check it in Settings.
error-llm-rejected = The model server rejected the request ({ $status }): { $message }. Check the model name and base URL.
error-llm-exhausted = The model server failed { $attempts } attempts ({ $last }); try again later or check the server.
error-llm-request = Could not build the model request: { $reason }
error-spec-not-found = Spec file not found: { $path }. Check the path.
error-spec-unreadable = Cannot read { $name }: { $reason }.
error-spec-too-large = { $name } is too large ({ $size } bytes, limit { $limit } bytes): split it and attach the parts.
error-spec-unsupported = Unsupported format: { $name } (.{ $extension }). Attach Markdown, text, HTML, Word (.docx), a spreadsheet (.xlsx/.xls/.ods/.csv) or a PDF.
error-spec-image-only = { $name }: scanned images are out of scope (there is no text). Attach the original document or a PDF with text.
error-spec-mismatch = { $name } is named .{ $extension } but is really { $actual }: fix the extension or attach the original file.
error-spec-corrupt = { $name } is damaged and cannot be read ({ $reason }): save it again from the original program and attach it.
error-spec-encrypted = { $name } is password-protected: attach a copy without the password.
error-spec-bomb = { $name } expands beyond { $limit } bytes when unpacked (a possible zip bomb): check the document.
error-spec-too-many-cells = { $name } has too many cells ({ $cells }, limit { $limit }): keep only the sheets you need and attach it again.
error-spec-empty = { $name } is empty: attach a spec with content.
error-spec-binary = { $name } is not a text file (it contains binary data): attach the original document.
error-spec-encoding = { $name }: unknown text encoding (not UTF-8, UTF-16 or CP949/EUC-KR): save it as UTF-8 and attach it again.
error-session-store = Session store error: { $reason }

## What a step did, in the timeline

summary-looking-for = looking for '{ $target }'
summary-check = { $target } { $check }
check-visible = visible
check-hidden = hidden
check-checked = checked
check-enabled = enabled
check-disabled = disabled
missing-secret = The secret { $name } is not set: pass --secret { $name }=... or set SPECWRIGHT_SECRET_{ $name }.
missing-variable-value = The variable {"{{"}{ $name }{"}}"} has no value.
missing-variable = The variable {"{{"}{ $name }{"}}"} is not defined.
missing-test-data = The test data has no value for '{ $column }'.
missing-file = The file to upload does not exist: { $path }
missing-file-outside = The file to upload must be a file inside the session's folder, named by a path without '..': { $path }

## Confirmations

risk-outside = { $url } is outside the allowed origins.
risk-destructive = '{ $name }' may change or delete data ('{ $word }').
risk-production = On production, '{ $name }' sends real data ('{ $word }').
risk-left = The page went outside the allowed origins ({ $url }); allow it with --allow-origin.
q-confirm = { $reason } Go ahead? "{ $intent }"
why-confirm = { $reason } It needs your confirmation.

## What the page does not bear out

shown-no-error = The spec expects an error, but the application shows none.
shown-no-message = The spec expects a message, but the application shows none.
shown-other-error = The application shows another error than the spec's ("{ $said }"): { $shown }
shown-other-message = The application shows another message than the spec's ("{ $said }"): { $shown }
expected-not-shown = The page does not show the expected '{ $target }' ({ $url }).
expected-not-shown-shows = The page does not show the expected '{ $target }'; it shows: { $shown }
value-differs = The spec expects { $label } '{ $expected }'; the page shows '{ $shown }'.
target-defect = '{ $target }' is not on the page (recorded as a defect, { $url }).
target-none-right = None of the { $n } elements named '{ $target }' is the one the spec means (recorded as a defect).
target-not-found = '{ $target }' was not found on the page ({ $url }); check that the spec uses the name shown on screen.
answer-not-an-option = The answer "{ $answer }" for '{ $target }' matches no option: answer with an option's number.
field-unnamed = The field showing '{ $value }' has no name of its own to check it by.
field-value-not-shown = No field shows the expected '{ $value }'; the fields show: { $shown }
field-value-several = Several fields show '{ $value }' ({ $names }): name the field in the spec.
screen-not-it = The page is not the '{ $name }' screen ({ $url }; headings: { $headings }).
check-no-earlier = No earlier step names the element to check: quote its name.
elements-several = { $n } elements match { $target } (one expected); check the name against the screen.
login-no-form = No login form was found on { $url }: give the login page's address in the spec's environment section.
login-no-button = The login button was not found.
login-field-unclear = The login form's '{ $name }' cannot be told apart.
error-prompt = The model's instructions could not be prepared: { $reason }
error-llm-incomplete = The model did not submit a scenario within { $n } calls; make the spec more specific or use the offline engine.
error-llm-context = The conversation no longer fits the model's context window ({ $detail }). Choose a model or server setting with a larger context window, or split the document.
error-llm-slow = The model server had not started answering after { $seconds } s: it may still be reading the prompt. Give it longer in Settings (first-answer wait), or choose a smaller model.
error-llm-answer-too-long = The model kept writing past { $kilobytes } KB in one answer, so it was cut off and not used: the model may be stuck repeating itself. Run again, or choose another model in Settings.
error-llm-no-tools = { $model } does not call tools: choose a model with tool calling (for example qwen2.5 7B or larger), or the offline engine.
error-llm-no-call = { $model } did not call any tool in { $n } turns: choose a model with tool calling, or the offline engine. The draft is kept; resume the session after changing the model.
error-llm-same-call = { $model } made the same call ({ $tool }) with the same arguments { $n } times: choose a stronger model with tool calling, or the offline engine. The draft is kept; resume the session after changing the model.
error-llm-bad-call = { $model } called { $tool } { $n } times in a row with arguments that do not fit the tool (a schema written back, a tool that is not offered, a required field missing): choose a stronger model with tool calling, or the offline engine. The draft is kept; resume the session after changing the model.
llm-reading-prompt = The model is reading the prompt (about { $tokens } tokens); a local model on a laptop CPU may take minutes.
error-knowledge = Searching the documents failed: { $reason }

## The desktop window

error-frame-missing = The frame is gone (it may have been pruned).
error-session-id = The session id is not valid.
error-export-unfinished = The export did not finish: try again.
error-dialog-unavailable = The folder picker could not open: restart the app and try again.
error-opener-unavailable = This window cannot open files with other applications here; the file is in the output folder.
error-output-missing = { $path } is not there any more: run the trial again to write it.
dialog-choose-bundle-folder = Choose where to save the share bundle
dialog-choose-export-folder = Choose where to save the exports

## Requests the runtime does not take as they are

invalid-endpoint = The endpoint must start with http:// or https://.
invalid-model = Enter a model name.
invalid-azure-version = Azure OpenAI needs an API version (e.g. 2024-10-21).
invalid-origin = The allowed origin '{ $origin }' must start with http:// or https://.
invalid-browser = The browser '{ $browser }' was not found: leave it empty, or give chrome, msedge, an executable's path or a remote address.
invalid-language = The language is ko or en.
invalid-too-many-files = A session takes at most { $max } files.
invalid-path-not-dropped = { $path } was not dropped on the window: drop the file, or pick it with the file picker.
invalid-session-running = This session is already running.
invalid-delete-running = A running session cannot be deleted: stop it first.
invalid-answer-length = The answer must be 1 to 2000 characters.
invalid-secret-in-window = A secret is typed into its question's hidden field, never sent as a plain answer.
invalid-not-secret-question = This session is not waiting for a secret.
invalid-secret-length = The secret must be 1 to 4096 characters.
invalid-not-waiting = This session is not waiting for an answer.
invalid-answers-file = Could not read the answers file { $path }: { $reason }. Format: - {"{"}when: "regex", answer: "option"{"}"}
invalid-model-session-answer = This session is built by a model: choose the model provider in Settings, then answer.
invalid-model-session = This session is built by a model: choose the model provider in Settings to continue it.

## What the review of a scenario found

review-no-steps = The scenario has no steps.
review-step-number = Step numbers must run 1, 2, 3… (found { $found } at position { $position }).
review-no-locator = The step's target has no locator.
review-undefined-variable = Uses the undefined variable {"{{"}{ $name }{"}}"}.
review-no-column = The test data has no column '{ $column }'.
review-secret-undeclared = The secret { $name } is not declared as a variable.
review-assumption-missing = Assumption { $id } is not in the ledger.
review-data-no-rows = The test data has no rows.
review-data-row-cells = Test-data row { $row } has { $cells } cells for { $columns } columns.
review-unsourced-step = Step { $step } "{ $intent }" has no source in the spec or your answers: keep it?
review-open-assumption = Unconfirmed assumption: { $text }
review-no-assertion = The scenario checks nothing, so it can never fail.
review-no-check-after = Nothing checks the result of step { $step }.
review-trial-failed = Trial attempt { $attempt } failed at step { $step }: { $why }
review-trial-failed-row = Trial attempt { $attempt } (row { $row }) failed at step { $step }: { $why }
review-flaky = The scenario passed in one trial run and failed in another (flaky).

## Who the scenario runs as

role-operator = An operator
role-member = A regular member
role-anonymous = Not logged in

## The CLI's own lines

cli-demo-app = Demo app: { $url }
cli-output-folder = Output folder: { $path }
cli-bundle-written = Session bundle: { $path }
check-passed = passed
check-drifted = drifted
check-failed = failed
check-blocked = blocked
check-not-verified = not verified
check-relocated = { $was } is gone; { $found } is in its place. The step went on with it and counts as failed until a person approves the new element.
suite-unknown = No kept scenario runs at { $name }. `specwright suites` lists where they run.
heal-taken-back = The healed scenario did not pass its trial: it is back as it was before the heal.
heal-not-latest = Only the latest check of a scenario can be approved: check it again first.
heal-check-running = The check is still running: approve its new elements once it has ended.
heal-already = The new elements this check proposed are in that scenario already.
heal-not-drift = Only a drift is healed: this check passed, failed or was blocked, and the scenario stays as it is.
cli-suites-none = No kept scenarios yet: run a session first.
cli-suite-line = { $origin } — { $count } { $count ->
        [one] scenario
       *[other] scenarios
    }
cli-suite-named-line = { $name } ({ $origin }) — { $count } { $count ->
        [one] scenario
       *[other] scenarios
    }
cli-suite-secrets = Secrets: { $names }
cli-suite-secret-remembered = { $name } (remembered)
cli-suite-renamed = Suite name: { $name } ({ $origin })
cli-suite-unnamed = The suite's name is cleared; it goes by its address: { $origin }
suite-name-too-long = A suite's name may be at most { $max } characters long.
suite-name-taken = A suite named '{ $name }' already exists: choose another name.
suite-readme-title = { $suite }: end-to-end tests
suite-readme-intro = Generated by Specwright from the suite's kept scenarios: { $tests ->
        [one] one test file
       *[other] { $tests } test files
    } under `tests/`, one per scenario, each step commented with the spec line or the words it comes from. Change the scenarios in Specwright and export the suite again rather than editing these files: an export replaces the test files it wrote before.
suite-readme-run-heading = Run
suite-readme-run = The HTML report goes to `playwright-report/`, the JUnit report to `results/junit.xml`. On a machine with Chromium installed already, set `SPECWRIGHT_CHROMIUM` to its executable instead of installing one.
suite-readme-base-url = Where the application runs: `SPECWRIGHT_BASE_URL` (otherwise { $url }, where the scenarios were recorded).
suite-readme-secrets = Passwords and other secrets come from the environment, never from these files: { $names }.
suite-readme-workers = The tests run one at a time, as some change the application's data; set `SPECWRIGHT_WORKERS` to run more at once against an application that allows it.
suite-readme-ci-heading = CI
suite-readme-ci = `.github/workflows/specwright-suite.yml` (GitHub Actions) and `.gitlab-ci.yml` (GitLab CI) spread the tests over { $shards ->
        [one] one job
       *[other] { $shards } jobs, each running `npx playwright test --shard=N/{ $shards }`
    }. Give `SPECWRIGHT_BASE_URL` and the secrets as the CI's variables; put the folder at the root of the repository, or change the paths in those files.
suite-readme-tests-heading = Tests
suite-readme-columns = File | Scenario | Steps | Session
cli-check-judged = Check: { $outcome }
cli-heal-started = Trial-running the approved heals ({ $cases } scenarios).
cli-check-row = { $outcome }  { $title } ({ $session })
cli-check-step = step { $step }: { $message }
cli-check-proposal = step { $step }: { $was } → { $found } ({ $how })
cli-check-same-element = the same element, found by what was recorded with it
cli-check-near-name = the only element with a name this close
cli-heal-held = Healed with approval: the scenario passed its trial with the new element.
cli-heal-not-held = The healed scenario did not pass its trial: it is back as it was.
cli-heal-declined = The answers file did not approve every new element: the scenario is left as it was.
heal-question = Step { $step }: { $was } → { $found }. Use the new element?
heal-question-why = In the check, the recorded element was gone and this one was in its place. Approved, the scenario uses the new element, and keeps it only if its trial passes.
cli-suite-exported = { $tests } tests in { $path }; its CI files run them in { $shards } shards. Run them there with `npm install` and `npx playwright test`.
cli-check-summary = { $passed } passed, { $drifted } drifted, { $failed } failed, { $blocked } blocked, { $unverified } not verified
cli-pdf-written = Report as PDF: { $path }
cli-imported = Imported session: { $id }
cli-trust-target = This session came from a share bundle made on another computer. Send its steps to { $url }? [y/N]
cli-cancelling = Cancelling…
cli-answer-needed = An answer is needed: say it in your own words with `specwright say { $session } "…"`, or add it to an answers file and continue with `specwright resume { $session } --answers FILE`.
cli-key-paste = Paste the API key and press Enter:
cli-key-stored = Stored in the keychain: { $url } { $key }
cli-key-none = { $url }: no key stored
cli-key-removed = Removed: { $url }
cli-key-connected = Connected: { $model } at { $url } ({ $from }) → "{ $reply }"
cli-answer-prompt = answer [1-{ $count }]:
app-demo-session = Session { $session }: { $status }
app-close-window = Close the window to finish.

## How a run ended

cancelled-by-person = stopped by a person
cancelled-at-question = stopped at a question by a person
cancelled-for-message = stopped after the step it was on, to take your message

## What an engine writes into a scenario, in the scenario's language (its documents').
scenario-application = Application under test: { $url }
intent-open-application = Open the application ({ $url })
intent-not-refused = The app does not refuse it: '{ $message }' is not shown
intent-open-sign-in = Open the sign-in page ({ $url })
intent-confirm-ok = OK in the browser's confirm box
intent-confirm-cancel = Cancel in the browser's confirm box
assumption-skipped = The step "{ $text }" ({ $source }) was skipped as answered.
assumption-precondition-holds = Assumed the precondition '{ $text }' holds in a fresh browser.
assumption-fresh-app = Assumed the app starts fresh on every run, so '{ $what }' can run again.
precondition-reset = The app's data is put back before every run: { $command }
precondition-reset-disarmed = { $text } (a bundle's command is never run: set it again yourself: { $command })
trial-reset-failed = The command that puts the app's data back failed ({ $why }): { $command }
trial-reset-no-answer = { $url } did not answer within { $seconds } s after its data was put back.

## The words of the exports (plan, report, Robot suite, Gherkin, flowchart), in the scenario's language.
plan-title = Test plan: { $title }
doc-target = Target
doc-scenario = Scenario
doc-steps = Steps
doc-preconditions = Preconditions
doc-test-data = Test data
doc-intent = Intent
doc-action = Action
doc-response = the app accepts { $request }
doc-source = Source
doc-status = Status
doc-citations = Citations
doc-assumptions = Assumptions
doc-assumption = Assumption
doc-open-question = Open question
doc-none = None
doc-secrets = Secrets
doc-secret-env = Set { $env } before running.
doc-run = Run
verification-unverified = Unverified
verification-explored = Explored
verification-passed = Passed
verification-failed = Failed
verification-flaky = Flaky
verdict-not-run = Not run
verdict-passed-with-warnings = Passed with warnings
verdict-not-verified = Not verified
report-findings = Why this verdict
status-skipped = Skipped
assumption-status-open = Open
assumption-status-confirmed = Confirmed
assumption-status-rejected = Rejected
provenance-spec = spec
provenance-answer = answer
provenance-assumption = assumption
provenance-observed = observed
provenance-said = said
flow-start = Start: { $title }
flow-rows = { $rows } rows
flow-end = End
robot-suite-doc = Suite generated by Specwright from the scenario model. Needs the Browser library (robotframework-browser).
robot-run = Run: { $command }
robot-data-rows = Test data: one test per row.
robot-doc-normalized = Compares text with whitespace normalized, like Playwright's toHaveText.
robot-doc-reset = Puts the app's data back with the planner's command, then opens a new page.
robot-doc-absolute-url = Resolves a URL against { $base }, as the Playwright export does.
robot-no-steps = The scenario has no steps.
report-kicker = Test report
report-footer = Generated by Specwright from the scenario model and trial results.
report-step-count = { $steps } steps
report-verdict = Verdict
report-trial = Trial
report-trial-counts = { $runs } runs · passed { $passed } · failed { $failed }
report-no-steps = No steps
report-verification = Verification
report-frame-path = frame: { $path }
report-question-id = question { $id }
report-requests = Requests it sent
report-verdict-sentence-passed = Passed: the app did what the spec says, in every check.
report-verdict-sentence-passed-with-warnings = Passed, with warnings: read the findings below before relying on it.
report-verdict-sentence-not-verified = Not verified: no step failed, but the run proved nothing the spec asks. Why is below.
report-verdict-sentence-failed = Failed: the app did not do what the spec says. The failing step is marked below.
report-verdict-sentence-flaky = Flaky: the runs disagreed. Each run is shown below.
workbook-verdict = Case verdict (Specwright)
workbook-step = Step
workbook-suffix = results
trace-title = Requirements and what proves them
trace-summary = { $count } { $count ->
        [one] requirement
       *[other] requirements
    } in the spec, { $uncovered } with no test
trace-requirement = Requirement
trace-scenario = Scenario
trace-steps = Steps
trace-no-test = No test
trace-place = Where it is written
trace-sheet = Traceability
report-run-kicker = Test run report
report-run-cases = { $count } cases, { $failed } failed
report-run-case-list = Cases
report-run-case = Case
report-run-report = Report
report-run-open = open
report-run-no-report = no report (the case did not reach a trial)
report-run-at = Run at
report-browser = Browser
report-answered-window = answered in the window
report-answered-terminal = answered at the terminal
report-answered-file = from the answers file
report-answered-other = answered ({ $source })
report-said-window = said in the window
report-said-terminal = said at the terminal
report-said-other = said ({ $source })
report-password-hidden = password (hidden)
report-secret-hidden = the secret { $name } (hidden)
report-answers = Questions answered during the run
report-answer-step = Step { $step }:
report-question-asked = Asked: { $question }
report-answer-given = Answer: { $answer }
report-answer-resolves = It resolved the spec’s { $line }
report-runs = Runs
report-no-runs = No runs yet
report-attempt = Attempt { $attempt }
report-row = Row { $row }
report-no-step-results = No step results
report-time = Time
report-details = Details
report-expected = Expected
report-actual = Actual
report-closest = Closest candidates
report-console-errors = Console errors
report-step-screen = Step { $step } screen
report-frame-missing = Frame not available: { $frame }
report-text = Text
report-made-by = Made by
report-used-by = Used by steps
report-open-questions = Open questions
diagnosis-not-found = Not found
diagnosis-ambiguous = Ambiguous
diagnosis-assertion-mismatch = Assertion mismatch
diagnosis-navigation = Navigation failed
diagnosis-timeout = Timeout
diagnosis-missing-value = Missing value
diagnosis-refused = Refused by the app
diagnosis-other = Other

## What could not be read of a spec file (shown by `specwright ingest`).
problem-sheet-unreadable = Sheet '{ $sheet }' cannot be read ({ $reason }).
problem-cells-skipped = Some cells of sheet '{ $sheet }' are damaged and were left empty.
problem-page-unreadable = Page { $page } cannot be read and was skipped ({ $reason }).
refusal-invalid = a field is invalid
refusal-invalid-field = '{ $field }' is invalid

## A new version of a spec against the earlier one.
revision-compared = Compared with the earlier version: unchanged { $unchanged } (replayed as recorded { $kept }), changed { $changed }, new { $added }, removed { $removed }. A sentence after a change in its case is explored again: what it means may rest on what came before it.
revision-same = Every sentence is the same as in the earlier version: the recorded steps are replayed as they are.
revision-unchanged = Unchanged
revision-changed = Changed
revision-added = New
revision-removed = Removed
revision-row-changed = line { $line } (was line { $was }): { $now } (was: { $before })
revision-row-added = line { $line }: { $now }
revision-row-removed = was line { $was }: { $before } ({ $steps } steps left out)
revision-kept = Replayed { $kept } steps of unchanged sentences as recorded, and explored { $explored } steps anew (the first page, logins, changed sentences and those after them).
revision-no-scenario = Session { $id } has no scenario yet, so there is nothing to compare a new version with: run it as a new session.
revision-model-explores-all = The model engine explores every sentence of the new version again (it keeps no recorded steps); the earlier answers are remembered.
revision-explore-again = Line { $line } is unchanged from the earlier version, but the element recorded for it is no longer on the page: exploring it again.
cli-revise-usage = Usage: specwright revise SESSION SPEC... [--compare] [--url URL] [--answers FILE]

## The session's conversation: what a person says to a session, and the engine's replies.
invalid-said-length = A message must be 1 to 2000 characters.
invalid-said-running = A check or another window is running this session: say it when that run ends.
invalid-said-long-step = The run is in the middle of a long step (a model still writing its answer): it goes on; say it again in a moment.
said-run-stopped = The run was stopped before your message was taken: say it again to go on from there.
invalid-said-model-session = This session is built by a model: choose the model provider in Settings (in the CLI: --engine llm --base-url … --model …), then say it again.
said-secret-question = The session waits for a password: type it in its masked field, never in a message.
said-nothing-to-undo = Nothing said so far changed a step, so there is nothing to undo.
said-unread = I could not find a step or a check in “{ $words }”. A message can add one (“Click 'Save'”, “Check that 'Saved' is shown”, “After step 3, type 2 into 'Quantity'”), change a step (“Instead of step 4, click 'Save' in the dialog”) or the value it types (“use 12,000 for the price instead”), skip a step (“skip step 4”), undo the last change (“undo”), run the trial again (“run it again”), check the kept scenario against the app as it is (“check it”), or ask why a step failed (“why did step 6 fail?”).
said-no-steps-yet = There are no steps yet to name by number: the session has no scenario so far.
said-which-scenario = This session has { $scenarios } scenarios, so a step number names no one step: say the step's sentence instead.
said-no-such-step = There is no step { $step }: the scenario has { $steps } steps.
said-step-uncited = Step { $step } does not come from a sentence (it is the engine's own or an answer), so there is no line to leave out.
said-why-no-trial = Nothing has been trial-run yet, so no step has failed.
said-why-no-step = Step { $step } did not run in the last trial.
said-why-passed-all = Every step passed in the last trial.
said-why-passed = Step { $step } passed in the last trial.
said-why-failed = Step { $step } (“{ $intent }”) failed in the last trial: { $reason }. It implements { $line }.
said-why-failed-refused = Step { $step } (“{ $intent }”) failed in the last trial: { $reason }. It implements { $line }. The app refused: { $requests }.
said-step-removed = Step { $step } (“{ $intent }”) is taken out, as you said: “{ $words }”.
said-which-option = “{ $words }” fits more than one of the { $options } options, or none: answer with an option's number or its words.
said-checking = Checking the scenario against the application as it is now; nothing in it changes.
said-check-nothing = There is no scenario to check yet: this session has not recorded one.
said-checking-suite = Checking { $sessions ->
        [one] the one session
       *[other] the { $sessions } sessions
    } of the suite { $suite } ({ $scenarios ->
        [one] one scenario
       *[other] { $scenarios } scenarios
    }) against the application as it is now; nothing in them changes. Each session's result is in that session and on the Suites screen.
said-check-suite-nothing = There is no suite to check yet: a suite holds the sessions on this application's address whose scenarios were kept.
said-suite-not-checked = '{ $title }' was not checked: { $reason }
said-no-typed-step = No step types a value I could change to “{ $to }”: say which step, e.g. “in step 4, use { $to } instead”.
said-which-typed-step = Steps { $steps } type a value: say which one, e.g. “in step { $first }, use { $to } instead”.
cli-said = You: { $words }
cli-replied = Specwright: { $reply }
trace-said-title = Not in the spec: steps added in the conversation
trace-said-summary = { $count } messages added steps the spec did not ask for.

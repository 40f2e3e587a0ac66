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
replay-start = Replaying the stored scenario '{ $title }' on { $url } (no LLM).
agent-resuming = Resuming where the run stopped: replaying { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    }.

## Trial runs

trial-start = Trial-running the scenario from a fresh browser.
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
q-password = Please give the password ({ $name }) for '{ $field }': the spec does not give it, and it is never stored.
why-password = Secrets are never kept in specs or logs (on the command line: --secret { $name }=… or SPECWRIGHT_SECRET_{ $name }).
q-values-fields = Which fields do the values '{ $values }' go into, in order?
why-values-fields = The spec lists the values without naming their fields.
q-target-several = { $n } elements match '{ $target }'. Which one is meant?
why-target-several = The engine never picks one of several same-named elements by chance.
q-target-missing = '{ $target }' is not on the page. Which of these is meant?
why-target-missing = The spec's name differs from the screen's ({ $url }).
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
q-data-create = This step creates '{ $value }' ({ $field }) in the app. If the app keeps its data, a re-run collides with the same name. What should happen?
q-screen-is = Is this page ('{ $heading }') the '{ $name }' screen?
q-screen-is-seen = Is this page ('{ $heading }', the '{ $seen }' screen opened before) the '{ $name }' screen?
why-screen-is = The page's headings ({ $headings }) do not name the spec's screen.
q-screen-open = How is the '{ $name }' screen opened? Give its address or pick what to click.
why-screen-open = The spec names the screen but not how to open it.
q-step-unclear = How to carry out this step is unclear: "{ $text }". What does it mean? Pick one or write it (e.g. Click 'Save').
why-step-unclear = The sentence's action or target could not be told.
q-screen-url = Which URL opens the '{ $screen }' screen?
why-screen-url = A precondition starts on this screen, which the run has not seen yet.
q-secret = The secret { $name } is needed: provide --secret { $name }=... or SPECWRIGHT_SECRET_{ $name }.
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

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

extension DiagnosticCatalog {
    /// The entries of the groups found while loading a spec: the keys, values and shapes its YAML must have.
    static let loading: KeyValuePairs<DiagnosticGroup, DiagnosticEntry> = [
        .emptySpec: .error(
            "the spec is empty", hint: "start with 'spin: Name' or 'spins:'",
            explanation: "The file holds no YAML document (it is empty, or only comments).",
            wrong: "# a counter, to be written",
            right: Example.counter),
        .specNotMapping: .error(
            "a spec must be a mapping with 'spin' or 'spins' at the top",
            explanation: "The document is a list or a single value; a spec is a mapping of keys such as 'spin', 'states' and 'transitions'.",
            wrong: "- spin: Counter\n- data: { count: 0 }",
            right: Example.counter),
        .spinAndSpins: .error(
            "a spec has both 'spin' and 'spins'", hint: "use 'spin: Name' for a file with one spin, or 'spins:' for several",
            explanation: "'spin: Name' makes the file one spin whose keys are at the top level; 'spins:' maps several spin names to their bodies. A file is one or the other.",
            wrong: Example.counter + "\nspins:\n  Other:\n    events: [tick]",
            right: Example.counter),
        .missingSpin: .error(
            "a spec needs 'spin: Name' (one spin) or 'spins:' (several)",
            explanation: "Nothing names the spin: a single-spin file starts with 'spin: Name'.",
            wrong: "data:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
            right: Example.counter),
        .noSpins: .error(
            "'spins' declares no spin", hint: "add 'Name:' followed by the spin's keys",
            explanation: "'spins:' is an empty mapping, so the file describes nothing.",
            wrong: "spins: {}",
            right: "spins:\n  Counter:\n    data:\n      count: 0\n    events: [tick]\n    inputs: [tick]\n    transitions:\n      - { on: tick, set: { count: count + 1 } }"),
        .wrongValueKind: .error(
            "expected {expected} {role}, found {found}",
            explanation: "A key holds the wrong kind of YAML value: a list where a mapping belongs, a mapping where a name belongs, nothing where a value is needed. The message says what the key takes.",
            wrong: "spin: Counter\ndata: [count]\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick }",
            right: Example.counter),
        .expressionCutByComma: .error(
            "the expression for '{field}' was cut at a comma: YAML read '{text}' as {count} entries of the mapping",
            hint: "quote the expression: {field}: \"{text}\"",
            explanation: "In a flow mapping (`{ … }`) a comma ends an entry, even inside an expression's parentheses: `set: { credit: min(credit + 5, 100) }` is read as `credit: min(credit + 5` and a key `100)` with no value. Quote an expression that holds a comma.",
            wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: min(count + 1, 10) } }",
            right: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: \"min(count + 1, 10)\" } }"),
        .unknownKey: .error(
            "unknown key '{key}' {context}", hint: "the keys allowed here are {allowed}",
            explanation: "The key is not one the language knows at that place, often a misspelling: the hint names the nearest key, or lists the keys allowed there.",
            wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, sett: { count: count + 1 } }",
            right: Example.counter),
        .invalidDuration: .error(
            "invalid duration '{text}'", hint: "write a whole or decimal number (no exponent, below 2^63 milliseconds) followed by ms, s, m or h, e.g. 300ms or 1.5s",
            explanation: "A duration (in 'after', 'every', a script's 'at', or spinrun's --max-time and events files) is a decimal number and a unit: ms, s, m or h.",
            wrong: Example.counterWithScript(at: "1 second"),
            right: Example.counterWithScript(at: "1s")),
        .invalidSize: .error(
            "invalid size '{text}'", hint: "write a whole number of bytes, or one with K, M or G after it (1024-based), e.g. 512M or 2G",
            explanation: "A size (spinrun's --max-memory) is a whole number of bytes, or a number with a unit: K, M or G (also KB/KiB, MB/MiB, GB/GiB), each 1024 times the one before.",
            wrong: "spinrun --check --max-memory lots Specs/turnstile-checked.yaml",
            right: "spinrun --check --max-memory 512M Specs/turnstile-checked.yaml",
            origin: .command),
        .fractionalDuration: .error(
            "duration '{text}' is not a whole number of milliseconds", hint: "durations are counted in whole milliseconds, e.g. 1.5s or 1500ms",
            explanation: "Time is counted in whole milliseconds, so a duration must come to one: 1.5s is 1500ms, but 0.5ms is not whole.",
            wrong: Example.counterWithScript(at: "0.5ms"),
            right: Example.counterWithScript(at: "1ms")),
        .invalidGearEvent: .error(
            "expected 'gear.event' for '{key}', found '{value}'", hint: "name the gear and its event with a dot between, e.g. 'auth.loggedIn'",
            explanation: "'catch' and 'propagate' name an event of a gear as gear.event.",
            wrong: Example.gears(propagate: "ping"),
            right: Example.gears(propagate: "bus.ping")),
        .dataFieldWithoutValue: .error(
            "data field '{field}' needs an initial value", hint: "write one after the colon, e.g. '{field}: 0'",
            explanation: "A data field written 'name: value' takes its type from its initial value; with nothing after the colon there is neither.",
            wrong: "spin: Counter\ndata:\n  count:\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
            right: Example.counter),
        .dataFieldWithoutInitial: .error(
            "data field '{field}' needs an initial value", hint: "add 'initial:' with the field's value at the start",
            explanation: "A data field written in the long form '{ type: …, initial: … }' needs its value at the start; only an enum field defaults to its first value.",
            wrong: Example.counter(count: "{ type: int }"),
            right: Example.counter(count: "{ type: int, initial: 0 }")),
        .arraySize: .error(
            "'size' of data field '{field}' must be a whole number from 1 to {limit}, found {found}",
            explanation: "'size: N' makes a data field an array of N elements, read as 'name[i]' and written as 'set: { name[i]: … }', i from 0 to N-1. Each element is a field of its own: a write at an index computed at run time assigns each of them, so the size is bounded.",
            wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 0, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[next]': true, next: 1 - next } }",
            right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[next]': true, next: 1 - next } }"),
        .arrayInitialCount: .error(
            "'initial' of data field '{field}' lists {count} values; the field has {elements}",
            hint: "give one value for every element, or one value for all of them ('initial: false')",
            explanation: "An array field's 'initial' is one value, which every element starts with, or a list of one value per element, in order.",
            wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: [false] }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[next]': true, next: 1 - next } }",
            right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: [false, true] }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[next]': true, next: 1 - next } }"),
        .constantWithoutValue: .error(
            "constant '{name}' needs a value", hint: "write it after the colon, e.g. '{name}: 3', or as '{ type: …, value: … }'",
            explanation: "A constant under 'constants:' is a name for a value written once for the whole file; it needs that value.",
            wrong: Example.counterWithConstant("limit:"),
            right: Example.counterWithConstant("limit: 10")),
        .emptyType: .error(
            "type '{type}' has no cases", hint: "list its cases, e.g. {type}: [small, large]",
            explanation: "A type under 'types:' is an enumeration shared by the file's spins; a value of it is one of its cases, so it needs at least one.",
            wrong: Example.vending(types: "Item: []"),
            right: Example.vending(types: "Item: [cola, water]")),
        .unknownType: .error(
            "unknown type '{type}' {context}", hint: "the types are int, double, bool, string, duration, enum, and the types declared under 'types:'",
            explanation: "The types of data fields, payload fields and constants are int, double, bool, string, duration, enum (with 'values'), and the enumerations declared under 'types:' at the top of the file, whose names are capitalized.",
            wrong: Example.counter(count: "{ type: integer, initial: 0 }"),
            right: Example.counter(count: "{ type: int, initial: 0 }")),
        .missingFieldType: .error(
            "{kind} field '{field}' has no 'type'", hint: "add 'type:' with one of int, double, bool, string, duration, enum, or a type of 'types:'",
            explanation: "The long form of a data or payload field ('{ … }') must say its type.",
            wrong: Example.counter(count: "{ initial: 0 }"),
            right: Example.counter(count: "{ type: int, initial: 0 }")),
        .enumWithoutValues: .error(
            "enum {kind} field '{field}' needs 'values'", hint: "list its cases, e.g. values: [heat, cool, off]",
            explanation: "An enum field's cases are listed in 'values'.",
            wrong: Example.heater(mode: "{ type: enum }", set: ".off"),
            right: Example.heater(mode: "{ type: enum, values: [heat, off] }", set: ".off")),
        .emptyEnum: .error(
            "enum {kind} field '{field}' has no values", hint: "list its cases, e.g. values: [heat, cool, off]",
            explanation: "An enum needs at least one case: a field must always hold one of them.",
            wrong: Example.heater(mode: "{ type: enum, values: [] }", set: ".off"),
            right: Example.heater(mode: "{ type: enum, values: [heat, off] }", set: ".off")),
        .valuesWithoutEnum: .error(
            "{kind} field '{field}' has 'values' but is not an enum", hint: "write 'type: enum' or remove 'values'",
            explanation: "'values' lists the cases of an enum; a field of another type has no cases.",
            wrong: Example.heater(mode: "{ type: string, values: [heat, off], initial: off }", set: "'\"off\"'"),
            right: Example.heater(mode: "{ type: enum, values: [heat, off], initial: off }", set: ".off")),
        .rangeNotAPair: .error(
            "'range' of data field '{field}' must be a list of two numbers",
            hint: "write the lowest and the highest value, e.g. range: [0, 100]",
            explanation: "'range: [lo, hi]' bounds an int or double field: it is a list of exactly two numbers, the lowest and the highest value the field may hold.",
            wrong: Example.counter(count: "{ type: int, initial: 0, range: [0] }"),
            right: Example.counter(count: "{ type: int, initial: 0, range: [0, 100] }")),
        .emptyPayloadValues: .error(
            "payload field '{field}' has no values", hint: "list the payloads to try, e.g. values: [10, 25]",
            explanation: "'values' on a payload field lists the payloads spinrun --check tries for that input; an empty list would leave the input nothing to send.",
            wrong: Example.payloadCounter.replacingOccurrences(of: "{ amount: int }", with: "{ amount: { type: int, values: [] } }"),
            right: Example.payloadCounter.replacingOccurrences(of: "{ amount: int }", with: "{ amount: { type: int, values: [1, 5] } }")),
        .transitionWithoutEvent: .error(
            "'on' lists no event", hint: "name the events that fire the row, or leave 'on' out for a row taken as soon as its guard holds",
            explanation: "'on' names the event of a row, or lists several (on: [coinA, coinB]); an empty list names none. A row without 'on' is eventless: it is taken as soon as its guard holds (docs/statecharts.md, rule 10).",
            wrong: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: [], to: on }"),
            right: Example.lamp),
        .timedRowWithEvent: .error(
            "a timed row has both 'after' and 'on' '{event}'", hint: "leave 'on' out: a timed row fires when its state has been active for 'after'; or leave 'after' out for a row on '{event}'",
            explanation: "A row with 'after' (no 'on') fires when its 'from' state has been active for the duration: armed when the state is entered, disarmed when it is exited (docs/statecharts.md, rule 17). It is not on an event.",
            wrong: Example.lamp(replacing: "- { from: on, on: toggle, to: off }", with: "- { from: on, on: toggle, after: 5s, to: off }"),
            right: Example.lamp(replacing: "- { from: on, on: toggle, to: off }", with: "- { from: on, after: 5s, to: off }")),
        .timedRowSource: .error(
            "a timed row needs one 'from' state, the state whose time it counts", hint: "write 'from: S' with one state; a row per state for several",
            explanation: "A row with 'after' fires when its 'from' state has been active for the duration, counted from that state's entry: it names exactly one state (a compound or parallel one counts from its own entry), not 'any' nor a list (docs/statecharts.md, rule 17).",
            wrong: Example.lamp(replacing: "- { from: on, on: toggle, to: off }", with: "- { from: [off, on], after: 5s, to: off }"),
            right: Example.lamp(replacing: "- { from: on, on: toggle, to: off }", with: "- { from: on, after: 5s, to: off }")),
        .scriptStepWithoutTime: .error(
            "script step has no 'at' time", hint: "add 'at:' with a time such as 1s",
            explanation: "Each step of a script says when its input is emitted, counted from the start of the run.",
            wrong: Example.counter + "\nscript:\n  - { emit: tick }",
            right: Example.counterWithScript(at: "0s")),
        .scriptStepWithoutEvent: .error(
            "script step has no 'emit' event", hint: "add 'emit:' with the input event",
            explanation: "Each step of a script emits one input event, named by 'emit'.",
            wrong: Example.counter + "\nscript:\n  - { at: 1s }",
            right: Example.counterWithScript(at: "1s")),
        .emptyFeedbackRule: .error(
            "feedback rule '{rule}' has no cases", hint: "add a rule such as '{ when: …, emit: … }'",
            explanation: "A feedback rule written as a list holds its cases; an empty list is a rule that does nothing.",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: []",
            right: Example.counter + "\nfeedbacks:\n  ticker:\n    - { when: count < 3, emit: tick }"),
        .secondTrigger: .error(
            "feedback rule '{rule}' has a second trigger '{key}' (it already has {first})",
            hint: "use at most one of when, becomes, changes, enter, catch; only 'in' combines with 'when'",
            explanation: "A rule acts on one trigger: when, becomes, changes, enter or catch. Only 'in' (the states it acts in) combines with 'when'.",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, becomes: count == 0, emit: tick }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, emit: tick }"),
        .secondAction: .error(
            "feedback rule '{rule}' has a second action '{key}' (it already has '{first}')",
            hint: "a rule does exactly one thing; split it into two rules",
            explanation: "A rule has one action: emit, choose, propagate, effect or render.",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, emit: tick, render: \"{count}\" }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, emit: tick }\n  show: { render: \"{count}\" }"),
        .ruleWithoutAction: .error(
            "feedback rule '{rule}' has no action: add one of emit, choose, propagate, effect, render",
            explanation: "A rule without an action would do nothing when it fires.",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3 }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, emit: tick }"),
        .everyWithoutCondition: .error(
            "'every' in feedback rule '{rule}' needs a 'when', 'becomes', 'enter' or 'in' trigger",
            hint: "'every' repeats the action while the trigger holds",
            explanation: "'every' repeats an action while a condition holds, so the rule needs one: 'when', 'becomes', 'enter' or 'in'. A rule on every state, on 'changes' or on a caught gear event has nothing to repeat while.",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { every: 1s, emit: tick }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, every: 1s, emit: tick }"),
        .withoutEmit: .error(
            "'with' in feedback rule '{rule}' needs 'emit' or 'propagate'",
            hint: "'with' gives the payload of the event emitted or propagated; for 'choose', put it inside the choice it belongs to",
            explanation: "'with' gives the payload of the event a rule emits or propagates; other actions send no event.",
            wrong: Example.counter + "\nfeedbacks:\n  show: { render: \"{count}\", with: { count: 1 } }",
            right: Example.counter + "\nfeedbacks:\n  show: { render: \"{count}\" }"),
        .simulateWithoutEffect: .error(
            "'simulate' in feedback rule '{rule}' needs 'effect'",
            explanation: "'simulate' stands in for a named effect that no host program binds; a rule without 'effect' has nothing to stand in for.",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, emit: tick, simulate: { after: 1s, emit: tick } }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, effect: fetch, simulate: { after: 1s, emit: tick } }"),
        .unknownStrategy: .error(
            "unknown strategy '{strategy}'", hint: "use 'cancel' or 'continue'",
            explanation: "A rule's strategy says what a new trigger does to its pending action: 'cancel' (the default) or 'continue'.",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, after: 1s, strategy: keep, emit: tick }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, after: 1s, strategy: continue, emit: tick }"),
        .emptyChoose: .error(
            "'choose' in feedback rule '{rule}' has no choices", hint: "add '{ weight: 1, emit: event }'",
            explanation: "'choose' picks one of its choices at random; it needs at least one.",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [] }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 1, emit: tick }] }"),
        .invalidWeight: .error(
            "invalid weight '{weight}'", hint: "a weight is a positive integer, e.g. 'weight: 3'",
            explanation: "A choice's weight is its share of the draw: a positive integer.",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 0.5, emit: tick }] }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 1, emit: tick }] }"),
        .weightSumTooLarge: .error(
            "the weights of the choices of rule '{rule}' add up to more than 9223372036854775807",
            hint: "only the weights' ratios matter: divide them by a common factor",
            explanation: "A choice is drawn with probability its weight divided by the sum of the weights, and the sum must be a 64-bit integer. Weights whose sum is larger would wrap around, and the draw would then always pick the same branch; such weights are refused at the one that makes the sum too large.",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 9223372036854775807, emit: tick }, { weight: 1, emit: tick }] }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 9223372036854775806, emit: tick }, { weight: 1, emit: tick }] }"),
        .choiceWithoutEmit: .error(
            "choice has no 'emit' event", hint: "add 'emit:' with the event it feeds back",
            explanation: "Each choice of 'choose' emits one event.",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 1 }] }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 1, emit: tick }] }"),
        .simulateTwoOutcomes: .error(
            "'simulate' of feedback rule '{rule}' has both '{first}' and '{key}'", hint: "keep one outcome: 'emit' or 'choose'",
            explanation: "A simulated effect answers with one event ('emit') or one chosen at random ('choose').",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, effect: fetch, simulate: { emit: tick, choose: [{ weight: 1, emit: tick }] } }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, effect: fetch, simulate: { emit: tick } }"),
        .simulateWithoutOutcome: .error(
            "'simulate' of feedback rule '{rule}' has no outcome: add 'emit' or 'choose'",
            explanation: "A simulated effect answers with an event: 'emit' names it, or 'choose' picks one.",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, effect: fetch, simulate: { after: 1s } }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, effect: fetch, simulate: { after: 1s, emit: tick } }"),
        .simulateWithOnChoose: .error(
            "'with' in 'simulate' of feedback rule '{rule}' needs 'emit'", hint: "put 'with' inside the choice it belongs to",
            explanation: "With 'choose', each choice carries its own payload in its own 'with'.",
            wrong: Example.payloadCounter + "\nfeedbacks:\n  adder: { when: count < 3, effect: fetch, simulate: { choose: [{ weight: 1, emit: add }], with: { amount: 1 } } }",
            right: Example.payloadCounter + "\nfeedbacks:\n  adder: { when: count < 3, effect: fetch, simulate: { choose: [{ weight: 1, emit: add, with: { amount: 1 } }] } }"),
    ]
}

extension DiagnosticCatalog {
    /// The entries of the groups found while resolving names and references: states, events, fields,
    /// types and their values.
    static let resolution: KeyValuePairs<DiagnosticGroup, DiagnosticEntry> = [
        .duplicateName: .error(
            "duplicate {what} '{name}'", hint: "first declared at line {line}:{column}",
            explanation: "Two states, events, fields, spins or gears of one scope have the same name, so a reference to it would be ambiguous.",
            wrong: Example.lamp(replacing: "states: [off, on]", with: "states: [off, on, off]"),
            right: Example.lamp),
        .invalidName: .error(
            "invalid name '{name}' ({what})", hint: "a name is an ASCII letter or '_', then ASCII letters, digits or '_'",
            explanation: "Every name a spec declares (spins, gears, states, events, fields, cases, rules, effects, types, constants) is a letter or '_' followed by letters, digits or '_', all ASCII: what an expression can write (state == .in_progress, event.amount) and what the schema accepts. An event's name may be several such names joined by '.' (door.open), which rows match by prefix (on: door).",
            wrong: Example.counter(count: "0\n  max-count: 10"),
            right: Example.counter(count: "0\n  max_count: 10")),
        .reservedName: .error(
            "'{name}' cannot name a {what}: in expressions it means {meaning}", hint: "choose another name",
            explanation: "An expression reads a data field or a constant by its bare name, and 'state', 'event', 'true', 'false', 'and', 'or' and 'not' already mean something there: a field so named could never be read. Names with two leading underscores are those of the fields the language makes for itself (a send's pending event).",
            wrong: Example.counter(count: "0\n  state: 0"),
            right: Example.counter(count: "0\n  phase: 0")),
        .lowercaseTypeName: .error(
            "type name '{name}' must start with a capital letter",
            explanation: "The types declared under 'types:' are capitalized (Item, Size), which sets them apart from the built-in types (int, string, duration, …) and from fields.",
            wrong: Example.vending(types: "item: [cola, water]"),
            right: Example.vending(types: "Item: [cola, water]")),
        .noControlStates: .error(
            "spin '{spin}' has no control states", hint: "declare them with 'states: [{state}, …]'",
            explanation: "A transition names a control state ('from', 'to', 'enter', 'in') in a spin that declares none: a data-only spin has no states to move between.",
            wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, to: done, set: { count: count + 1 } }",
            right: Example.counter),
        .initialOrFinalWithoutStates: .error(
            "spin '{spin}' has no control states, so it has no {key} state", hint: "declare 'states' or remove '{key}'",
            explanation: "'initial' and 'final' name control states, which this spin does not declare.",
            wrong: "spin: Counter\ninitial: idle\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
            right: Example.counter),
        .unknownState: .error(
            "unknown state '{state}'",
            explanation: "The name is not one of the spin's 'states'; the hint names the nearest one when it is probably a misspelling.",
            wrong: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: toggle, to: onn }"),
            right: Example.lamp),
        .unknownEvent: .error(
            "unknown event '{event}'",
            explanation: "A transition's 'on', a rule's 'emit' or a script's 'emit' names an event the spin does not declare under 'events'; the hint names the nearest one when it is probably a misspelling.",
            wrong: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: toggel, to: on }"),
            right: Example.lamp),
        .unknownSendID: .error(
            "'cancel' names '{id}', the id of no send of this spin", hint: "name the 'id' of a send: a cancel stops the pending send of that id",
            explanation: "A cancel ({ cancel: X }) stops the pending sends whose 'id' is X (docs/statecharts.md, rule 20); a send without an 'id' cannot be cancelled.",
            wrong: Example.lampWithTimeout(cancelling: "autooff"),
            right: Example.lampWithTimeout(cancelling: "autoOff")),
        .sendWithOtherEvent: .error(
            "an action both sends '{event}' and {what} '{other}': its one 'with' cannot serve both", hint: "write the send as an action of its own",
            explanation: "'with' gives the payload of the one event an action sends, emits or propagates; an action that sends an event and emits or propagates another would give both the same payload (docs/statecharts.md, rule 20).",
            wrong: Example.lampWithTimeout(cancelling: "autoOff").replacingOccurrences(of: "send: timeout,", with: "send: timeout, emit: toggle,"),
            right: Example.lampWithTimeout(cancelling: "autoOff")),
        .sendKeyWithoutSend: .error(
            "'{key}' belongs to a send, and this action sends nothing", hint: "add 'send: EVENT', or leave '{key}' out",
            explanation: "'delay' and 'id' say when a send's event is delivered and how a cancel names it (docs/statecharts.md, rule 20); without 'send' they mean nothing.",
            wrong: Example.lampWithTimeout(cancelling: "autoOff").replacingOccurrences(of: "cancel: autoOff", with: "cancel: autoOff, delay: 1s"),
            right: Example.lampWithTimeout(cancelling: "autoOff")),
        .fairnessNotInput: .error(
            "'fairness' names '{event}', which is not an input of spin '{spin}'", hint: "name inputs only: the outside's choices are what fairness schedules",
            explanation: "A spin's 'fairness' names inputs that spinrun --check schedules fairly when it checks the properties: an input enabled for ever (weak) or again and again (strong) is taken at last. Events the spin emits itself are not chosen by the outside and cannot be named.",
            wrong: Example.lamp(replacing: "events: [toggle]", with: "events: [toggle, flash]") + "\nproperties:\n  lit: always eventually active(.on)\nfairness: { weak: [flash] }",
            right: Example.lamp + "\nproperties:\n  lit: always eventually active(.on)\nfairness: { weak: [toggle] }"),
        .tooManyFairInputs: .error(
            "'fairness' names '{event}', one input more than the {limit} a spec may schedule fairly", hint: "name at most {limit} inputs in 'fairness', all spins together: the inputs a property needs to be taken at last",
            explanation: "spinrun --check follows each fairly scheduled input as one bit of a 64-bit word, so a spec's spins may name at most 64 inputs in 'fairness' between them (an input named both weak and strong counts once). Fairness beyond them would be ignored, and a property could be called violated that holds under it.",
            wrong: Example.manyInputs(65) + "\nproperties:\n  moves: always eventually count > 0\nfairness: { weak: [\(Example.inputNames(65))] }",
            right: Example.manyInputs(65) + "\nproperties:\n  moves: always eventually count > 0\nfairness: { weak: [\(Example.inputNames(64))] }"),
        .unknownInput: .error(
            "unknown event '{event}' in the inputs of spin '{spin}'",
            explanation: "'inputs' lists which of the spin's declared events the outside may send; this one is not declared under 'events'.",
            wrong: Example.lamp(replacing: "inputs: [toggle]", with: "inputs: [toogle]"),
            right: Example.lamp),
        .scriptEmitsNonInput: .error(
            "the script emits '{event}', which is not an input of spin '{spin}'", hint: "add '{event}' to 'inputs'",
            explanation: "A script stands in for the outside world, which may only send the spin's inputs.",
            wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }\nscript:\n  - { at: 1s, emit: tick }",
            right: Example.counterWithScript(at: "1s")),
        .unknownDataField: .error(
            "unknown data field '{field}'",
            explanation: "'set' assigns the spin's data fields, declared under 'data'; this name is not one of them. (A host program reading a field by name, SpecSpinRuntime.data(_:), gets the same error.)",
            wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { cont: count + 1 } }",
            right: Example.counter),
        .notAnArray: .error(
            "'{name}' is not an array", hint: "only a data field declared with 'size' has elements to index",
            explanation: "'name[i]' reads or writes element i of an array data field, one declared with 'size: N'; this name is a field of one value (or a constant).",
            wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: 'next[0]', set: { 'flags[next]': true } }",
            right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: 'flags[0]', set: { 'flags[next]': true } }"),
        .arrayWithoutIndex: .error(
            "'{name}' is an array of {count} elements; name one of them", hint: "write {name}[0] … {name}[{last}], or {name}[i] with an int expression i",
            explanation: "An array data field is read and written one element at a time: 'name[i]'. A whole array has no value of its own to compare or assign.",
            wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: not flags, set: { 'flags[next]': true } }",
            right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: 'not flags[0]', set: { 'flags[next]': true } }"),
        .indexOutsideArray: .error(
            "index {index} is outside the {count} elements of '{array}'", hint: "the elements are {array}[0] … {array}[{last}]",
            explanation: "Elements are counted from 0: an array of N elements has elements 0 to N-1. An index written as a number is checked with the spec; one computed at run time is checked when it is evaluated ([#IndexOutOfRange]).",
            wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[2]': true } }",
            right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[1]': true } }"),
        .indexReadsWrittenArray: .error(
            "the index of '{key}' reads '{array}', the array it writes",
            hint: "assign the index to a data field earlier in the same 'set', then write '{array}[thatField]'",
            explanation: "A write at an index computed at run time assigns every element of the array in turn, each keeping its value unless it is the one indexed; an index that reads the array would change as the elements are assigned. Compute it into a field first: 'set' assigns in order.",
            wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[flags[0] ? 1 : 0]': true } }",
            right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { next: 'flags[0] ? 1 : 0', 'flags[next]': true } }"),
        .unknownPayloadField: .error(
            "event '{event}' has no payload field '{field}'",
            explanation: "'with' gives values to the payload fields the event declares; this one is not among them.",
            wrong: Example.payloadCounter + "\nfeedbacks:\n  adder: { when: count < 3, emit: add, with: { amount: 1, extra: 2 } }",
            right: Example.payloadCounter + "\nfeedbacks:\n  adder: { when: count < 3, emit: add, with: { amount: 1 } }"),
        .missingPayloadValues: .error(
            "event '{event}' needs a value for {fields}", hint: "add 'with: { {pairs} }'",
            explanation: "An event is emitted with a value for each of its payload fields.",
            wrong: Example.payloadCounter + "\nfeedbacks:\n  adder: { when: count < 3, emit: add }",
            right: Example.payloadCounter + "\nfeedbacks:\n  adder: { when: count < 3, emit: add, with: { amount: 1 } }"),
        .unknownGear: .error(
            "unknown gear '{gear}'", hint: "declare it under 'gears:' at the top level",
            explanation: "'catch' and 'propagate' name a gear declared under 'gears:' at the top level of a multi-spin file.",
            wrong: Example.gears(propagate: "bsu.ping"),
            right: Example.gears(propagate: "bus.ping")),
        .unknownGearEvent: .error(
            "gear '{gear}' has no event '{event}'", hint: "declare it in the gear's 'events'",
            explanation: "A gear carries only the events it declares.",
            wrong: Example.gears(propagate: "bus.pong"),
            right: Example.gears(propagate: "bus.ping")),
        .initialValueMismatch: .error(
            "initial value '{value}' of data field '{field}' is not {expected}",
            hint: "write a value of the field's type, or change its 'type'",
            explanation: "The long form of a data field names its type; its 'initial' value must be of that type (a bool is true or false).",
            wrong: Example.counter(count: "{ type: int, initial: zero }"),
            right: Example.counter(count: "{ type: int, initial: 0 }")),
        .initialValueNotACase: .error(
            "initial value '{value}' of data field '{field}' is not one of its values", hint: "use one of: {cases}",
            explanation: "An enum field starts as one of its cases.",
            wrong: Example.heater(mode: "{ type: enum, values: [heat, off], initial: cool }", set: ".off"),
            right: Example.heater(mode: "{ type: enum, values: [heat, off], initial: off }", set: ".off")),
        .rangeOnNonNumeric: .error(
            "data field '{field}' is a {type}, and only int and double fields have a 'range'",
            hint: "remove 'range', or declare the field 'type: int' or 'type: double'",
            explanation: "A range bounds a number: only int and double fields take 'range'. An enum's cases already bound it.",
            wrong: Example.heater(mode: "{ type: enum, values: [heat, off], initial: off, range: [0, 1] }", set: ".off"),
            right: Example.heater(mode: "{ type: enum, values: [heat, off], initial: off }", set: ".off")),
        .rangeBoundMismatch: .error(
            "bound '{value}' of the range of data field '{field}' is not {expected}", hint: "write both bounds as values of the field's type",
            explanation: "The bounds of a range are values of the field's type: an int field's range is two integers.",
            wrong: Example.counter(count: "{ type: int, initial: 0, range: [0, 9.5] }"),
            right: Example.counter(count: "{ type: int, initial: 0, range: [0, 9] }")),
        .emptyRange: .error(
            "the range of data field '{field}' is empty: its lower bound is above its upper bound",
            hint: "write the lower bound first, e.g. range: [0, 100]",
            explanation: "'range: [lo, hi]' holds the values from lo to hi; with lo above hi no value fits.",
            wrong: Example.counter(count: "{ type: int, initial: 0, range: [100, 0] }"),
            right: Example.counter(count: "{ type: int, initial: 0, range: [0, 100] }")),
        .initialOutsideRange: .error(
            "the initial value of data field '{field}' is outside its range {range}", hint: "widen the range or change the initial value",
            explanation: "A field stays within its range from the start: its initial value must lie in it too.",
            wrong: Example.counter(count: "{ type: int, initial: 0, range: [1, 100] }"),
            right: Example.counter(count: "{ type: int, initial: 1, range: [1, 100] }")),
        .payloadValueMismatch: .error(
            "value '{value}' of payload field '{field}' is not {expected}", hint: "write values of the field's type",
            explanation: "The 'values' of a payload field are payloads spinrun --check sends: each is a value of the field's type.",
            wrong: Example.payloadCounter.replacingOccurrences(of: "{ amount: int }", with: "{ amount: { type: int, values: [1, five] } }"),
            right: Example.payloadCounter.replacingOccurrences(of: "{ amount: int }", with: "{ amount: { type: int, values: [1, 5] } }")),
        .constantValueMismatch: .error(
            "value '{value}' of constant '{name}' is not {expected}",
            explanation: "A constant written in the long form '{ type: …, value: … }' must have a value of that type.",
            wrong: Example.counterWithConstant("limit: { type: int, value: ten }"),
            right: Example.counterWithConstant("limit: { type: int, value: 10 }")),
        .catchWithAfter: .error(
            "'after' cannot be used with 'catch'", hint: "catch the event into a state, and use 'enter' with 'after'",
            explanation: "A caught gear event is delivered at once; there is no state for a delay to wait in. Emit an event into the spin, and delay from the state it leads to.",
            wrong: Example.gears(propagate: "bus.ping", listen: "{ catch: bus.ping, after: 1s, emit: pinged }"),
            right: Example.gears(propagate: "bus.ping")),
        .catchWithEffect: .error(
            "a named effect cannot be triggered by 'catch'", hint: "catch the event into a state, and trigger the effect with 'enter'",
            explanation: "A named effect runs for a state of its spin (and is cancelled when it changes); a caught gear event is no state.",
            wrong: Example.gears(propagate: "bus.ping", listen: "{ catch: bus.ping, effect: log, simulate: { emit: pinged } }"),
            right: Example.gears(propagate: "bus.ping")),
        .nonPositivePeriod: .error(
            "the period of 'every' must be longer than 0ms",
            explanation: "'every: 0ms' would repeat the action without time passing, forever.",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, every: 0ms, emit: tick }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, every: 1s, emit: tick }"),
        .negativeDelay: .error(
            "'after' is {value}, a negative duration", hint: "a delay is 0ms or longer",
            explanation: "'after' delays an action; a duration below zero would act before its trigger. A computed 'after' that comes out negative stops the spin when the timer is armed ([#InvalidTimerDuration]).",
            wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, after: -1s, emit: tick }",
            right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, after: 1s, emit: tick }"),
    ]
}

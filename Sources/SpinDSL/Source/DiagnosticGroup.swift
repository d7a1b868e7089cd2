// The catalog of every diagnostic SpinDSL and spinrun print: each has a stable group name (printed
// at the end of its message line as `[#UnknownEvent]`, taken by `spinrun --explain`), a severity,
// the templates of its message and hint, and an explanation with a wrong and a right example.
// This file is the only place a message or hint template is written; call sites pass the values.
//
// How to add a diagnostic
// 1. Add a case below, in the section of the stage that finds it. Its raw value is the group name
//    users see and search for: PascalCase, saying what is wrong (`UnknownEvent`, `DivisionByZero`),
//    never changed once released (tests and scripts match on it).
// 2. Add its entry to `catalogEntry` (the compiler asks for it): `.error(…)` or `.warning(…)` with
//    - the message template: lower case, no trailing period, `{name}` for each value
//      (`"unknown event '{event}'"`);
//    - the hint template, if there is something to do that the message does not say; a call site's
//      own suggestion (`did you mean …`, from `Suggestion.hint`) replaces it;
//    - an explanation of a few sentences, and a wrong and a right example: for `.spec` and `.run`
//      (the default is `.spec`) a complete spec, for `.command` a `spinrun …` command line run from
//      the package root. `CatalogTests` loads (or runs) every wrong example and expects this group,
//      and every right one and expects no diagnostic at all (`CatalogCommandTests` runs the command
//      lines); an entry nothing small can reproduce is `.unreproducible("why")`, its examples
//      describe the situation, and it is added to `CatalogTests.unreproducible`.
// 3. Report it: `Diagnostic(.unknownEvent, at: name.location, ["event": name], suggestion: hint)`;
//    a run-time fault `SpecFault(.divisionByZero, at: location, ["expression": text])`; a problem
//    without a source location (an input event, a command-line option) `UsageProblem(.notAnInput,
//    ["event": name, "spin": spin])`. Every `{name}` of the templates needs its value.
// 4. Run the tests, then regenerate and read the golden files whose text changed.

import Foundation

/// The stable name of one kind of diagnostic, and its catalog entry.
public enum DiagnosticGroup: String, CaseIterable, Hashable, Sendable {
    // MARK: Files and YAML
    case fileNotFound = "FileNotFound"
    case specIsDirectory = "SpecIsDirectory"
    case permissionDenied = "PermissionDenied"
    case fileUnreadable = "FileUnreadable"
    case symbolicLinkLoop = "SymbolicLinkLoop"
    case nothingToRead = "NothingToRead"
    case specTooLarge = "SpecTooLarge"
    case yamlOutOfMemory = "YAMLOutOfMemory"
    case invalidUTF8 = "InvalidUTF8"
    case yamlReaderError = "YAMLReaderError"
    case tabIndentation = "TabIndentation"
    case unclosedQuotedScalar = "UnclosedQuotedScalar"
    case yamlSyntax = "YAMLSyntax"
    case multipleDocuments = "MultipleDocuments"
    case nestingTooDeep = "NestingTooDeep"
    case recursiveAlias = "RecursiveAlias"
    case undefinedAlias = "UndefinedAlias"
    case aliasExpansionLimit = "AliasExpansionLimit"
    case complexMappingKey = "ComplexMappingKey"
    case keyTooLong = "KeyTooLong"
    case duplicateKey = "DuplicateKey"
    case unsupportedTag = "UnsupportedTag"
    case tagMismatch = "TagMismatch"
    case integerLiteralTooLarge = "IntegerLiteralTooLarge"

    // MARK: The shape of a spec
    case emptySpec = "EmptySpec"
    case specNotMapping = "SpecNotMapping"
    case spinAndSpins = "SpinAndSpins"
    case missingSpin = "MissingSpin"
    case noSpins = "NoSpins"
    case wrongValueKind = "WrongValueKind"
    case expressionCutByComma = "ExpressionCutByComma"
    case unknownKey = "UnknownKey"
    case invalidDuration = "InvalidDuration"
    case invalidSize = "InvalidSize"
    case fractionalDuration = "FractionalDuration"
    case invalidGearEvent = "InvalidGearEvent"
    case dataFieldWithoutValue = "DataFieldWithoutValue"
    case dataFieldWithoutInitial = "DataFieldWithoutInitial"
    case arraySize = "ArraySize"
    case arrayInitialCount = "ArrayInitialCount"
    case constantWithoutValue = "ConstantWithoutValue"
    case emptyType = "EmptyType"
    case unknownType = "UnknownType"
    case missingFieldType = "MissingFieldType"
    case enumWithoutValues = "EnumWithoutValues"
    case emptyEnum = "EmptyEnum"
    case valuesWithoutEnum = "ValuesWithoutEnum"
    case rangeNotAPair = "RangeNotAPair"
    case emptyPayloadValues = "EmptyPayloadValues"
    case transitionWithoutEvent = "TransitionWithoutEvent"
    case timedRowWithEvent = "TimedRowWithEvent"
    case timedRowSource = "TimedRowSource"
    case scriptStepWithoutTime = "ScriptStepWithoutTime"
    case scriptStepWithoutEvent = "ScriptStepWithoutEvent"
    case emptyFeedbackRule = "EmptyFeedbackRule"
    case secondTrigger = "SecondTrigger"
    case secondAction = "SecondAction"
    case ruleWithoutAction = "RuleWithoutAction"
    case everyWithoutCondition = "EveryWithoutCondition"
    case withoutEmit = "WithWithoutEmit"
    case simulateWithoutEffect = "SimulateWithoutEffect"
    case unknownStrategy = "UnknownStrategy"
    case emptyChoose = "EmptyChoose"
    case invalidWeight = "InvalidWeight"
    case weightSumTooLarge = "WeightSumTooLarge"
    case choiceWithoutEmit = "ChoiceWithoutEmit"
    case simulateTwoOutcomes = "SimulateTwoOutcomes"
    case simulateWithoutOutcome = "SimulateWithoutOutcome"
    case simulateWithOnChoose = "SimulateWithOnChoose"

    // MARK: Names and references
    case duplicateName = "DuplicateName"
    case invalidName = "InvalidName"
    case reservedName = "ReservedName"
    case lowercaseTypeName = "LowercaseTypeName"
    case noControlStates = "NoControlStates"
    case initialOrFinalWithoutStates = "InitialOrFinalWithoutStates"
    case unknownState = "UnknownState"
    case unknownEvent = "UnknownEvent"
    case unknownSendID = "UnknownSendID"
    case sendWithOtherEvent = "SendWithOtherEvent"
    case sendKeyWithoutSend = "SendKeyWithoutSend"
    case unknownInput = "UnknownInput"
    case fairnessNotInput = "FairnessNotInput"
    case tooManyFairInputs = "TooManyFairInputs"
    case scriptEmitsNonInput = "ScriptEmitsNonInput"
    case unknownDataField = "UnknownDataField"
    case notAnArray = "NotAnArray"
    case arrayWithoutIndex = "ArrayWithoutIndex"
    case indexOutsideArray = "IndexOutsideArray"
    case indexReadsWrittenArray = "IndexReadsWrittenArray"
    case unknownPayloadField = "UnknownPayloadField"
    case missingPayloadValues = "MissingPayloadValues"
    case unknownGear = "UnknownGear"
    case unknownGearEvent = "UnknownGearEvent"
    case initialValueMismatch = "InitialValueMismatch"
    case initialValueNotACase = "InitialValueNotACase"
    case rangeOnNonNumeric = "RangeOnNonNumeric"
    case rangeBoundMismatch = "RangeBoundMismatch"
    case emptyRange = "EmptyRange"
    case initialOutsideRange = "InitialOutsideRange"
    case payloadValueMismatch = "PayloadValueMismatch"
    case constantValueMismatch = "ConstantValueMismatch"
    case catchWithAfter = "CatchWithAfter"
    case catchWithEffect = "CatchWithEffect"
    case nonPositivePeriod = "NonPositivePeriod"
    case negativeDelay = "NegativeDelay"

    // MARK: Expressions and templates
    case unexpectedCharacter = "UnexpectedCharacter"
    case assignmentInExpression = "AssignmentInExpression"
    case singleAmpersand = "SingleAmpersand"
    case singleVerticalBar = "SingleVerticalBar"
    case unterminatedString = "UnterminatedString"
    case unknownEscape = "UnknownEscape"
    case expressionTooDeep = "ExpressionTooDeep"
    case propertySyntax = "PropertySyntax"
    case emptyExpression = "EmptyExpression"
    case expectedExpression = "ExpectedExpression"
    case unexpectedAfterExpression = "UnexpectedAfterExpression"
    case expectedColon = "ExpectedColon"
    case unclosedParenthesis = "UnclosedParenthesis"
    case unclosedCall = "UnclosedCall"
    case unclosedIndex = "UnclosedIndex"
    case expectedCaseName = "ExpectedCaseName"
    case doubleLiteralTooLarge = "DoubleLiteralTooLarge"
    case typeMismatch = "TypeMismatch"
    case notACase = "NotACase"
    case unknownEnumCase = "UnknownEnumCase"
    case ambiguousEnumCase = "AmbiguousEnumCase"
    case stateWithoutStates = "StateWithoutStates"
    case eventNotAValue = "EventNotAValue"
    case unknownName = "UnknownName"
    case unquotedString = "UnquotedString"
    case eventFieldsUnavailable = "EventFieldsUnavailable"
    case unknownEventField = "UnknownEventField"
    case invalidUnaryOperand = "InvalidUnaryOperand"
    case invalidOperands = "InvalidOperands"
    case mixedConcatenation = "MixedConcatenation"
    case nonBoolOperand = "NonBoolOperand"
    case incomparableTypes = "IncomparableTypes"
    case unorderableTypes = "UnorderableTypes"
    case nonBoolCondition = "NonBoolCondition"
    case branchTypeMismatch = "BranchTypeMismatch"
    case unknownFunction = "UnknownFunction"
    case wrongArgumentCount = "WrongArgumentCount"
    case nonNumericArgument = "NonNumericArgument"
    case nonStringArgument = "NonStringArgument"
    case mixedDurationArguments = "MixedDurationArguments"
    case unmatchedBrace = "UnmatchedBrace"
    case unclosedBrace = "UnclosedBrace"
    case emptyTemplateHole = "EmptyTemplateHole"

    // MARK: What the analyzer finds
    case unreachableState = "UnreachableState"
    case noWayOut = "NoWayOut"
    case shadowedTransition = "ShadowedTransition"
    case alwaysFalseGuard = "AlwaysFalseGuard"
    case transitionFromDeadState = "TransitionFromDeadState"
    case neverEmittedEvent = "NeverEmittedEvent"
    case effectWithoutSimulate = "EffectWithoutSimulate"
    case propagateNeverCaught = "PropagateNeverCaught"
    case caughtNeverPropagated = "CaughtNeverPropagated"

    // MARK: Statecharts: nested and parallel states, actions, completion
    case bothStatesAndParallel = "BothStatesAndParallel"
    case statesTooDeep = "StatesTooDeep"
    case unknownHistory = "UnknownHistory"
    case actionWithWithoutEvent = "ActionWithWithoutEvent"
    case emptyAction = "EmptyAction"
    case conditionalWithoutThen = "ConditionalWithoutThen"
    case conditionalWithoutIf = "ConditionalWithoutIf"
    case stateWithoutChildren = "StateWithoutChildren"
    case initialNotAChild = "InitialNotAChild"
    case initialWithoutChildren = "InitialWithoutChildren"
    case historyOnNonCompound = "HistoryOnNonCompound"
    case historyDefaultOutside = "HistoryDefaultOutside"
    case initialTargetsConflict = "InitialTargetsConflict"
    case deferredEventLimit = "DeferredEventLimit"
    case rowOnDeferredEvent = "RowOnDeferredEvent"
    case initialWithoutTarget = "InitialWithoutTarget"
    case finalNotAChild = "FinalNotAChild"
    case finalInParallel = "FinalInParallel"
    case nestedSpinFinal = "NestedSpinFinal"
    case unknownCompletedState = "UnknownCompletedState"
    case completionNeverHappens = "CompletionNeverHappens"
    case tooManyConfigurations = "TooManyConfigurations"
    case tooManyMicrosteps = "TooManyMicrosteps"
    case payloadFieldOfNeither = "PayloadFieldOfNeither"
    case activeArgument = "ActiveArgument"
    case historyTargetWithoutHistory = "HistoryTargetWithoutHistory"
    case internalTargetOutside = "InternalTargetOutside"
    case internalWithoutCompoundSource = "InternalNeedsCompoundSource"
    case crossRegionTransition = "CrossRegionTransition"
    case eventlessCycle = "EventlessCycle"
    case raisedEventLimit = "RaisedEventLimit"

    // MARK: Faults of a run
    case integerOverflow = "IntegerOverflow"
    case divisionByZero = "DivisionByZero"
    case moduloByZero = "ModuloByZero"
    case nanToInt = "NaNToInt"
    case stringTooLong = "StringTooLong"
    case intConversionOverflow = "IntConversionOverflow"
    case durationOutOfRange = "DurationOutOfRange"
    case invalidTimerDuration = "InvalidTimerDuration"
    case effectNotBound = "EffectNotBound"
    case valueOutOfRange = "ValueOutOfRange"
    case indexOutOfRange = "IndexOutOfRange"
    case invariantViolated = "InvariantViolated"
    case propertyViolated = "PropertyViolated"
    case effectFailed = "EffectFailed"
    case effectTimeout = "EffectTimeout"
    case effectAnswerUnknownEvent = "EffectAnswerUnknownEvent"
    case effectAnswerInvalidField = "EffectAnswerInvalidField"
    case effectAnswerUnknownField = "EffectAnswerUnknownField"
    case internalError = "InternalError"

    // MARK: Limits of a run
    case stepLimit = "StepLimit"
    case timeLimit = "TimeLimit"
    case queueLimit = "QueueLimit"
    case livelock = "Livelock"

    // MARK: spinrun's command line and inputs
    case exclusiveOptions = "ExclusiveOptions"
    case specFileCount = "SpecFileCount"
    case optionOutOfRange = "OptionOutOfRange"
    case unknownDiagnosticGroup = "UnknownDiagnosticGroup"
    case unknownSpin = "UnknownSpin"
    case untilSpansSpins = "UntilSpansSpins"
    case specWithoutSpins = "SpecWithoutSpins"
    case invalidEventOption = "InvalidEventOption"
    case missingEventName = "MissingEventName"
    case timeNotAllowed = "TimeNotAllowed"
    case inputInThePast = "InputInThePast"
    case payloadNotJSON = "PayloadNotJSON"
    case payloadFieldType = "PayloadFieldType"
    case unknownInputEvent = "UnknownInputEvent"
    case noSpinHasEvent = "NoSpinHasEvent"
    case notAnInput = "NotAnInput"
    case inputInvalidField = "InputInvalidField"
    case inputUnknownField = "InputUnknownField"
    case eventsFileTooLarge = "EventsFileTooLarge"
    case inputLineTooLong = "InputLineTooLong"
    case inputAfterFinal = "InputAfterFinal"
    case dataFieldReadType = "DataFieldReadType"
    case replayNotJSONLines = "ReplayNotJSONLines"
    case replayDiverged = "ReplayDiverged"
    case notASpinTrail = "NotASpinTrail"
    case trailNotOfSpec = "TrailNotOfSpec"
    case spinNotFound = "SpinNotFound"
    case spinFailed = "SpinFailed"
    case graphvizNotFound = "GraphvizNotFound"
    case graphvizFailed = "GraphvizFailed"
    case htmlNotWritten = "HTMLNotWritten"
    case diagnosticsNotShown = "DiagnosticsNotShown"

    // MARK: What spinrun --check finds
    case payloadWithoutValues = "PayloadWithoutValues"
    case tooManyPayloads = "TooManyPayloads"
    case deadEnd = "DeadEnd"
    case neverSettles = "NeverSettles"
    case stateNeverReached = "StateNeverReached"
    case rowNeverFires = "RowNeverFires"
    case ruleNeverActs = "RuleNeverActs"
    case stateLimit = "StateLimit"
    case memoryLimit = "MemoryLimit"
    case depthLimit = "DepthLimit"
    case moveRunLimit = "MoveRunLimit"
    case checkOutOfMemory = "CheckOutOfMemory"
    case counterexampleNotWritten = "CounterexampleNotWritten"
    case notExportable = "NotExportable"

    /// The name printed with the message and taken by `spinrun --explain`.
    public var name: String { rawValue }

    /// `[#UnknownEvent]`, as printed at the end of the message line.
    public var tag: String { "[#\(rawValue)]" }

    /// The message with the catalog's template filled with `values`.
    public func message(_ values: KeyValuePairs<String, any CustomStringConvertible> = [:]) -> String {
        DiagnosticEntry.fill(entry.message, values)
    }

    /// The catalog's hint filled with `values`, or nil when the entry has none.
    public func hint(_ values: KeyValuePairs<String, any CustomStringConvertible> = [:]) -> String? {
        entry.hint.map { DiagnosticEntry.fill($0, values) }
    }

    // The examples below share a few small specs; each is complete, so that it can be pasted into a
    // file and checked (`CatalogTests` does).
    /// What the catalog says about this group (built once for all groups: some examples are
    /// written by functions, and diagnostics read their templates here).
    public var entry: DiagnosticEntry {
        Self.entries[self] ?? catalogEntry
    }

    private static let entries = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.catalogEntry) })

    /// The catalog: one entry for each group.
    private var catalogEntry: DiagnosticEntry {
        switch self {
        // MARK: Files and YAML
        case .fileNotFound:
            return .error(
                "cannot read '{path}': no such file", hint: "check the path; a relative path starts from the current directory",
                explanation: "The spec file (or an events or trace file given to spinrun) does not exist at that path.",
                wrong: "spinrun --validate Specs/turnstyle.yaml",
                right: "spinrun --validate Specs/turnstile.yaml",
                origin: .command)
        case .specIsDirectory:
            return .error(
                "'{path}' is a directory, not a spec file", hint: "give the path of a .yaml or .json spec file",
                explanation: "The path names a directory. spinrun reads one spec file per path; a shell glob such as Specs/*.yaml names each file.",
                wrong: "spinrun --validate Specs",
                right: "spinrun --validate Specs/turnstile.yaml",
                origin: .command)
        case .permissionDenied:
            return .error(
                "cannot read '{path}': permission denied",
                explanation: "The file exists but the user running spinrun may not read it.",
                wrong: "chmod 000 spec.yaml; spinrun --validate spec.yaml",
                right: "chmod 644 spec.yaml; spinrun --validate spec.yaml",
                origin: .unreproducible("tests may run as root, who reads every file"))
        case .fileUnreadable:
            return .error(
                "cannot read '{path}'",
                explanation: "The file could not be read: it does not exist, it is not a regular file, or reading it failed. For a spec file, the checks before reading say which; an events file (--events) or a recorded trace (--replay) is reported with this message alone.",
                wrong: "spinrun --events missing.events Specs/turnstile.yaml",
                right: "spinrun --events Tests/SpinrunTests/Fixtures/coins.events Specs/turnstile.yaml",
                origin: .command)
        case .symbolicLinkLoop:
            return .error(
                "cannot read '{path}': too many levels of symbolic links", hint: "a symbolic link on the path leads back to itself; point it at the spec file",
                explanation: "Following the path's symbolic links goes round in a loop (a link to itself, or two links to each other), so no file is reached.",
                wrong: "spinrun --validate Tests/SpinrunTests/Fixtures/hostile/link-loop.yaml",
                right: "spinrun --validate Specs/turnstile.yaml",
                origin: .command)
        case .nothingToRead:
            return .error(
                "nothing could be read from '{path}': it is not a regular file, and it ended at once",
                hint: "a pipe gives what its writer wrote: start the program that writes the spec first, or give a regular file",
                explanation: "The path names a pipe (a named pipe, /dev/stdin fed by a pipe) or a device, which gave no bytes: nothing writes to the named pipe, the writer closed it without writing, or the device (such as /dev/null) is empty. spinrun does not wait for a writer that may never come.",
                wrong: "spinrun --validate /dev/null",
                right: "spinrun --validate Specs/turnstile.yaml",
                origin: .command)
        case .specTooLarge:
            return .error(
                "input is {size} bytes, more than the limit of {limit} bytes",
                hint: "raise the limit if the file really is this large: spinrun --max-spec-bytes N (YAMLLimits.maxBytes)",
                explanation: "The file is larger than the limit on spec size, so it is refused before it is read into memory. The limit guards against runaway or hostile input; the default (64 MiB) is far above any hand-written spec.",
                wrong: "spinrun --max-spec-bytes 100 --validate Specs/turnstile.yaml",
                right: "spinrun --validate Specs/turnstile.yaml",
                origin: .command)
        case .yamlOutOfMemory:
            return .error(
                "out of memory while {activity}",
                explanation: "libyaml could not allocate memory while reading the spec. The other limits (--max-spec-bytes, --max-alias-nodes, --max-depth) normally stop a document long before this.",
                wrong: "A spec so large that the machine runs out of memory while it is parsed.",
                right: "A spec within the limits, on a machine with memory to spare.",
                origin: .unreproducible("it needs the machine to run out of memory"))
        case .invalidUTF8:
            return .error(
                "invalid UTF-8: {problem}", hint: "save the file as UTF-8",
                explanation: "A spec is text in UTF-8. The byte named is not part of a valid UTF-8 character, which usually means the file was saved in another encoding (Latin-1, UTF-16).",
                wrong: "A spec saved as Latin-1, whose 'é' is the single byte 0xE9.",
                right: "The same spec saved as UTF-8, where 'é' is the two bytes 0xC3 0xA9.",
                origin: .unreproducible("the bytes of the wrong example cannot be written in a Swift string"))
        case .yamlReaderError:
            return .error(
                "YAML reader error: {problem}",
                explanation: "The file holds a character YAML does not allow in a document, such as a control character other than tab, newline and carriage return.",
                wrong: "A spec with a NUL or BEL (U+0007) byte pasted into a name.",
                right: "The same spec without the control character.",
                origin: .unreproducible("the example's control character would be printed raw by --explain"))
        case .tabIndentation:
            return .error(
                "YAML syntax error: tab character used for indentation",
                hint: "indent with spaces; YAML does not allow tabs for indentation",
                explanation: "YAML indents with spaces only; a tab at the start of a line is a syntax error. Tabs are allowed inside a line.",
                wrong: "spin: Counter\ndata:\n\tcount: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
                right: Example.counter)
        case .unclosedQuotedScalar:
            return .error(
                "YAML syntax error: {problem}", hint: "the quoted scalar opened at line {line}:{column} is never closed",
                explanation: "A quoted string has no closing quote, so YAML reads to the end of the file looking for it. The hint names where the string opens.",
                wrong: """
                    spin: Counter
                    description: "counts ticks
                    data:
                      count: 0
                    events: [tick]
                    inputs: [tick]
                    transitions:
                      - { on: tick, set: { count: count + 1 } }
                    """,
                right: """
                    spin: Counter
                    description: "counts ticks"
                    data:
                      count: 0
                    events: [tick]
                    inputs: [tick]
                    transitions:
                      - { on: tick, set: { count: count + 1 } }
                    """)
        case .yamlSyntax:
            return .error(
                "YAML syntax error: {problem}",
                explanation: "The file is not well-formed YAML; libyaml's message says what it expected and where. Common causes: a missing ',' or ']' in a flow list, a ':' inside an unquoted value, or wrong indentation.",
                wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
                right: Example.counter)
        case .multipleDocuments:
            return .error(
                "a spec file holds one YAML document",
                hint: "remove the '---' separator or move the second document into its own file",
                explanation: "A '---' line starts a second YAML document. A spec file is one document; several spins go under 'spins:' in that one document.",
                wrong: Example.counter + "\n---\nspin: Other",
                right: Example.counter)
        case .nestingTooDeep:
            return .error(
                "nesting deeper than {limit} levels",
                hint: "raise the limit if the document really nests this deep: spinrun --max-depth N (YAMLLimits.maxDepth)",
                explanation: "Mappings and lists are nested deeper than the limit. No spec needs more than a few levels; the limit (default 512) keeps hostile input from exhausting the stack.",
                wrong: "spinrun --max-depth 2 --validate Specs/turnstile.yaml",
                right: "spinrun --validate Specs/turnstile.yaml",
                origin: .command)
        case .recursiveAlias:
            return .error(
                "recursive alias '*{name}'", hint: "an alias cannot refer to a collection that contains it",
                explanation: "An alias ('*name') inside the collection its anchor ('&name') marks would make an infinite document.",
                wrong: "spin: Counter\ndata: &fields\n  count: 0\n  copy: *fields\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
                right: Example.counter)
        case .undefinedAlias:
            return .error(
                "undefined alias '*{name}'", hint: "define the anchor with '&{name}' before the alias uses it",
                explanation: "An alias ('*name') repeats the node marked with the anchor '&name', which must come before it in the file.",
                wrong: """
                    spin: Lamp
                    states: [off, on]
                    events: [toggle]
                    inputs: [toggle]
                    transitions:
                      - { from: off, on: toggle, to: on }
                      - { from: on, on: *toggle, to: off }
                    """,
                right: Example.lamp)
        case .aliasExpansionLimit:
            return .error(
                "alias expansion exceeds the limit of {limit} nodes (possible alias bomb)",
                hint: "raise the limit if the document really is this large: spinrun --max-alias-nodes N (YAMLLimits.maxNodes)",
                explanation: "Aliases repeat the nodes their anchors mark; nested, a few lines can stand for billions of nodes (an 'alias bomb'). The nodes aliases expand to are counted and limited (default 1,000,000).",
                wrong: """
                    spin: Counter
                    description: &a [x, x, x, x, x, x, x, x, x, x]
                    render: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
                    script: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
                    states: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
                    inputs: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
                    events: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
                    """,
                right: Example.counter)
        case .complexMappingKey:
            return .error(
                "mapping keys must be scalars", hint: "use a plain name as the key; complex keys such as '[a, b]: x' are not supported",
                explanation: "YAML allows a list or a mapping as a key; a spec's keys are names.",
                wrong: "spin: Counter\ndata:\n  [count, total]: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
                right: Example.counter)
        case .keyTooLong:
            return .error(
                "a key of {length} characters is longer than YAML allows",
                hint: "YAML limits a key to 1024 characters: a longer one is read as a value, and the ':' after it is a syntax error; shorten the name",
                explanation: "YAML (and libyaml, which reads specs) allows a mapping key of at most 1024 characters written without '?'. A longer key is read as a plain value, and the ':' that follows it is then reported as \"mapping values are not allowed in this context\", or in a flow mapping as a missing ',' or '}'. This error points at the key instead. Names that long are generated by mistake: no spec needs one.",
                wrong: "spin: Counter\ndata:\n  " + String(repeating: "c", count: 1100) + ": 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick }",
                right: Example.counter)
        case .duplicateKey:
            return .error(
                "duplicate key '{key}'", hint: "first defined at line {line}:{column}",
                explanation: "A key appears twice in one mapping. YAML would keep one of the values silently; a spec reports it, since one of the two is a mistake.",
                wrong: Example.counter(count: "0\n  count: 1"),
                right: Example.counter)
        case .unsupportedTag:
            return .error(
                "unsupported YAML tag '{tag}'",
                hint: "remove the tag; a spec understands only the core schema's !!str, !!int, !!float, !!bool, !!null, !!seq and !!map",
                explanation: "A YAML tag says what type a value is. A spec's values are strings, numbers, booleans, lists and mappings, so only the YAML core schema's tags mean anything in one; any other tag (!!binary, !!timestamp, a custom !tag) is refused rather than silently ignored, since ignoring it would read the value as something other than what its author said it is.",
                wrong: Example.counter(count: "!!binary AAAA"),
                right: Example.counter)
        case .tagMismatch:
            return .error(
                "{kind} is not a value of tag '{tag}'",
                hint: "drop the tag, or write a value of its type",
                explanation: "A core schema tag is honoured: !!int \"5\" is the int 5, !!str 42 the string \"42\". A value the tag does not fit (!!int on 'abc', !!seq on a scalar) is an error rather than being read some other way.",
                wrong: Example.counter(count: "!!int zero"),
                right: Example.counter(count: "!!int \"0\""))
        case .integerLiteralTooLarge:
            return .error(
                "integer literal '{value}' does not fit in a 64-bit integer",
                hint: "integers range from -9223372036854775808 to 9223372036854775807; write a double such as 1e19 if one is meant",
                explanation: "Integers are 64-bit; a literal outside their range (in data or in an expression) is refused rather than rounded or wrapped.",
                wrong: Example.counter(count: "99999999999999999999"),
                right: Example.counter)

        // MARK: The shape of a spec
        case .emptySpec:
            return .error(
                "the spec is empty", hint: "start with 'spin: Name' or 'spins:'",
                explanation: "The file holds no YAML document (it is empty, or only comments).",
                wrong: "# a counter, to be written",
                right: Example.counter)
        case .specNotMapping:
            return .error(
                "a spec must be a mapping with 'spin' or 'spins' at the top",
                explanation: "The document is a list or a single value; a spec is a mapping of keys such as 'spin', 'states' and 'transitions'.",
                wrong: "- spin: Counter\n- data: { count: 0 }",
                right: Example.counter)
        case .spinAndSpins:
            return .error(
                "a spec has both 'spin' and 'spins'", hint: "use 'spin: Name' for a file with one spin, or 'spins:' for several",
                explanation: "'spin: Name' makes the file one spin whose keys are at the top level; 'spins:' maps several spin names to their bodies. A file is one or the other.",
                wrong: Example.counter + "\nspins:\n  Other:\n    events: [tick]",
                right: Example.counter)
        case .missingSpin:
            return .error(
                "a spec needs 'spin: Name' (one spin) or 'spins:' (several)",
                explanation: "Nothing names the spin: a single-spin file starts with 'spin: Name'.",
                wrong: "data:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
                right: Example.counter)
        case .noSpins:
            return .error(
                "'spins' declares no spin", hint: "add 'Name:' followed by the spin's keys",
                explanation: "'spins:' is an empty mapping, so the file describes nothing.",
                wrong: "spins: {}",
                right: "spins:\n  Counter:\n    data:\n      count: 0\n    events: [tick]\n    inputs: [tick]\n    transitions:\n      - { on: tick, set: { count: count + 1 } }")
        case .wrongValueKind:
            return .error(
                "expected {expected} {role}, found {found}",
                explanation: "A key holds the wrong kind of YAML value: a list where a mapping belongs, a mapping where a name belongs, nothing where a value is needed. The message says what the key takes.",
                wrong: "spin: Counter\ndata: [count]\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick }",
                right: Example.counter)
        case .expressionCutByComma:
            return .error(
                "the expression for '{field}' was cut at a comma: YAML read '{text}' as {count} entries of the mapping",
                hint: "quote the expression: {field}: \"{text}\"",
                explanation: "In a flow mapping (`{ … }`) a comma ends an entry, even inside an expression's parentheses: `set: { credit: min(credit + 5, 100) }` is read as `credit: min(credit + 5` and a key `100)` with no value. Quote an expression that holds a comma.",
                wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: min(count + 1, 10) } }",
                right: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: \"min(count + 1, 10)\" } }")
        case .unknownKey:
            return .error(
                "unknown key '{key}' {context}", hint: "the keys allowed here are {allowed}",
                explanation: "The key is not one the language knows at that place, often a misspelling: the hint names the nearest key, or lists the keys allowed there.",
                wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, sett: { count: count + 1 } }",
                right: Example.counter)
        case .invalidDuration:
            return .error(
                "invalid duration '{text}'", hint: "write a whole or decimal number (no exponent, below 2^63 milliseconds) followed by ms, s, m or h, e.g. 300ms or 1.5s",
                explanation: "A duration (in 'after', 'every', a script's 'at', or spinrun's --max-time and events files) is a decimal number and a unit: ms, s, m or h.",
                wrong: Example.counterWithScript(at: "1 second"),
                right: Example.counterWithScript(at: "1s"))
        case .invalidSize:
            return .error(
                "invalid size '{text}'", hint: "write a whole number of bytes, or one with K, M or G after it (1024-based), e.g. 512M or 2G",
                explanation: "A size (spinrun's --max-memory) is a whole number of bytes, or a number with a unit: K, M or G (also KB/KiB, MB/MiB, GB/GiB), each 1024 times the one before.",
                wrong: "spinrun --check --max-memory lots Specs/turnstile-checked.yaml",
                right: "spinrun --check --max-memory 512M Specs/turnstile-checked.yaml",
                origin: .command)
        case .fractionalDuration:
            return .error(
                "duration '{text}' is not a whole number of milliseconds", hint: "durations are counted in whole milliseconds, e.g. 1.5s or 1500ms",
                explanation: "Time is counted in whole milliseconds, so a duration must come to one: 1.5s is 1500ms, but 0.5ms is not whole.",
                wrong: Example.counterWithScript(at: "0.5ms"),
                right: Example.counterWithScript(at: "1ms"))
        case .invalidGearEvent:
            return .error(
                "expected 'gear.event' for '{key}', found '{value}'", hint: "name the gear and its event with a dot between, e.g. 'auth.loggedIn'",
                explanation: "'catch' and 'propagate' name an event of a gear as gear.event.",
                wrong: Example.gears(propagate: "ping"),
                right: Example.gears(propagate: "bus.ping"))
        case .dataFieldWithoutValue:
            return .error(
                "data field '{field}' needs an initial value", hint: "write one after the colon, e.g. '{field}: 0'",
                explanation: "A data field written 'name: value' takes its type from its initial value; with nothing after the colon there is neither.",
                wrong: "spin: Counter\ndata:\n  count:\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
                right: Example.counter)
        case .dataFieldWithoutInitial:
            return .error(
                "data field '{field}' needs an initial value", hint: "add 'initial:' with the field's value at the start",
                explanation: "A data field written in the long form '{ type: …, initial: … }' needs its value at the start; only an enum field defaults to its first value.",
                wrong: Example.counter(count: "{ type: int }"),
                right: Example.counter(count: "{ type: int, initial: 0 }"))
        case .arraySize:
            return .error(
                "'size' of data field '{field}' must be a whole number from 1 to {limit}, found {found}",
                explanation: "'size: N' makes a data field an array of N elements, read as 'name[i]' and written as 'set: { name[i]: … }', i from 0 to N-1. Each element is a field of its own: a write at an index computed at run time assigns each of them, so the size is bounded.",
                wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 0, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[next]': true, next: 1 - next } }",
                right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[next]': true, next: 1 - next } }")
        case .arrayInitialCount:
            return .error(
                "'initial' of data field '{field}' lists {count} values; the field has {elements}",
                hint: "give one value for every element, or one value for all of them ('initial: false')",
                explanation: "An array field's 'initial' is one value, which every element starts with, or a list of one value per element, in order.",
                wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: [false] }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[next]': true, next: 1 - next } }",
                right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: [false, true] }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[next]': true, next: 1 - next } }")
        case .constantWithoutValue:
            return .error(
                "constant '{name}' needs a value", hint: "write it after the colon, e.g. '{name}: 3', or as '{ type: …, value: … }'",
                explanation: "A constant under 'constants:' is a name for a value written once for the whole file; it needs that value.",
                wrong: Example.counterWithConstant("limit:"),
                right: Example.counterWithConstant("limit: 10"))
        case .emptyType:
            return .error(
                "type '{type}' has no cases", hint: "list its cases, e.g. {type}: [small, large]",
                explanation: "A type under 'types:' is an enumeration shared by the file's spins; a value of it is one of its cases, so it needs at least one.",
                wrong: Example.vending(types: "Item: []"),
                right: Example.vending(types: "Item: [cola, water]"))
        case .unknownType:
            return .error(
                "unknown type '{type}' {context}", hint: "the types are int, double, bool, string, duration, enum, and the types declared under 'types:'",
                explanation: "The types of data fields, payload fields and constants are int, double, bool, string, duration, enum (with 'values'), and the enumerations declared under 'types:' at the top of the file, whose names are capitalized.",
                wrong: Example.counter(count: "{ type: integer, initial: 0 }"),
                right: Example.counter(count: "{ type: int, initial: 0 }"))
        case .missingFieldType:
            return .error(
                "{kind} field '{field}' has no 'type'", hint: "add 'type:' with one of int, double, bool, string, duration, enum, or a type of 'types:'",
                explanation: "The long form of a data or payload field ('{ … }') must say its type.",
                wrong: Example.counter(count: "{ initial: 0 }"),
                right: Example.counter(count: "{ type: int, initial: 0 }"))
        case .enumWithoutValues:
            return .error(
                "enum {kind} field '{field}' needs 'values'", hint: "list its cases, e.g. values: [heat, cool, off]",
                explanation: "An enum field's cases are listed in 'values'.",
                wrong: Example.heater(mode: "{ type: enum }", set: ".off"),
                right: Example.heater(mode: "{ type: enum, values: [heat, off] }", set: ".off"))
        case .emptyEnum:
            return .error(
                "enum {kind} field '{field}' has no values", hint: "list its cases, e.g. values: [heat, cool, off]",
                explanation: "An enum needs at least one case: a field must always hold one of them.",
                wrong: Example.heater(mode: "{ type: enum, values: [] }", set: ".off"),
                right: Example.heater(mode: "{ type: enum, values: [heat, off] }", set: ".off"))
        case .valuesWithoutEnum:
            return .error(
                "{kind} field '{field}' has 'values' but is not an enum", hint: "write 'type: enum' or remove 'values'",
                explanation: "'values' lists the cases of an enum; a field of another type has no cases.",
                wrong: Example.heater(mode: "{ type: string, values: [heat, off], initial: off }", set: "'\"off\"'"),
                right: Example.heater(mode: "{ type: enum, values: [heat, off], initial: off }", set: ".off"))
        case .rangeNotAPair:
            return .error(
                "'range' of data field '{field}' must be a list of two numbers",
                hint: "write the lowest and the highest value, e.g. range: [0, 100]",
                explanation: "'range: [lo, hi]' bounds an int or double field: it is a list of exactly two numbers, the lowest and the highest value the field may hold.",
                wrong: Example.counter(count: "{ type: int, initial: 0, range: [0] }"),
                right: Example.counter(count: "{ type: int, initial: 0, range: [0, 100] }"))
        case .emptyPayloadValues:
            return .error(
                "payload field '{field}' has no values", hint: "list the payloads to try, e.g. values: [10, 25]",
                explanation: "'values' on a payload field lists the payloads spinrun --check tries for that input; an empty list would leave the input nothing to send.",
                wrong: Example.payloadCounter.replacingOccurrences(of: "{ amount: int }", with: "{ amount: { type: int, values: [] } }"),
                right: Example.payloadCounter.replacingOccurrences(of: "{ amount: int }", with: "{ amount: { type: int, values: [1, 5] } }"))
        case .transitionWithoutEvent:
            return .error(
                "'on' lists no event", hint: "name the events that fire the row, or leave 'on' out for a row taken as soon as its guard holds",
                explanation: "'on' names the event of a row, or lists several (on: [coinA, coinB]); an empty list names none. A row without 'on' is eventless: it is taken as soon as its guard holds (docs/statecharts.md, rule 10).",
                wrong: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: [], to: on }"),
                right: Example.lamp)
        case .timedRowWithEvent:
            return .error(
                "a timed row has both 'after' and 'on' '{event}'", hint: "leave 'on' out: a timed row fires when its state has been active for 'after'; or leave 'after' out for a row on '{event}'",
                explanation: "A row with 'after' (no 'on') fires when its 'from' state has been active for the duration: armed when the state is entered, disarmed when it is exited (docs/statecharts.md, rule 17). It is not on an event.",
                wrong: Example.lamp(replacing: "- { from: on, on: toggle, to: off }", with: "- { from: on, on: toggle, after: 5s, to: off }"),
                right: Example.lamp(replacing: "- { from: on, on: toggle, to: off }", with: "- { from: on, after: 5s, to: off }"))
        case .timedRowSource:
            return .error(
                "a timed row needs one 'from' state, the state whose time it counts", hint: "write 'from: S' with one state; a row per state for several",
                explanation: "A row with 'after' fires when its 'from' state has been active for the duration, counted from that state's entry: it names exactly one state (a compound or parallel one counts from its own entry), not 'any' nor a list (docs/statecharts.md, rule 17).",
                wrong: Example.lamp(replacing: "- { from: on, on: toggle, to: off }", with: "- { from: [off, on], after: 5s, to: off }"),
                right: Example.lamp(replacing: "- { from: on, on: toggle, to: off }", with: "- { from: on, after: 5s, to: off }"))
        case .scriptStepWithoutTime:
            return .error(
                "script step has no 'at' time", hint: "add 'at:' with a time such as 1s",
                explanation: "Each step of a script says when its input is emitted, counted from the start of the run.",
                wrong: Example.counter + "\nscript:\n  - { emit: tick }",
                right: Example.counterWithScript(at: "0s"))
        case .scriptStepWithoutEvent:
            return .error(
                "script step has no 'emit' event", hint: "add 'emit:' with the input event",
                explanation: "Each step of a script emits one input event, named by 'emit'.",
                wrong: Example.counter + "\nscript:\n  - { at: 1s }",
                right: Example.counterWithScript(at: "1s"))
        case .emptyFeedbackRule:
            return .error(
                "feedback rule '{rule}' has no cases", hint: "add a rule such as '{ when: …, emit: … }'",
                explanation: "A feedback rule written as a list holds its cases; an empty list is a rule that does nothing.",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: []",
                right: Example.counter + "\nfeedbacks:\n  ticker:\n    - { when: count < 3, emit: tick }")
        case .secondTrigger:
            return .error(
                "feedback rule '{rule}' has a second trigger '{key}' (it already has {first})",
                hint: "use at most one of when, becomes, changes, enter, catch; only 'in' combines with 'when'",
                explanation: "A rule acts on one trigger: when, becomes, changes, enter or catch. Only 'in' (the states it acts in) combines with 'when'.",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, becomes: count == 0, emit: tick }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, emit: tick }")
        case .secondAction:
            return .error(
                "feedback rule '{rule}' has a second action '{key}' (it already has '{first}')",
                hint: "a rule does exactly one thing; split it into two rules",
                explanation: "A rule has one action: emit, choose, propagate, effect or render.",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, emit: tick, render: \"{count}\" }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, emit: tick }\n  show: { render: \"{count}\" }")
        case .ruleWithoutAction:
            return .error(
                "feedback rule '{rule}' has no action: add one of emit, choose, propagate, effect, render",
                explanation: "A rule without an action would do nothing when it fires.",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3 }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, emit: tick }")
        case .everyWithoutCondition:
            return .error(
                "'every' in feedback rule '{rule}' needs a 'when', 'becomes', 'enter' or 'in' trigger",
                hint: "'every' repeats the action while the trigger holds",
                explanation: "'every' repeats an action while a condition holds, so the rule needs one: 'when', 'becomes', 'enter' or 'in'. A rule on every state, on 'changes' or on a caught gear event has nothing to repeat while.",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { every: 1s, emit: tick }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, every: 1s, emit: tick }")
        case .withoutEmit:
            return .error(
                "'with' in feedback rule '{rule}' needs 'emit' or 'propagate'",
                hint: "'with' gives the payload of the event emitted or propagated; for 'choose', put it inside the choice it belongs to",
                explanation: "'with' gives the payload of the event a rule emits or propagates; other actions send no event.",
                wrong: Example.counter + "\nfeedbacks:\n  show: { render: \"{count}\", with: { count: 1 } }",
                right: Example.counter + "\nfeedbacks:\n  show: { render: \"{count}\" }")
        case .simulateWithoutEffect:
            return .error(
                "'simulate' in feedback rule '{rule}' needs 'effect'",
                explanation: "'simulate' stands in for a named effect that no host program binds; a rule without 'effect' has nothing to stand in for.",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, emit: tick, simulate: { after: 1s, emit: tick } }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, effect: fetch, simulate: { after: 1s, emit: tick } }")
        case .unknownStrategy:
            return .error(
                "unknown strategy '{strategy}'", hint: "use 'cancel' or 'continue'",
                explanation: "A rule's strategy says what a new trigger does to its pending action: 'cancel' (the default) or 'continue'.",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, after: 1s, strategy: keep, emit: tick }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, after: 1s, strategy: continue, emit: tick }")
        case .emptyChoose:
            return .error(
                "'choose' in feedback rule '{rule}' has no choices", hint: "add '{ weight: 1, emit: event }'",
                explanation: "'choose' picks one of its choices at random; it needs at least one.",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [] }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 1, emit: tick }] }")
        case .invalidWeight:
            return .error(
                "invalid weight '{weight}'", hint: "a weight is a positive integer, e.g. 'weight: 3'",
                explanation: "A choice's weight is its share of the draw: a positive integer.",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 0.5, emit: tick }] }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 1, emit: tick }] }")
        case .weightSumTooLarge:
            return .error(
                "the weights of the choices of rule '{rule}' add up to more than 9223372036854775807",
                hint: "only the weights' ratios matter: divide them by a common factor",
                explanation: "A choice is drawn with probability its weight divided by the sum of the weights, and the sum must be a 64-bit integer. Weights whose sum is larger would wrap around, and the draw would then always pick the same branch; such weights are refused at the one that makes the sum too large.",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 9223372036854775807, emit: tick }, { weight: 1, emit: tick }] }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 9223372036854775806, emit: tick }, { weight: 1, emit: tick }] }")
        case .choiceWithoutEmit:
            return .error(
                "choice has no 'emit' event", hint: "add 'emit:' with the event it feeds back",
                explanation: "Each choice of 'choose' emits one event.",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 1 }] }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, choose: [{ weight: 1, emit: tick }] }")
        case .simulateTwoOutcomes:
            return .error(
                "'simulate' of feedback rule '{rule}' has both '{first}' and '{key}'", hint: "keep one outcome: 'emit' or 'choose'",
                explanation: "A simulated effect answers with one event ('emit') or one chosen at random ('choose').",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, effect: fetch, simulate: { emit: tick, choose: [{ weight: 1, emit: tick }] } }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, effect: fetch, simulate: { emit: tick } }")
        case .simulateWithoutOutcome:
            return .error(
                "'simulate' of feedback rule '{rule}' has no outcome: add 'emit' or 'choose'",
                explanation: "A simulated effect answers with an event: 'emit' names it, or 'choose' picks one.",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, effect: fetch, simulate: { after: 1s } }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, effect: fetch, simulate: { after: 1s, emit: tick } }")
        case .simulateWithOnChoose:
            return .error(
                "'with' in 'simulate' of feedback rule '{rule}' needs 'emit'", hint: "put 'with' inside the choice it belongs to",
                explanation: "With 'choose', each choice carries its own payload in its own 'with'.",
                wrong: Example.payloadCounter + "\nfeedbacks:\n  adder: { when: count < 3, effect: fetch, simulate: { choose: [{ weight: 1, emit: add }], with: { amount: 1 } } }",
                right: Example.payloadCounter + "\nfeedbacks:\n  adder: { when: count < 3, effect: fetch, simulate: { choose: [{ weight: 1, emit: add, with: { amount: 1 } }] } }")

        // MARK: Names and references
        case .duplicateName:
            return .error(
                "duplicate {what} '{name}'", hint: "first declared at line {line}:{column}",
                explanation: "Two states, events, fields, spins or gears of one scope have the same name, so a reference to it would be ambiguous.",
                wrong: Example.lamp(replacing: "states: [off, on]", with: "states: [off, on, off]"),
                right: Example.lamp)
        case .invalidName:
            return .error(
                "invalid name '{name}' ({what})", hint: "a name is an ASCII letter or '_', then ASCII letters, digits or '_'",
                explanation: "Every name a spec declares (spins, gears, states, events, fields, cases, rules, effects, types, constants) is a letter or '_' followed by letters, digits or '_', all ASCII: what an expression can write (state == .in_progress, event.amount) and what the schema accepts. An event's name may be several such names joined by '.' (door.open), which rows match by prefix (on: door).",
                wrong: Example.counter(count: "0\n  max-count: 10"),
                right: Example.counter(count: "0\n  max_count: 10"))
        case .reservedName:
            return .error(
                "'{name}' cannot name a {what}: in expressions it means {meaning}", hint: "choose another name",
                explanation: "An expression reads a data field or a constant by its bare name, and 'state', 'event', 'true', 'false', 'and', 'or' and 'not' already mean something there: a field so named could never be read. Names with two leading underscores are those of the fields the language makes for itself (a send's pending event).",
                wrong: Example.counter(count: "0\n  state: 0"),
                right: Example.counter(count: "0\n  phase: 0"))
        case .lowercaseTypeName:
            return .error(
                "type name '{name}' must start with a capital letter",
                explanation: "The types declared under 'types:' are capitalized (Item, Size), which sets them apart from the built-in types (int, string, duration, …) and from fields.",
                wrong: Example.vending(types: "item: [cola, water]"),
                right: Example.vending(types: "Item: [cola, water]"))
        case .noControlStates:
            return .error(
                "spin '{spin}' has no control states", hint: "declare them with 'states: [{state}, …]'",
                explanation: "A transition names a control state ('from', 'to', 'enter', 'in') in a spin that declares none: a data-only spin has no states to move between.",
                wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, to: done, set: { count: count + 1 } }",
                right: Example.counter)
        case .initialOrFinalWithoutStates:
            return .error(
                "spin '{spin}' has no control states, so it has no {key} state", hint: "declare 'states' or remove '{key}'",
                explanation: "'initial' and 'final' name control states, which this spin does not declare.",
                wrong: "spin: Counter\ninitial: idle\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }",
                right: Example.counter)
        case .unknownState:
            return .error(
                "unknown state '{state}'",
                explanation: "The name is not one of the spin's 'states'; the hint names the nearest one when it is probably a misspelling.",
                wrong: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: toggle, to: onn }"),
                right: Example.lamp)
        case .unknownEvent:
            return .error(
                "unknown event '{event}'",
                explanation: "A transition's 'on', a rule's 'emit' or a script's 'emit' names an event the spin does not declare under 'events'; the hint names the nearest one when it is probably a misspelling.",
                wrong: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: toggel, to: on }"),
                right: Example.lamp)
        case .unknownSendID:
            return .error(
                "'cancel' names '{id}', the id of no send of this spin", hint: "name the 'id' of a send: a cancel stops the pending send of that id",
                explanation: "A cancel ({ cancel: X }) stops the pending sends whose 'id' is X (docs/statecharts.md, rule 20); a send without an 'id' cannot be cancelled.",
                wrong: Example.lampWithTimeout(cancelling: "autooff"),
                right: Example.lampWithTimeout(cancelling: "autoOff"))
        case .sendWithOtherEvent:
            return .error(
                "an action both sends '{event}' and {what} '{other}': its one 'with' cannot serve both", hint: "write the send as an action of its own",
                explanation: "'with' gives the payload of the one event an action sends, emits or propagates; an action that sends an event and emits or propagates another would give both the same payload (docs/statecharts.md, rule 20).",
                wrong: Example.lampWithTimeout(cancelling: "autoOff").replacingOccurrences(of: "send: timeout,", with: "send: timeout, emit: toggle,"),
                right: Example.lampWithTimeout(cancelling: "autoOff"))
        case .sendKeyWithoutSend:
            return .error(
                "'{key}' belongs to a send, and this action sends nothing", hint: "add 'send: EVENT', or leave '{key}' out",
                explanation: "'delay' and 'id' say when a send's event is delivered and how a cancel names it (docs/statecharts.md, rule 20); without 'send' they mean nothing.",
                wrong: Example.lampWithTimeout(cancelling: "autoOff").replacingOccurrences(of: "cancel: autoOff", with: "cancel: autoOff, delay: 1s"),
                right: Example.lampWithTimeout(cancelling: "autoOff"))
        case .fairnessNotInput:
            return .error(
                "'fairness' names '{event}', which is not an input of spin '{spin}'", hint: "name inputs only: the outside's choices are what fairness schedules",
                explanation: "A spin's 'fairness' names inputs that spinrun --check schedules fairly when it checks the properties: an input enabled for ever (weak) or again and again (strong) is taken at last. Events the spin emits itself are not chosen by the outside and cannot be named.",
                wrong: Example.lamp(replacing: "events: [toggle]", with: "events: [toggle, flash]") + "\nproperties:\n  lit: always eventually active(.on)\nfairness: { weak: [flash] }",
                right: Example.lamp + "\nproperties:\n  lit: always eventually active(.on)\nfairness: { weak: [toggle] }")
        case .tooManyFairInputs:
            return .error(
                "'fairness' names '{event}', one input more than the {limit} a spec may schedule fairly", hint: "name at most {limit} inputs in 'fairness', all spins together: the inputs a property needs to be taken at last",
                explanation: "spinrun --check follows each fairly scheduled input as one bit of a 64-bit word, so a spec's spins may name at most 64 inputs in 'fairness' between them (an input named both weak and strong counts once). Fairness beyond them would be ignored, and a property could be called violated that holds under it.",
                wrong: Example.manyInputs(65) + "\nproperties:\n  moves: always eventually count > 0\nfairness: { weak: [\(Example.inputNames(65))] }",
                right: Example.manyInputs(65) + "\nproperties:\n  moves: always eventually count > 0\nfairness: { weak: [\(Example.inputNames(64))] }")
        case .unknownInput:
            return .error(
                "unknown event '{event}' in the inputs of spin '{spin}'",
                explanation: "'inputs' lists which of the spin's declared events the outside may send; this one is not declared under 'events'.",
                wrong: Example.lamp(replacing: "inputs: [toggle]", with: "inputs: [toogle]"),
                right: Example.lamp)
        case .scriptEmitsNonInput:
            return .error(
                "the script emits '{event}', which is not an input of spin '{spin}'", hint: "add '{event}' to 'inputs'",
                explanation: "A script stands in for the outside world, which may only send the spin's inputs.",
                wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }\nscript:\n  - { at: 1s, emit: tick }",
                right: Example.counterWithScript(at: "1s"))
        case .unknownDataField:
            return .error(
                "unknown data field '{field}'",
                explanation: "'set' assigns the spin's data fields, declared under 'data'; this name is not one of them. (A host program reading a field by name, SpecSpinRuntime.data(_:), gets the same error.)",
                wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { cont: count + 1 } }",
                right: Example.counter)
        case .notAnArray:
            return .error(
                "'{name}' is not an array", hint: "only a data field declared with 'size' has elements to index",
                explanation: "'name[i]' reads or writes element i of an array data field, one declared with 'size: N'; this name is a field of one value (or a constant).",
                wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: 'next[0]', set: { 'flags[next]': true } }",
                right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: 'flags[0]', set: { 'flags[next]': true } }")
        case .arrayWithoutIndex:
            return .error(
                "'{name}' is an array of {count} elements; name one of them", hint: "write {name}[0] … {name}[{last}], or {name}[i] with an int expression i",
                explanation: "An array data field is read and written one element at a time: 'name[i]'. A whole array has no value of its own to compare or assign.",
                wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: not flags, set: { 'flags[next]': true } }",
                right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: 'not flags[0]', set: { 'flags[next]': true } }")
        case .indexOutsideArray:
            return .error(
                "index {index} is outside the {count} elements of '{array}'", hint: "the elements are {array}[0] … {array}[{last}]",
                explanation: "Elements are counted from 0: an array of N elements has elements 0 to N-1. An index written as a number is checked with the spec; one computed at run time is checked when it is evaluated ([#IndexOutOfRange]).",
                wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[2]': true } }",
                right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[1]': true } }")
        case .indexReadsWrittenArray:
            return .error(
                "the index of '{key}' reads '{array}', the array it writes",
                hint: "assign the index to a data field earlier in the same 'set', then write '{array}[thatField]'",
                explanation: "A write at an index computed at run time assigns every element of the array in turn, each keeping its value unless it is the one indexed; an index that reads the array would change as the elements are assigned. Compute it into a field first: 'set' assigns in order.",
                wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[flags[0] ? 1 : 0]': true } }",
                right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { next: 'flags[0] ? 1 : 0', 'flags[next]': true } }")
        case .unknownPayloadField:
            return .error(
                "event '{event}' has no payload field '{field}'",
                explanation: "'with' gives values to the payload fields the event declares; this one is not among them.",
                wrong: Example.payloadCounter + "\nfeedbacks:\n  adder: { when: count < 3, emit: add, with: { amount: 1, extra: 2 } }",
                right: Example.payloadCounter + "\nfeedbacks:\n  adder: { when: count < 3, emit: add, with: { amount: 1 } }")
        case .missingPayloadValues:
            return .error(
                "event '{event}' needs a value for {fields}", hint: "add 'with: { {pairs} }'",
                explanation: "An event is emitted with a value for each of its payload fields.",
                wrong: Example.payloadCounter + "\nfeedbacks:\n  adder: { when: count < 3, emit: add }",
                right: Example.payloadCounter + "\nfeedbacks:\n  adder: { when: count < 3, emit: add, with: { amount: 1 } }")
        case .unknownGear:
            return .error(
                "unknown gear '{gear}'", hint: "declare it under 'gears:' at the top level",
                explanation: "'catch' and 'propagate' name a gear declared under 'gears:' at the top level of a multi-spin file.",
                wrong: Example.gears(propagate: "bsu.ping"),
                right: Example.gears(propagate: "bus.ping"))
        case .unknownGearEvent:
            return .error(
                "gear '{gear}' has no event '{event}'", hint: "declare it in the gear's 'events'",
                explanation: "A gear carries only the events it declares.",
                wrong: Example.gears(propagate: "bus.pong"),
                right: Example.gears(propagate: "bus.ping"))
        case .initialValueMismatch:
            return .error(
                "initial value '{value}' of data field '{field}' is not {expected}",
                hint: "write a value of the field's type, or change its 'type'",
                explanation: "The long form of a data field names its type; its 'initial' value must be of that type (a bool is true or false).",
                wrong: Example.counter(count: "{ type: int, initial: zero }"),
                right: Example.counter(count: "{ type: int, initial: 0 }"))
        case .initialValueNotACase:
            return .error(
                "initial value '{value}' of data field '{field}' is not one of its values", hint: "use one of: {cases}",
                explanation: "An enum field starts as one of its cases.",
                wrong: Example.heater(mode: "{ type: enum, values: [heat, off], initial: cool }", set: ".off"),
                right: Example.heater(mode: "{ type: enum, values: [heat, off], initial: off }", set: ".off"))
        case .rangeOnNonNumeric:
            return .error(
                "data field '{field}' is a {type}, and only int and double fields have a 'range'",
                hint: "remove 'range', or declare the field 'type: int' or 'type: double'",
                explanation: "A range bounds a number: only int and double fields take 'range'. An enum's cases already bound it.",
                wrong: Example.heater(mode: "{ type: enum, values: [heat, off], initial: off, range: [0, 1] }", set: ".off"),
                right: Example.heater(mode: "{ type: enum, values: [heat, off], initial: off }", set: ".off"))
        case .rangeBoundMismatch:
            return .error(
                "bound '{value}' of the range of data field '{field}' is not {expected}", hint: "write both bounds as values of the field's type",
                explanation: "The bounds of a range are values of the field's type: an int field's range is two integers.",
                wrong: Example.counter(count: "{ type: int, initial: 0, range: [0, 9.5] }"),
                right: Example.counter(count: "{ type: int, initial: 0, range: [0, 9] }"))
        case .emptyRange:
            return .error(
                "the range of data field '{field}' is empty: its lower bound is above its upper bound",
                hint: "write the lower bound first, e.g. range: [0, 100]",
                explanation: "'range: [lo, hi]' holds the values from lo to hi; with lo above hi no value fits.",
                wrong: Example.counter(count: "{ type: int, initial: 0, range: [100, 0] }"),
                right: Example.counter(count: "{ type: int, initial: 0, range: [0, 100] }"))
        case .initialOutsideRange:
            return .error(
                "the initial value of data field '{field}' is outside its range {range}", hint: "widen the range or change the initial value",
                explanation: "A field stays within its range from the start: its initial value must lie in it too.",
                wrong: Example.counter(count: "{ type: int, initial: 0, range: [1, 100] }"),
                right: Example.counter(count: "{ type: int, initial: 1, range: [1, 100] }"))
        case .payloadValueMismatch:
            return .error(
                "value '{value}' of payload field '{field}' is not {expected}", hint: "write values of the field's type",
                explanation: "The 'values' of a payload field are payloads spinrun --check sends: each is a value of the field's type.",
                wrong: Example.payloadCounter.replacingOccurrences(of: "{ amount: int }", with: "{ amount: { type: int, values: [1, five] } }"),
                right: Example.payloadCounter.replacingOccurrences(of: "{ amount: int }", with: "{ amount: { type: int, values: [1, 5] } }"))
        case .constantValueMismatch:
            return .error(
                "value '{value}' of constant '{name}' is not {expected}",
                explanation: "A constant written in the long form '{ type: …, value: … }' must have a value of that type.",
                wrong: Example.counterWithConstant("limit: { type: int, value: ten }"),
                right: Example.counterWithConstant("limit: { type: int, value: 10 }"))
        case .catchWithAfter:
            return .error(
                "'after' cannot be used with 'catch'", hint: "catch the event into a state, and use 'enter' with 'after'",
                explanation: "A caught gear event is delivered at once; there is no state for a delay to wait in. Emit an event into the spin, and delay from the state it leads to.",
                wrong: Example.gears(propagate: "bus.ping", listen: "{ catch: bus.ping, after: 1s, emit: pinged }"),
                right: Example.gears(propagate: "bus.ping"))
        case .catchWithEffect:
            return .error(
                "a named effect cannot be triggered by 'catch'", hint: "catch the event into a state, and trigger the effect with 'enter'",
                explanation: "A named effect runs for a state of its spin (and is cancelled when it changes); a caught gear event is no state.",
                wrong: Example.gears(propagate: "bus.ping", listen: "{ catch: bus.ping, effect: log, simulate: { emit: pinged } }"),
                right: Example.gears(propagate: "bus.ping"))
        case .nonPositivePeriod:
            return .error(
                "the period of 'every' must be longer than 0ms",
                explanation: "'every: 0ms' would repeat the action without time passing, forever.",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, every: 0ms, emit: tick }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, every: 1s, emit: tick }")
        case .negativeDelay:
            return .error(
                "'after' is {value}, a negative duration", hint: "a delay is 0ms or longer",
                explanation: "'after' delays an action; a duration below zero would act before its trigger. A computed 'after' that comes out negative stops the spin when the timer is armed ([#InvalidTimerDuration]).",
                wrong: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, after: -1s, emit: tick }",
                right: Example.counter + "\nfeedbacks:\n  ticker: { when: count < 3, after: 1s, emit: tick }")

        // MARK: Expressions and templates
        case .unexpectedCharacter:
            return .error(
                "unexpected character '{character}'",
                explanation: "The character is not part of the expression language (names, numbers, strings, operators, parentheses, commas, '?' and ':').",
                wrong: Example.counterSetting("count + 1;"),
                right: Example.counter)
        case .assignmentInExpression:
            return .error(
                "unexpected '='", hint: "use '==' to compare values",
                explanation: "Expressions compare with '=='. Assignments are written as 'set: { field: expression }'.",
                wrong: Example.counterGuard("count = 0"),
                right: Example.counterGuard("count == 0"))
        case .singleAmpersand:
            return .error(
                "unexpected '&'", hint: "use '&&' (or 'and') for logical and",
                explanation: "Logical and is '&&' or 'and'; there are no bitwise operators.",
                wrong: Example.counterGuard("count >= 0 & count < 10"),
                right: Example.counterGuard("count >= 0 && count < 10"))
        case .singleVerticalBar:
            return .error(
                "unexpected '|'", hint: "use '||' (or 'or') for logical or",
                explanation: "Logical or is '||' or 'or'; there are no bitwise operators.",
                wrong: Example.counterGuard("count < 0 | count > 10"),
                right: Example.counterGuard("count < 0 || count > 10"))
        case .unterminatedString:
            return .error(
                "unterminated string literal", hint: "close it with {quote}",
                explanation: "A string literal in an expression has no closing quote.",
                wrong: Example.labelSetting("'\"done'"),
                right: Example.labelSetting("'\"done\"'"))
        case .unknownEscape:
            return .error(
                "unknown escape sequence '\\{escape}'", hint: "the escapes are \\\" \\' \\\\ \\n \\t",
                explanation: "In a string literal, a backslash starts one of the escapes \\\" \\' \\\\ \\n \\t.",
                wrong: Example.labelSetting("'\"a\\qb\"'"),
                right: Example.labelSetting("'\"a\\nb\"'"))
        case .propertySyntax:
            return .error(
                "{problem}", hint: "write a formula such as 'always P', 'eventually P', 'always eventually P', 'P leadsTo Q' or 'P until Q', with P and Q state expressions",
                explanation: "A spin's 'properties' are temporal formulas over its states: the words always, eventually, until and leadsTo, the connectives not, and, or, implies, parentheses, and between them state expressions (docs/checking.md, \"Properties\"). The formula could not be read.",
                wrong: Example.counter + "\nproperties:\n  grows: always",
                right: Example.counter + "\nproperties:\n  grows: always count >= 0")
        case .expressionTooDeep:
            return .error(
                "expression nested too deeply", hint: "split it up; at most {limit} levels are allowed",
                explanation: "Expressions are nested at most a few hundred levels deep, so that checking and evaluating them cannot exhaust the stack.",
                wrong: Example.counterSetting(String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)),
                right: Example.counter)
        case .emptyExpression:
            return .error(
                "expected an expression",
                explanation: "The expression is empty (or only spaces).",
                wrong: Example.counterSetting("' '"),
                right: Example.counter)
        case .expectedExpression:
            return .error(
                "expected an expression, found {found}",
                explanation: "An operand is missing where the expression needs a value: after an operator, inside parentheses, or where a keyword stands.",
                wrong: Example.counterSetting("count +"),
                right: Example.counter)
        case .unexpectedAfterExpression:
            return .error(
                "unexpected {found} after expression",
                explanation: "The expression is complete, but more follows, often a missing operator between two values.",
                wrong: Example.counterSetting("count 1"),
                right: Example.counter)
        case .expectedColon:
            return .error(
                "expected ':' in conditional expression, found {found}",
                explanation: "A conditional expression is 'condition ? value : otherwise'.",
                wrong: Example.counterSetting("'count < 9 ? count + 1'"),
                right: Example.counterSetting("'count < 9 ? count + 1 : 0'"))
        case .unclosedParenthesis:
            return .error(
                "expected ')', found {found}", hint: "the '(' at column {column} is not closed",
                explanation: "A parenthesis opened in the expression is not closed before the expression ends (or before something that cannot continue it).",
                wrong: Example.counterSetting("(count + 1"),
                right: Example.counterSetting("(count + 1)"))
        case .unclosedCall:
            return .error(
                "expected ',' or ')' in call to '{name}', found {found}", hint: "the '(' at column {column} is not closed",
                explanation: "A function's arguments are separated by ',' and closed by ')'.",
                wrong: Example.counterSetting("'max(count + 1, 0'"),
                right: Example.counterSetting("'max(count + 1, 0)'"))
        case .unclosedIndex:
            return .error(
                "expected ']' after the index of '{name}', found {found}", hint: "the '[' at column {column} is not closed",
                explanation: "An element of an array is written 'name[index]'; the index is closed by ']'.",
                wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: 'not flags[0', set: { 'flags[next]': true } }",
                right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: { type: int, initial: 0, range: [0, 1] }\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: 'not flags[0]', set: { 'flags[next]': true } }")
        case .expectedCaseName:
            return .error(
                "expected a case name after '.', found {found}",
                explanation: "An enum case or control state is written as '.name'.",
                wrong: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: toggle, when: state == ., to: on }"),
                right: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: toggle, when: state == .off, to: on }"))
        case .doubleLiteralTooLarge:
            return .error(
                "floating-point literal '{text}' is too large for a double",
                explanation: "The literal is beyond the largest double (about 1.8e308).",
                wrong: "spin: Meter\ndata:\n  level: 0.5\nevents: [fill]\ninputs: [fill]\ntransitions:\n  - { on: fill, set: { level: 1e999 } }",
                right: "spin: Meter\ndata:\n  level: 0.5\nevents: [fill]\ninputs: [fill]\ntransitions:\n  - { on: fill, set: { level: 1e300 } }")
        case .typeMismatch:
            return .error(
                "expected {expected}, found {found}",
                explanation: "The expression has another type than its place needs: a guard is a bool, an assignment has the field's type (an int widens to a double, nothing else converts by itself: use int(x), double(x) or string(x)).",
                wrong: Example.counterSetting("'\"x\"'"),
                right: Example.counter)
        case .notACase:
            return .error(
                "'{name}' is not a case of {type}",
                explanation: "The '.name' is compared with or assigned to an enum (or the control state) that has no such case.",
                wrong: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: toggle, when: state == .of, to: on }"),
                right: Example.lamp(replacing: "- { from: off, on: toggle, to: on }", with: "- { from: off, on: toggle, when: state == .off, to: on }"))
        case .unknownEnumCase:
            return .error(
                "unknown enum case '.{name}'",
                explanation: "No enum of the spin (nor its control states) has this case.",
                wrong: "spin: Heater\ndata:\n  mode: { type: enum, values: [heat, off] }\n  on: false\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { on: .heet } }",
                right: "spin: Heater\ndata:\n  mode: { type: enum, values: [heat, off] }\n  on: false\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { on: mode == .heat } }")
        case .ambiguousEnumCase:
            return .error(
                "cannot tell which enumeration '.{name}' belongs to; it is a case of {types}",
                hint: "compare it with a value of the enumeration you mean",
                explanation: "Two enums have this case, and nothing around it says which is meant; comparing it with a field of one of them does.",
                wrong: "spin: Heater\ndata:\n  mode: { type: enum, values: [heat, off] }\n  fan: { type: enum, values: [off, low] }\n  idle: false\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { idle: .off == .off } }",
                right: "spin: Heater\ndata:\n  mode: { type: enum, values: [heat, off] }\n  fan: { type: enum, values: [off, low] }\n  idle: false\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { idle: mode == .off } }")
        case .stateWithoutStates:
            return .error(
                "this spin has no control states",
                explanation: "'state' is the current control state, and this spin declares none.",
                wrong: Example.counterGuard("state == .idle"),
                right: Example.counterGuard("count == 0"))
        case .eventNotAValue:
            return .error(
                "'event' is not a value by itself", hint: "write 'event.<field>' to read a payload field",
                explanation: "'event' stands for the payload of the event being reduced; its fields are read as event.field.",
                wrong: Example.payloadCounter.replacingOccurrences(of: "count + event.amount", with: "count + event"),
                right: Example.payloadCounter)
        case .unknownName:
            return .error(
                "unknown name '{name}'",
                explanation: "The name is not a data field of the spin nor a constant of the file (nor 'state', 'event', 'true' or 'false'); the hint names the nearest one when it is probably a misspelling.",
                wrong: Example.counterSetting("cuont + 1"),
                right: Example.counter)
        case .unquotedString:
            return .error(
                "unknown name '{name}' where a string is expected", hint: "write the text in quotes: \"{name}\"",
                explanation: "A value is an expression, so a bare word is a name: a data field or a constant. Text is a string literal in quotes, and YAML takes the quotes around a whole value as its own, so the expression's quotes go inside YAML's: label: '\"busy\"' (or label: \"'busy'\"). The hint shows the value rewritten that way.",
                wrong: Example.labelSetting("busy"),
                right: Example.labelSetting("'\"busy\"'"))
        case .eventFieldsUnavailable:
            return .error(
                "event payload fields are not available here",
                explanation: "event.field reads the payload of the event a transition reduces (or a gear event a rule caught); a feedback rule triggered by a state, or a render template, has no event.",
                wrong: Example.payloadCounter + "\nfeedbacks:\n  show: { render: \"{event.amount}\" }",
                right: Example.payloadCounter + "\nfeedbacks:\n  show: { render: \"{count}\" }")
        case .unknownEventField:
            return .error(
                "unknown event payload field '{field}'",
                explanation: "The event being reduced has no payload field of this name.",
                wrong: Example.payloadCounter.replacingOccurrences(of: "event.amount", with: "event.amout"),
                right: Example.payloadCounter)
        case .invalidUnaryOperand:
            return .error(
                "operator '{operator}' cannot be applied to {type}",
                explanation: "Unary '-' negates a number or a duration.",
                wrong: Example.flagSetting("-done"),
                right: Example.flagSetting("'!done'"))
        case .invalidOperands:
            return .error(
                "operator '{operator}' cannot be applied to {left} and {right}",
                explanation: "Arithmetic works on numbers (an int and a double make a double); '+' also joins two strings. Durations add to and subtract from durations, scale by a number (d * 2, d / 1.5), and divide by a duration into a number (d / 1ms).",
                wrong: Example.flagSetting("done + 1 > 0"),
                right: Example.flagSetting("'!done'"))
        case .mixedConcatenation:
            return .error(
                "operator '+' cannot be applied to {left} and {right}", hint: "use string(x) to turn the {other} into a string",
                explanation: "'+' joins two strings, but does not turn a number or a bool into text by itself.",
                wrong: Example.labelSetting("'\"count: \" + 1'"),
                right: Example.labelSetting("'\"count: \" + string(1)'"))
        case .nonBoolOperand:
            return .error(
                "operator '{operator}' expects bool, found {type}",
                explanation: "'!', 'not', '&&', 'and', '||', 'or', '=>' and 'implies' work on bools; numbers are not true or false by themselves.",
                wrong: Example.counterGuard("count && true"),
                right: Example.counterGuard("count != 0 && true"))
        case .incomparableTypes:
            return .error(
                "operator '{operator}' cannot compare {left} with {right}",
                explanation: "'==' and '!=' compare two values of one type (an int and a double compare as numbers).",
                wrong: Example.counterGuard("count == true"),
                right: Example.counterGuard("count == 1"))
        case .unorderableTypes:
            return .error(
                "operator '{operator}' cannot compare {left} with {right}", hint: "'{operator}' orders numbers, strings and durations",
                explanation: "'<', '<=', '>' and '>=' order numbers (an int and a double compare as numbers), two strings or two durations; bools and enum cases have no order.",
                wrong: Example.counterGuard("count < true"),
                right: Example.counterGuard("count < 10"))
        case .nonBoolCondition:
            return .error(
                "condition of '?:' must be bool, found {type}",
                explanation: "The condition of 'condition ? value : otherwise' is a bool.",
                wrong: Example.counterSetting("'count ? 1 : 0'"),
                right: Example.counterSetting("'count > 0 ? 1 : 0'"))
        case .branchTypeMismatch:
            return .error(
                "branches of '?:' have different types: {then} and {otherwise}",
                explanation: "Both values of a conditional have one type, the type of the whole expression.",
                wrong: Example.counterSetting("'count > 9 ? \"many\" : count + 1'"),
                right: Example.counterSetting("'count > 9 ? 0 : count + 1'"))
        case .unknownFunction:
            return .error(
                "unknown function '{name}'",
                explanation: "The functions are min, max, abs, clamp, string, int and double.",
                wrong: Example.counterSetting("'maximum(count + 1, 0)'"),
                right: Example.counterSetting("'max(count + 1, 0)'"))
        case .wrongArgumentCount:
            return .error(
                "function '{name}' takes {expected}, found {count}",
                explanation: "min and max take two arguments or more, clamp three (value, lowest, highest), the others one.",
                wrong: Example.counterSetting("'clamp(count + 1, 10)'"),
                right: Example.counterSetting("'clamp(count + 1, 0, 10)'"))
        case .nonNumericArgument:
            return .error(
                "function '{name}' expects a number, found {type}",
                explanation: "min, max, abs, clamp, int and double work on numbers; string(x) takes any value.",
                wrong: Example.counterSetting("abs('\"x\"')"),
                right: Example.counterSetting("abs(count + 1)"))
        case .nonStringArgument:
            return .error(
                "function '{name}' expects a string, found {type}", hint: "turn a value into text with string(x)",
                explanation: "length, contains, startsWith, endsWith, lowercased, uppercased, trimmed and isEmpty work on strings.",
                wrong: Example.counterSetting("length(count)"),
                right: Example.counterSetting("length(string(count))"))
        case .mixedDurationArguments:
            return .error(
                "function '{name}' mixes durations with {type}",
                explanation: "min, max, abs and clamp take numbers, or durations, not both: a number has no unit to compare a duration with.",
                wrong: Example.timer(set: "'min(delay * 2, 30)'"),
                right: Example.timer(set: "'min(delay * 2, 30s)'"))
        case .unmatchedBrace:
            return .error(
                "unmatched '}' in template", hint: "write '}}' for a literal brace",
                explanation: "In a template, '{' opens an expression and '}' closes it; a lone '}' is written '}}'.",
                wrong: Example.counter + "\nrender: \"count} {count}\"",
                right: Example.counter + "\nrender: \"count}} {count}\"")
        case .unclosedBrace:
            return .error(
                "unclosed '{' in template", hint: "close the expression with '}', or write '{{' for a literal brace",
                explanation: "In a template, '{' opens an expression that '}' must close; a lone '{' is written '{{'.",
                wrong: Example.counter + "\nrender: \"count={count\"",
                right: Example.counter + "\nrender: \"count={count}\"")
        case .emptyTemplateHole:
            return .error(
                "empty expression in template", hint: "write '{{}}' for literal braces",
                explanation: "'{}' in a template holds no expression; literal braces are written '{{}}'.",
                wrong: Example.counter + "\nrender: \"count={}\"",
                right: Example.counter + "\nrender: \"count={count}\"")

        // MARK: What the analyzer finds
        case .unreachableState:
            return .warning(
                "state '{state}' of spin '{spin}' is unreachable from the initial state '{initial}'",
                hint: "add a transition to '{state}', or remove the state",
                explanation: "No chain of transitions leads from the initial state to this one, so the spin can never be in it: a missing transition, or a state left over. A warning, not an error: SCXML loads such a chart (W3C tests 279, 355, 387, 550 need it), and so does spinrun.",
                wrong: Example.lamp(replacing: "states: [off, on]", with: "states: [off, on, broken]"),
                right: Example.lamp)
        case .noWayOut:
            return .warning(
                "state '{state}' of spin '{spin}' has no way out and is not final", hint: "add a transition from '{state}', or list it under 'final'",
                explanation: "Once in this state the spin never leaves it, yet it is not declared final: either a transition out is missing, or the state is meant to end the spin. A warning, not an error: SCXML loads such a chart, and so does spinrun.",
                wrong: "spin: Job\nstates: [running, done]\nevents: [finish]\ninputs: [finish]\ntransitions:\n  - { from: running, on: finish, to: done }",
                right: "spin: Job\nstates: [running, done]\nfinal: done\nevents: [finish]\ninputs: [finish]\ntransitions:\n  - { from: running, on: finish, to: done }")
        case .shadowedTransition:
            return .warning(
                "this transition never fires: {on}{inState}, {rows} first every time it could",
                hint: "a state's rows are tried before its parent's and the spin's, each in document order, and the first whose guard holds fires: remove this row, or move it above the rows that take its cases",
                explanation: "For the active state and the event, the state's own rows are tried first, then its parent's (up to the top), then the rows of the whole spin (no 'from', or 'from: any'), each state's in document order; the first whose guard holds fires (docs/statecharts.md, rule 3). Every case of this row (its states, and the values its guard allows) is already taken by rows tried before it, so it is dead. The analysis reads the guards' meaning where it can (comparisons of a field with a constant, enum cases, bools, 'and', 'or', 'not'), and stays silent where it cannot tell: a guarded row followed by an unguarded one (an 'else' row) is fine.",
                wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, when: count < 9, set: { count: count + 1 } }\n  - { on: tick, when: count < 5, set: { count: 0 } }",
                right: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, when: count < 9, set: { count: count + 1 } }\n  - { on: tick, set: { count: 0 } }")
        case .alwaysFalseGuard:
            return .warning(
                "this transition can never fire: its guard is always false",
                explanation: "The guard is false whatever the state and event (a literal false, or a contradiction the checker can see), so the row is dead.",
                wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick, reset]\ninputs: [tick, reset]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }\n  - { on: reset, when: false, set: { count: 0 } }",
                right: "spin: Counter\ndata:\n  count: 0\nevents: [tick, reset]\ninputs: [tick, reset]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }\n  - { on: reset, set: { count: 0 } }")
        case .transitionFromDeadState:
            return .warning(
                "this transition can never fire: every source state is {why}",
                explanation: "The row applies only in states the spin never is in when an event arrives: final states (a spin stops there) or states unreachable from the initial state.",
                wrong: "spin: Job\nstates: [running, done]\nfinal: done\nevents: [finish, restart]\ninputs: [finish, restart]\ntransitions:\n  - { from: running, on: finish, to: done }\n  - { from: done, on: restart, to: running }",
                right: "spin: Job\nstates: [running, done]\nfinal: done\nevents: [finish]\ninputs: [finish]\ntransitions:\n  - { from: running, on: finish, to: done }")
        case .neverEmittedEvent:
            return .warning(
                "event '{event}' of spin '{spin}' is never emitted: no rule emits it and it is not an input",
                hint: "add it to 'inputs', or remove it",
                explanation: "Nothing can send this event: it is not an input, no feedback rule emits it, no effect simulation answers with it. Rows on it are dead.",
                wrong: "spin: Lamp\nstates: [off, on]\nevents: [toggle, reset]\ninputs: [toggle]\ntransitions:\n  - { from: off, on: toggle, to: on }\n  - { from: on, on: toggle, to: off }\n  - { on: reset, to: off }",
                right: "spin: Lamp\nstates: [off, on]\nevents: [toggle, reset]\ninputs: [toggle, reset]\ntransitions:\n  - { from: off, on: toggle, to: on }\n  - { from: on, on: toggle, to: off }\n  - { from: on, on: reset, to: off }")
        case .effectWithoutSimulate:
            return .warning(
                "effect '{effect}' has no 'simulate': it runs only where a host program binds it",
                hint: "add 'simulate: { after: 100ms, emit: … }' so that spinrun and tests can run it",
                explanation: "spinrun and tests bind no host effects; without 'simulate' the effect fails there with EffectNotBound when it runs.",
                wrong: Example.loader(simulate: nil),
                right: Example.loader(simulate: "{ after: 100ms, emit: loaded }"))
        case .propagateNeverCaught:
            return .warning(
                "no spin catches '{event}'",
                hint: "add a rule with 'catch: {event}' to a spin, or remove the propagate",
                explanation: "The rule sends the event into the gear, but no spin listens for it there.",
                wrong: "gears:\n  bus:\n    events: [ping]\nspins:\n  Sender:\n    states: [idle, sent]\n    final: sent\n    events: [send]\n    inputs: [send]\n    transitions:\n      - { from: idle, on: send, to: sent }\n    feedbacks:\n      announce: { enter: sent, propagate: bus.ping }",
                right: Example.gears(propagate: "bus.ping"))
        case .caughtNeverPropagated:
            return .warning(
                "'{event}' is caught but never propagated",
                hint: "add a rule with 'propagate: {event}' to a spin, or remove the catch",
                explanation: "The rule listens for the event on the gear, but no spin sends it there.",
                wrong: "gears:\n  bus:\n    events: [ping]\nspins:\n  Receiver:\n    data:\n      pings: 0\n    events: [pinged]\n    transitions:\n      - { on: pinged, set: { pings: pings + 1 } }\n    feedbacks:\n      listen: { catch: bus.ping, emit: pinged }",
                right: Example.gears(propagate: "bus.ping"))

        // MARK: Statecharts
        case .bothStatesAndParallel:
            return .error(
                "{what} '{state}' has both 'states' and 'parallel' (it already has '{first}')",
                hint: "children are either alternatives ('states', one active at a time) or regions active together ('parallel'): keep one",
                explanation: "A compound state ('states') has exactly one active child at a time; a parallel state ('parallel') has all its children, its regions, active at once. A state is one or the other; so is a spin ('parallel' in a spin's body: its regions at top level).",
                wrong: Example.door.replacingOccurrences(of: "      unlocked: {}", with: "      unlocked: {}\n    parallel: { bell: {} }"),
                right: Example.door)
        case .statesTooDeep:
            return .error(
                "states nested deeper than {limit} levels", hint: "flatten the tree; at most {limit} levels are allowed",
                explanation: "States may nest 64 levels deep. The limit keeps the walks over the tree far from the stack's limit whatever the input.",
                wrong: Example.deeplyNested(65),
                right: Example.deeplyNested(64))
        case .unknownHistory:
            return .error(
                "unknown history '{value}'", hint: "write 'shallow' or 'deep'",
                explanation: "A compound state's 'history' is 'shallow' (it records which child was active) or 'deep' (it records every active state below it).",
                wrong: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    history: last\n"),
                right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    history: shallow\n"))
        case .actionWithWithoutEvent:
            return .error(
                "'with' needs 'emit' or 'propagate' beside it", hint: "'with' gives the payload of the emitted or propagated event",
                explanation: "In a state's 'entry' or 'exit' action, 'with' gives the payload of the event the action emits or propagates; without one of them it has nothing to give.",
                wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { entry: { set: { count: count + 1 }, with: { count: 1 } } }") + "\ndata:\n  count: 0",
                right: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { entry: { set: { count: count + 1 } } }") + "\ndata:\n  count: 0")
        case .emptyAction:
            return .error(
                "this '{key}' action does nothing", hint: "give it 'set', 'emit' or 'propagate', or remove it",
                explanation: "An 'entry' or 'exit' action is 'set', 'emit' or 'propagate', or several of them; an empty one is most likely a mistake.",
                wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { entry: {} }"),
                right: Example.door)
        case .conditionalWithoutThen:
            return .error(
                "this conditional action of '{key}' has no 'then'", hint: "give it 'then' with the actions to run when the condition holds",
                explanation: "A conditional action '{ if: EXPR, then: ACTIONS, else: ACTIONS }' (SCXML's <if>) evaluates its condition once, when it is reached, and runs the actions of 'then' when it holds, else those of 'else' (which may hold another conditional action: an elseif). 'then' is required; 'else' is optional.",
                wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { entry: { if: true, else: { emit: push } } }"),
                right: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { entry: { if: true, then: { emit: push } } }"))
        case .conditionalWithoutIf:
            return .error(
                "'then' or 'else' on a row without 'if'", hint: "add 'if' with the condition, or move the actions to the row's 'set', 'emit' and 'propagate'",
                explanation: "A row's conditional action is its keys 'if', 'then' and 'else' (SCXML's <if> in a transition): after the row's 'set', the condition is evaluated once and the actions of 'then' run when it holds, else those of 'else'; then the row's 'emit' and 'propagate'. 'then' and 'else' mean nothing without 'if'.",
                wrong: Example.door + "\n  - { from: open, on: push, then: { emit: pull } }",
                right: Example.door + "\n  - { from: open, on: push, if: true, then: { emit: pull } }")
        case .stateWithoutChildren:
            return .error(
                "state '{state}' declares children but has none", hint: "add its states, or remove 'states' or 'parallel'",
                explanation: "'states' and 'parallel' list a state's children; an empty list leaves a compound or parallel state that can never be in any child.",
                wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { states: {} }"),
                right: Example.door)
        case .initialNotAChild:
            return .error(
                "'{name}' is not a state below '{state}', so it cannot be its initial state",
                explanation: "A compound state's 'initial' names what it enters by default (its first child when it is not written): a child, or states deeper below it, one per region of the parallel states between (SCXML 3.6). It cannot name a state elsewhere in the tree.",
                wrong: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    initial: open\n"),
                right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    initial: unlocked\n"))
        case .initialWithoutChildren:
            return .error(
                "state '{state}' {why}, so it has no initial state", hint: "remove 'initial'",
                explanation: "Only a compound state chooses which child to enter: an atomic state has none, a parallel state enters all its regions.",
                wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { initial: closed }"),
                right: Example.door)
        case .historyOnNonCompound:
            return .error(
                "'history' on state '{state}', which has no children",
                hint: "history records which children were active: put it on a state with 'states:' or 'parallel:'",
                explanation: "A state's history records its active descendants when it is exited, for a row 'to: history(S)' to enter them again; an atomic state has none to record. A compound state's shallow history is its active child, a parallel state's is all its regions (each entered by default); deep history records every active state below either (SCXML 3.10).",
                wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { history: shallow }"),
                right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    history: shallow\n"))
        case .rowOnDeferredEvent:
            return .warning(
                "this transition never fires: state '{state}' defers '{event}' wherever the row could fire",
                hint: "remove '{event}' from the 'defer' of '{state}', or remove this row",
                explanation: "While a state that defers an event is active, the event is kept, not reduced (docs/statecharts.md, rule 19): a row on it from that state, or from a state inside it, never fires.",
                wrong: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { defer: [pull] }"),
                right: Example.door.replacingOccurrences(of: "  open: {}", with: "  open: { defer: [push] }"))
        case .deferredEventLimit:
            return .error(
                "more than {limit} deferred events wait",
                hint: "the states defer events faster than they are offered again: leave a deferring state, or defer fewer events",
                explanation: "A state that defers an event keeps it, in order, until no active state defers it; at most 16 events wait at once (the queue is checked state), and one more stops the spin with this error.",
                wrong: Example.deferringDoor(locks: 17),
                right: Example.deferringDoor(locks: 3),
                origin: .run)
        case .initialTargetsConflict:
            return .error(
                "'{other}' and '{name}' cannot be active together, so '{state}' cannot start in both",
                hint: "name one state per region of a parallel state, or one state",
                explanation: "An 'initial' with several states enters them all at once (SCXML's initial transition with several targets): each must lie in a different region of a parallel state, so that together they are one configuration. Two children of one compound state, or a state and one of its own descendants, are never active together.",
                wrong: Example.pairInside(initial: "[l1, l2]"),
                right: Example.pairInside(initial: "[l2, r2]"))
        case .initialWithoutTarget:
            return .error(
                "'initial' names no state to enter by default",
                hint: "write initial: STATE, initial: [STATES] (one per region), or initial: { to: STATE, set: { … } } with actions",
                explanation: "'initial' names what a compound state (or the spin) enters by default: a state, a list of states (one per region of a parallel state), or, in its long form (SCXML's initial transition), 'to' with those and the actions it runs, after the state's own entry actions and before its children's. An empty list, or a mapping without 'to', names nothing.",
                wrong: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    initial: { emit: lock }\n"),
                right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    initial: { to: unlocked, emit: lock }\n"))
        case .historyDefaultOutside:
            return .error(
                "the history default '{name}' is not a state inside '{state}'",
                hint: "name a state below '{state}': it is entered when nothing is recorded yet",
                explanation: "A history's 'default' is the state entered through it while the history has recorded nothing (SCXML 3.10: the history's default transition), instead of the state's own initial entry. It lies below the state, as the states a history records do.",
                wrong: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    history: { type: shallow, default: open }\n"),
                right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    history: { type: shallow, default: unlocked }\n"))
        case .finalNotAChild:
            return .error(
                "'{name}' is not a child of '{state}', so it cannot be final within it",
                explanation: "A compound state's 'final' lists those of its own children whose entry completes it (raising 'done.S').",
                wrong: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    final: [open]\n"),
                right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    final: [locked]\n"))
        case .finalInParallel:
            return .error(
                "parallel state '{state}' cannot list final children",
                hint: "it completes when every region is in a final state: list the final states under each region's 'final'",
                explanation: "A parallel state is complete when each of its regions is; each region, a compound state, lists its own final children.",
                wrong: Example.regions.replacingOccurrences(of: "    parallel:", with: "    final: [left]\n    parallel:"),
                right: Example.regions)
        case .nestedSpinFinal:
            return .error(
                "the spin's 'final' lists '{name}', which is inside '{parent}'",
                hint: "the spin's final states are top-level states; list '{name}' under the 'final' of '{parent}'",
                explanation: "The spin stops when it enters one of its final states, which are top-level states. A nested state is final within its parent: it is listed under the parent's 'final', and entering it raises the parent's completion event 'done.P'.",
                wrong: Example.door + "\nfinal: [locked]",
                right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    final: [locked]\n"))
        case .unknownCompletedState:
            return .error(
                "unknown state '{name}' in 'done.{name}'",
                explanation: "'on: done.S' is the completion event of state S (raised when a final child of a compound S is entered, or every region of a parallel S is final); S must be a state of the spin.",
                wrong: Example.doorDone("done.closd"),
                right: Example.doorDone("done.closed"))
        case .completionNeverHappens:
            return .error(
                "'done.{name}' never happens: {why}",
                explanation: "A compound state completes when one of its final children is entered, a parallel state when each of its regions has completed. A state that has no final child (or a region without one) never raises its completion event, so the row on it can never fire.",
                wrong: Example.doorDone("done.closed").replacingOccurrences(of: "    final: [locked]\n", with: ""),
                right: Example.doorDone("done.closed"))
        case .tooManyConfigurations:
            return .error(
                "spin '{spin}' has more than {limit} configurations of active states",
                hint: "parallel regions multiply their states' counts: split the spin, give its regions fewer states, or raise the limit: spinrun --max-configurations N",
                explanation: "A nested or parallel spin's configurations (each set of states that can be active together) are numbered once when the spec is compiled, and tables are made for each. Parallel regions multiply their counts: 17 regions of 2 states are 131,072 configurations, past the limit of 65,536 (--max-configurations raises it; compiling takes time and memory in proportion). A flat spin's states are not limited.",
                wrong: Example.manyRegions(17),
                right: Example.manyRegions(4))
        case .tooManyMicrosteps:
            return .error(
                "spin '{spin}' has more than {limit} transitions from its configurations",
                hint: "parallel regions multiply their rows: split the spin, or give its regions fewer states",
                explanation: "What each transition does from each configuration (the states it exits and enters, the actions in order) is worked out once when the spec is compiled. A row of the whole spin, or of a state above parallel regions, has a microstep in each configuration, so rows times configurations is bounded.",
                wrong: Example.manyRegions(12, rows: 250),
                right: Example.manyRegions(4, rows: 1))
        case .payloadFieldOfNeither:
            return .error(
                "neither event of this action has a payload field '{field}'",
                explanation: "An action with both 'emit' and 'propagate' gives both payloads with one 'with': each event takes the fields it declares, and every field given must belong to one of them.",
                wrong: Example.announcer("amount: 1, colour: 2"),
                right: Example.announcer("amount: 1"))
        case .activeArgument:
            return .error(
                "function 'active' takes one state, written '.name'", hint: "for example 'active(.open)'",
                explanation: "active(.S) is true while state S is active (in a spin with nested or parallel states, 'state == .S' means the same). Its argument is a state's name after a dot.",
                wrong: Example.door + "\nfeedbacks:\n  bell: { when: active(open), render: ding }",
                right: Example.door + "\nfeedbacks:\n  bell: { when: active(.open), render: ding }")
        case .historyTargetWithoutHistory:
            return .error(
                "state '{name}' has no history", hint: "add 'history: shallow' or 'history: deep' to '{name}'",
                explanation: "A row 'to: history(S)' enters the states S's history recorded when S was last exited; S must declare which history it keeps.",
                wrong: Example.door + "\n  - { from: open, on: lock, to: history(closed) }",
                right: Example.door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    history: shallow\n") + "\n  - { from: open, on: lock, to: history(closed) }")
        case .internalTargetOutside:
            return .warning(
                "'internal: true' has no effect: '{target}' is not inside '{source}', so the row exits '{source}' like any external row",
                hint: "remove 'internal', or target a state inside '{source}'",
                explanation: "An internal row moves between states inside its source without exiting and entering the source itself; a target outside the source must exit it, so 'internal' cannot apply and the row is external (SCXML 3.13, getTransitionDomain).",
                wrong: Example.door + "\n  - { from: closed, on: push, to: open, internal: true }",
                right: Example.door + "\n  - { from: closed, on: push, to: locked, internal: true }")
        case .internalWithoutCompoundSource:
            return .warning(
                "'internal: true' has no effect on a row from '{source}', which is not a compound state: the row is external", hint: "remove 'internal'",
                explanation: "Only a compound state can stay entered while a row moves between the states inside it: from an atomic or parallel state (or from 'any'), SCXML takes an internal row as an external one (SCXML 3.13, getTransitionDomain), and so does spinrun.",
                wrong: Example.door + "\n  - { from: [locked, open], on: push, to: unlocked, internal: true }",
                right: Example.door + "\n  - { from: [locked, open], on: push, to: unlocked }")
        case .eventlessCycle:
            return .error(
                "eventless rows never settle: without a guard they go round {cycle}",
                hint: "guard one of them with a condition its actions make false",
                explanation: "An eventless row is taken as soon as its guard holds, after every step. Unguarded ones that lead back to where they started are taken for ever, and no event from outside is ever reduced again: a livelock the analyzer can see without running the spec.",
                wrong: Example.door + "\n  - { from: open, to: closed }\n  - { from: locked, to: open }",
                right: Example.door + "\n  - { from: open, to: closed }")
        case .crossRegionTransition:
            return .warning(
                "a row from '{source}' in one region of parallel state '{parallel}' to '{target}' in another exits '{parallel}' and enters it again: every region restarts",
                hint: "to move within a region, target a state of the row's own region; to restart '{parallel}' on purpose, target '{parallel}' itself",
                explanation: "The regions of a parallel state run side by side. A row from a state of one region into a state of another is legal (SCXML): its domain is above the parallel state, so it exits every region, then enters the parallel state again with the target in its region and the default entry of the others. That is rarely what such a row means, hence the warning. A row from a region to itself or to a state inside it stays in that region and is not reported.",
                wrong: Example.regions + "\n  - { from: l2, on: reset, to: r1 }",
                right: Example.regions + "\n  - { from: l2, on: reset, to: both }")
        case .raisedEventLimit:
            return .error(
                "more than {limit} raised events wait to be reduced",
                hint: "rows or actions raise events faster than they are reduced: each raised event is reduced before the next input",
                explanation: "Events that rows and entry or exit actions raise wait in the spin's internal queue and are reduced one by one before any other event. A state whose entry raises several events, each of which enters it again, grows the queue at every step; past the limit (10,000) the spin stops with this error.",
                wrong: Example.echo(raising: "[" + Array(repeating: "{ emit: ping }", count: 20).joined(separator: ", ") + "]", stop: 1_000),
                right: Example.echo(raising: "{ emit: ping }", stop: 20),
                origin: .run)

        // MARK: Faults of a run
        case .integerOverflow:
            return .error(
                "integer overflow in '{expression}'",
                explanation: "An int operation went beyond the 64-bit range. The spin stops with status error (exit 3 from spinrun) rather than wrap around silently; bound the value with a guard or clamp.",
                wrong: Example.tickOnce(data: "count: 9223372036854775807", set: "count: count + 1"),
                right: Example.tickOnce(data: "count: 9223372036854775807", set: "count: 'min(count, 9223372036854775806) + 1'"),
                origin: .run)
        case .divisionByZero:
            return .error(
                "division by zero in '{expression}'",
                explanation: "An int was divided by zero. The spin stops with status error (exit 3); guard the row so that the divisor is not zero. (A double divided by zero is infinity, not a fault.)",
                wrong: Example.tickOnce(data: "count: 10\n  divisor: 0", set: "count: count / divisor"),
                right: Example.tickOnce(data: "count: 10\n  divisor: 0", set: "count: 'divisor == 0 ? 0 : count / divisor'"),
                origin: .run)
        case .indexOutOfRange:
            return .error(
                "index {index} in '{expression}' is outside the {count} elements of the array",
                explanation: "An index computed at run time is not between 0 and the array's size minus one. The spin stops with status error (exit 3), and --check reports the move as a finding with its counterexample; guard the row, or give the index field a range.",
                wrong: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: 0\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, set: { 'flags[next]': true, next: next + 1 } }\nfeedbacks:\n  again: { emit: raise }",
                right: "spin: Flags\ndata:\n  flags: { type: bool, size: 2, initial: false }\n  next: 0\nevents: [raise]\ninputs: [raise]\ntransitions:\n  - { on: raise, when: next < 2, set: { 'flags[next]': true, next: next + 1 } }\nfeedbacks:\n  again: { when: next < 2, emit: raise }",
                origin: .run)
        case .moduloByZero:
            return .error(
                "modulo by zero in '{expression}'",
                explanation: "An int remainder by zero. The spin stops with status error (exit 3); guard the row so that the divisor is not zero.",
                wrong: Example.tickOnce(data: "count: 10\n  divisor: 0", set: "count: count % divisor"),
                right: Example.tickOnce(data: "count: 10\n  divisor: 0", set: "count: 'divisor == 0 ? 0 : count % divisor'"),
                origin: .run)
        case .stringTooLong:
            return .error(
                "a string of {size} bytes in '{expression}' is longer than the limit of {limit} bytes",
                hint: "raise the limit if strings really grow this long: spinrun --max-string-bytes N (SpecRunOptions.maxStringBytes)",
                explanation: "A string concatenation would make a string longer than the limit (16 MiB by default), so the spin stops with a run-time error at the '+' instead of allocating it. A string that doubles on every step reaches any amount of memory in a few dozen steps; the limit turns that into an error that names the expression.",
                wrong: "spin: Echo\ndata:\n  s: \"ab\"\nevents: [grow]\ntransitions:\n  - { on: grow, set: { s: s + s } }\nfeedbacks:\n  again: { emit: grow }",
                right: "spin: Echo\ndata:\n  s: \"ab\"\nevents: [grow]\ntransitions:\n  - { on: grow, when: length(s) < 1000, set: { s: s + s } }\nfeedbacks:\n  again: { when: length(s) < 1000, emit: grow }",
                origin: .run)
        case .nanToInt:
            return .error(
                "cannot convert nan to int in '{expression}'",
                explanation: "int(x) of a double that is not a number (such as 0.0 / 0.0) has no value. The spin stops with status error (exit 3).",
                wrong: Example.tickOnce(data: "count: 0\n  ratio: 0.0", set: "count: int(ratio / ratio)"),
                right: Example.tickOnce(data: "count: 0\n  ratio: 0.0", set: "count: 'ratio == 0 ? 0 : int(ratio / ratio)'"),
                origin: .run)
        case .intConversionOverflow:
            return .error(
                "{value} does not fit in a 64-bit integer in '{expression}'",
                explanation: "int(x) of a double beyond the 64-bit range (or infinite) has no int value. The spin stops with status error (exit 3).",
                wrong: Example.tickOnce(data: "count: 0\n  ratio: 1e30", set: "count: int(ratio)"),
                right: Example.tickOnce(data: "count: 0\n  ratio: 1e30", set: "count: 'int(min(ratio, 1e18))'"),
                origin: .run)
        case .durationOutOfRange:
            return .error(
                "duration out of range in '{expression}'",
                explanation: "A duration is a whole number of milliseconds in 64 bits (about 292 million years either way). The result went beyond that, or a duration scaled by a double came out NaN or infinite. The spin stops with status error (exit 3).",
                wrong: Example.tickOnce(data: "delay: 1s\n  factor: 1e300", set: "delay: delay * factor"),
                right: Example.tickOnce(data: "delay: 1s\n  factor: 1e300", set: "delay: 'min(delay * min(factor, 1000.0), 1h)'"),
                origin: .run)
        case .invalidTimerDuration:
            return .error(
                "'{key}' is {value} in '{expression}': {requirement}",
                explanation: "A computed 'after' or 'every' is evaluated when its timer is armed. A delay below 0ms, or a period below 1ms (which would repeat without time passing), stops the spin with status error (exit 3).",
                wrong: "spin: Retry\ndata:\n  delay: 0s\nevents: [tick]\nfeedbacks:\n  ticker: { when: true, every: delay, emit: tick }",
                right: "spin: Retry\ndata:\n  delay: 1s\n  ticks: 0\nevents: [tick]\ntransitions:\n  - { on: tick, set: { ticks: ticks + 1 } }\nfeedbacks:\n  ticker: { when: ticks < 3, every: delay, emit: tick }",
                origin: .run)
        case .effectNotBound:
            return .error(
                "effect '{effect}' is not bound and has no 'simulate'",
                explanation: "The named effect ran, but no host program binds it and the spec has no 'simulate' to stand in (spinrun binds none). The spin stops with status error (exit 3).",
                wrong: Example.loader(simulate: nil),
                right: Example.loader(simulate: "{ after: 100ms, emit: loaded }"),
                origin: .run)
        case .valueOutOfRange:
            return .error(
                "{value} is outside the range {range} of data field '{field}'",
                explanation: "A row assigned a value outside the field's 'range'. The location is the row's value; the spin stops with status error (exit 3), and spinrun --check reports the shortest way there. Guard the row, or widen the range.",
                wrong: Example.tickOnce(data: "count: { type: int, initial: 9, range: [0, 9] }", set: "count: count + 1"),
                right: Example.tickOnce(data: "count: { type: int, initial: 9, range: [0, 9] }", set: "count: 'count < 9 ? count + 1 : 0'"),
                origin: .run)
        case .propertyViolated:
            return .error(
                "property '{name}' of spin '{spin}' does not hold: {formula}",
                explanation: "spinrun --check found a run that breaks a property (the spin's 'properties'): for a property about every state (always P) a path to a state where it fails; for one that waits for something (eventually, leadsTo, until) a lasso, a stem then a cycle repeated for ever in which it never comes. Inputs named in the spin's 'fairness' are scheduled fairly: a cycle that starves one of them is not a counterexample. The check ends with status violated (exit 6); --counterexample writes the run, the cycle's steps marked, and --replay runs it again.",
                wrong: "spinrun --check Tests/SpinrunTests/Fixtures/peterson-unfair.yaml",
                right: "spinrun --check Specs/peterson.yaml",
                origin: .command)
        case .invariantViolated:
            return .error(
                "invariant '{name}' of spin '{spin}' does not hold: {condition}",
                explanation: "An invariant (the spin's 'invariants') was false after a step, or in the initial state. The location is the invariant's name. A run ends with status invariant (exit 6); spinrun --check reports the shortest run that breaks it.",
                wrong: Example.tickOnce(data: "count: 0", set: "count: count + 1") + "\ninvariants:\n  stillZero: count == 0",
                right: Example.tickOnce(data: "count: 0", set: "count: count + 1") + "\ninvariants:\n  small: count <= 1",
                origin: .run)
        case .effectFailed:
            return .error(
                "effect '{effect}' failed: {error}",
                explanation: "The host's effect threw an error. The spin stops with status error (exit 3).",
                wrong: "A host program binds 'fetchPage' to a closure that throws.",
                right: "The closure catches the failure and answers with an event the spec declares, such as 'pageFailed'.",
                origin: .unreproducible("it needs a host program's effect"))
        case .effectTimeout:
            return .error(
                "effect '{effect}' did not answer within {timeout}",
                explanation: "The host's effect did not answer within its time limit. The spin stops with status error (exit 3).",
                wrong: "A host program binds 'fetchPage' to a closure that never returns.",
                right: "The closure answers, or times out itself and answers with an event such as 'pageFailed'.",
                origin: .unreproducible("it needs a host program's effect"))
        case .effectAnswerUnknownEvent:
            return .error(
                "effect '{effect}' answered with unknown event '{event}'",
                explanation: "The host's effect answered with an event the spin does not declare. The spin stops with status error (exit 3).",
                wrong: "A host program's 'fetchPage' answers HostEvent(\"pageLoad\") in a spin that declares 'pageLoaded'.",
                right: "It answers HostEvent(\"pageLoaded\", [\"count\": .int(20)]).",
                origin: .unreproducible("it needs a host program's effect"))
        case .effectAnswerInvalidField:
            return .error(
                "effect '{effect}' answered '{event}' without a valid '{field}' ({type})",
                explanation: "The host's effect answered with an event whose payload misses a declared field or holds a value of another type. The spin stops with status error (exit 3).",
                wrong: "A host program's 'fetchPage' answers HostEvent(\"pageLoaded\", [\"count\": .string(\"20\")]) where count is an int.",
                right: "It answers HostEvent(\"pageLoaded\", [\"count\": .int(20)]).",
                origin: .unreproducible("it needs a host program's effect"))
        case .effectAnswerUnknownField:
            return .error(
                "effect '{effect}' answered '{event}' with unknown field '{field}'",
                explanation: "The host's effect answered with a payload field the event does not declare. The spin stops with status error (exit 3).",
                wrong: "A host program's 'fetchPage' answers HostEvent(\"pageLoaded\", [\"count\": .int(20), \"total\": .int(100)]).",
                right: "It answers with the declared fields only, or the spec declares 'total' too.",
                origin: .unreproducible("it needs a host program's effect"))
        case .internalError:
            return .error(
                "internal error: {problem}",
                explanation: "SpinDSL broke one of its own rules (an expression evaluated as a type the checker did not give it). This is a bug: please report it with the spec.",
                wrong: "No spec causes this on purpose.",
                right: "Report the spec that did.",
                origin: .unreproducible("it is a bug of SpinDSL"))

        // MARK: Limits of a run
        case .stepLimit:
            return .error(
                "stopped by the step limit: {steps} (--max-steps); a spec that never settles runs until this limit",
                explanation: "The run reduced as many events as the step limit allows (100000 by default, all spins together) without ending: feedbacks keep emitting. spinrun exits 4.",
                wrong: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }\nfeedbacks:\n  ticker: { emit: tick }",
                right: "spin: Counter\ndata:\n  count: 0\nevents: [tick]\ntransitions:\n  - { on: tick, set: { count: count + 1 } }\nfeedbacks:\n  ticker: { when: count < 10, emit: tick }",
                origin: .run)
        case .timeLimit:
            return .error(
                "stopped by the time limit: {limit} (--max-time)",
                explanation: "The run's (virtual) time reached the time limit (24h by default) with timers still pending. spinrun exits 4.",
                wrong: "spin: Clock\ndata:\n  ticks: 0\nevents: [tick]\ntransitions:\n  - { on: tick, set: { ticks: ticks + 1 } }\nfeedbacks:\n  ticker: { when: true, every: 1h, emit: tick }",
                right: "spin: Clock\ndata:\n  ticks: 0\nevents: [tick]\ntransitions:\n  - { on: tick, set: { ticks: ticks + 1 } }\nfeedbacks:\n  ticker: { when: ticks < 3, every: 1h, emit: tick }",
                origin: .run)
        case .queueLimit:
            return .error(
                "stopped by the queue limit: {spin} had {count} waiting (--max-queue); feedbacks that emit faster than the spin reduces fill its queue until this limit",
                explanation: "An event arrived at a spin that already had as many events waiting as the queue limit allows: feedback rules emit more events per state than the spin reduces. spinrun exits 4.",
                wrong: "spin: Runaway\ndata:\n  count: 0\nevents: [increase]\ntransitions:\n  - { on: increase, set: { count: count + 1 } }\nfeedbacks:\n  first: { emit: increase }\n  second: { emit: increase }",
                right: "spin: Runaway\ndata:\n  count: 0\nevents: [increase]\ntransitions:\n  - { on: increase, set: { count: count + 1 } }\nfeedbacks:\n  first: { when: count < 10, emit: increase }",
                origin: .run)
        case .livelock:
            return .error(
                "livelock at {time}ms: a cycle of {steps} repeated {count} with no time passing (--livelock-repeats): {cycle}",
                explanation: "The same cycle of states repeated many times (100 by default) without virtual time passing: the spins bounce events among themselves forever. spinrun exits 4 and prints the cycle.",
                wrong: "spin: Switch\nstates: [off, on]\nevents: [flip]\ntransitions:\n  - { from: off, on: flip, to: on }\n  - { from: on, on: flip, to: off }\nfeedbacks:\n  flipper: { emit: flip }",
                right: "spin: Switch\nstates: [off, on]\ndata:\n  flips: 0\nevents: [flip]\ntransitions:\n  - { from: off, on: flip, to: on, set: { flips: flips + 1 } }\n  - { from: on, on: flip, to: off, set: { flips: flips + 1 } }\nfeedbacks:\n  flipper: { when: flips < 10, emit: flip }",
                origin: .run)

        // MARK: spinrun's command line and inputs
        case .exclusiveOptions:
            return .error(
                "{options} exclude each other",
                explanation: "spinrun does one thing per call: validate, draw (--dot or --mermaid), run, or replay a recorded trace.",
                wrong: "spinrun --validate --dot Specs/turnstile.yaml",
                right: "spinrun --dot Specs/turnstile.yaml",
                origin: .command)
        case .specFileCount:
            return .error(
                "expected {expected}, found {count}",
                explanation: "A run or a drawing takes one spec file; --validate takes one or more.",
                wrong: "spinrun Specs/turnstile.yaml Specs/levels.yaml",
                right: "spinrun --validate Specs/turnstile.yaml Specs/levels.yaml",
                origin: .command)
        case .optionOutOfRange:
            return .error(
                "{option} must be {bound}",
                explanation: "The option's value is outside its range: limits are at least 1 (--livelock-repeats and --max-diagnostics may be 0, which turns the check off or prints every diagnostic, and --check --max-depth may be 0, which explores the start alone).",
                wrong: "spinrun --max-steps 0 Specs/turnstile.yaml",
                right: "spinrun --max-steps 10 Specs/turnstile.yaml",
                origin: .command)
        case .unknownDiagnosticGroup:
            return .error(
                "unknown diagnostic group '{name}'", hint: "spinrun --explain list prints every group",
                explanation: "--explain takes the name printed in brackets at the end of a diagnostic, such as UnknownEvent in [#UnknownEvent], or 'list'.",
                wrong: "spinrun --explain UnknownEvents",
                right: "spinrun --explain UnknownEvent",
                origin: .command)
        case .unknownSpin:
            return .error(
                "unknown spin '{spin}'", hint: "the spins: {spins}",
                explanation: "--spin, the spin of an input (Feature.retry) or of --until (Feature.attempts > 1) names a spin the spec does not have. The hint lists the spec's spins.",
                wrong: "spinrun --spin Turnstyle Specs/turnstile.yaml",
                right: "spinrun --spin Turnstile Specs/turnstile.yaml",
                origin: .command)
        case .untilSpansSpins:
            return .error(
                "--until reads the state of one spin; it names {spins}",
                hint: "stop on one spin's state, such as Feature.attempts > 1",
                explanation: "--until is a condition on one spin's state, checked after each of that spin's steps. A name qualified with a spin (Feature.attempts) chooses the spin; names of two spins cannot be mixed in one condition.",
                wrong: "spinrun --until 'Feature.attempts > 1 and Authorization.checks > 0' Specs/gear.yaml",
                right: "spinrun --until 'Feature.attempts > 1' Specs/gear.yaml",
                origin: .command)
        case .specWithoutSpins:
            return .error(
                "the spec has no spin",
                explanation: "An input was sent into a spec without spins. A spec that loads always has one; only a program building a model by hand can meet this.",
                wrong: "A host program sends an event into a SpecRun of an empty SpecModel.",
                right: "It loads the model from a spec, which has at least one spin.",
                origin: .unreproducible("a spec that loads always has a spin"))
        case .invalidEventOption:
            return .error(
                "'{text}' is not NAME or NAME=JSON",
                explanation: "--event takes an event name, optionally followed by '=' and a JSON object for its payload.",
                wrong: "spinrun --event '25 coins' Specs/turnstile.yaml",
                right: "spinrun --event 'coin={\"amount\":25}' Specs/turnstile.yaml",
                origin: .command)
        case .missingEventName:
            return .error(
                "expected an event name, found {found}",
                explanation: "A line of an events file (--events) or of --interactive input is [TIME] NAME [JSON]: the name is missing or not a name.",
                wrong: "spinrun --events Tests/SpinrunTests/Fixtures/no-name.events Specs/turnstile.yaml",
                right: "spinrun --events Tests/SpinrunTests/Fixtures/coins.events Specs/turnstile.yaml",
                origin: .command)
        case .timeNotAllowed:
            return .error(
                "expected NAME [JSON], not a time ('{time}'): on the wall clock an input is sent when it is typed",
                explanation: "Events typed with --interactive --realtime are emitted at once, on the wall clock; a time before an event ('2s coin') is for virtual time (--interactive without --realtime) and for events files (--events).",
                wrong: "printf '1s coin {\"amount\":25}\\n' | spinrun --interactive --realtime Specs/turnstile.yaml",
                right: "printf 'coin {\"amount\":25}\\n' | spinrun --interactive --realtime Specs/turnstile.yaml",
                origin: .command)
        case .inputInThePast:
            return .error(
                "the input's time {time} is before the session's time {now}; an input cannot be sent in the past",
                hint: "give a time from {now} on, or no time (the input is then sent at {now})",
                explanation: "In --interactive on virtual time, 'wait DURATION' and 'TIME NAME' move the session's time on; an input typed later cannot be sent at an earlier time. Without a time it is sent at the session's time.",
                wrong: "printf 'wait 2s\\n1s coin {\"amount\":25}\\n' | spinrun --interactive Specs/turnstile.yaml",
                right: "printf 'wait 2s\\n3s coin {\"amount\":25}\\n' | spinrun --interactive Specs/turnstile.yaml",
                origin: .command)
        case .payloadNotJSON:
            return .error(
                "the payload of '{event}' is not a JSON object: {problem}",
                explanation: "An event's payload is a flat JSON object of scalars: {\"amount\":25}. Enum values are case-name strings; nested objects, lists and null are not payload values.",
                wrong: "spinrun --event 'coin={amount:25}' Specs/turnstile.yaml",
                right: "spinrun --event 'coin={\"amount\":25}' Specs/turnstile.yaml",
                origin: .command)
        case .payloadFieldType:
            return .error(
                "field '{field}' of '{event}' must be {expected}, not {value}",
                explanation: "The JSON value does not fit the type of the payload field the spec declares.",
                wrong: "spinrun --event 'coin={\"amount\":\"25\"}' Specs/turnstile.yaml",
                right: "spinrun --event 'coin={\"amount\":25}' Specs/turnstile.yaml",
                origin: .command)
        case .unknownInputEvent:
            return .error(
                "spin '{spin}' has no event '{event}'",
                explanation: "The event sent into the run (--event, --events, --interactive) is not declared by the spin that receives it.",
                wrong: "spinrun --event cion Specs/turnstile.yaml",
                right: "spinrun --event 'coin={\"amount\":25}' Specs/turnstile.yaml",
                origin: .command)
        case .noSpinHasEvent:
            return .error(
                "no spin has an event '{event}'", hint: "the inputs: {inputs}",
                explanation: "The event sent into a run of several spins (--event, --events, --interactive) is declared by none of them. An input may name its spin, as in Feature.retry; the hint lists every spin's inputs that way.",
                wrong: "spinrun --event rign Tests/SpinrunTests/Fixtures/door-and-bell.yaml",
                right: "spinrun --event Bell.ring Tests/SpinrunTests/Fixtures/door-and-bell.yaml",
                origin: .command)
        case .notAnInput:
            return .error(
                "event '{event}' is not an input of spin '{spin}'", hint: "declare it under 'inputs'",
                explanation: "Only the events a spin lists under 'inputs' may be sent from outside; the others are its own feedbacks' business.",
                wrong: "spinrun --event increaseLeft Specs/levels.yaml",
                right: "spinrun Specs/levels.yaml",
                origin: .command)
        case .inputInvalidField:
            return .error(
                "input '{event}' without a valid '{field}' ({type})",
                explanation: "The event sent into the run misses a payload field the spec declares (or its value has another type).",
                wrong: "spinrun --event coin Specs/turnstile.yaml",
                right: "spinrun --event 'coin={\"amount\":25}' Specs/turnstile.yaml",
                origin: .command)
        case .inputUnknownField:
            return .error(
                "input '{event}' with unknown field '{field}'",
                explanation: "The event sent into the run has a payload field the spec does not declare.",
                wrong: "spinrun --event 'coin={\"amount\":25,\"currency\":\"EUR\"}' Specs/turnstile.yaml",
                right: "spinrun --event 'coin={\"amount\":25}' Specs/turnstile.yaml",
                origin: .command)
        case .eventsFileTooLarge:
            return .error(
                "'{path}' is {size} bytes, more than the limit of {limit} bytes",
                hint: "raise the limit if the file really is this large: spinrun --max-events-bytes N",
                explanation: "The events file (--events) is larger than the limit on its size (default 64 MiB), so it is refused before it is read into memory. A run takes at most --max-steps events anyway.",
                wrong: "spinrun --max-events-bytes 10 --events Tests/SpinrunTests/Fixtures/coins.events Specs/turnstile.yaml",
                right: "spinrun --events Tests/SpinrunTests/Fixtures/coins.events Specs/turnstile.yaml",
                origin: .command)
        case .inputLineTooLong:
            return .error(
                "the line is longer than the limit of {limit} bytes; it is skipped",
                hint: "an event line is a name and a small JSON object; raise the limit if one really is this long: spinrun --max-events-bytes N",
                explanation: "A line typed on stdin with --interactive is longer than the limit (--max-events-bytes, default 64 MiB), so it is read to its end without being kept, reported, and skipped; the session goes on with the next line. Binary data piped into spinrun by mistake is the usual cause.",
                wrong: "printf 'coin {\"amount\":25}\\n' | spinrun --interactive --max-events-bytes 10 Specs/turnstile.yaml",
                right: "printf 'coin {\"amount\":25}\\n' | spinrun --interactive Specs/turnstile.yaml",
                origin: .command)
        case .inputAfterFinal:
            return .warning(
                "input '{event}' came after spin '{spin}' stopped in its final state '{state}'; it was not sent",
                hint: "a spin in a final state takes no more events",
                explanation: "An input (from the script, --event, --events or --interactive) was due after the spin it was for had reached a final state. A spin stops there and takes no more events, so the input is not sent; spinrun says so on stderr instead of dropping it silently. Leave out the inputs after the end, or make the state not final.",
                wrong: "spinrun --event 'coin={\"amount\":25}' --event push --event 'coin={\"amount\":25}' --event push --event push Specs/turnstile.yaml",
                right: "spinrun --event 'coin={\"amount\":25}' --event push --event 'coin={\"amount\":25}' --event push Specs/turnstile.yaml",
                origin: .command)
        case .dataFieldReadType:
            return .error(
                "data field '{field}' of spin '{spin}' has type {type}; it does not read as {requested}", hint: "read it as {readable}",
                explanation: "A host program read a data field by name as a Swift type that does not hold the field's values: an int reads as Int, Int64 or Double, a double as Double, a bool as Bool, a string or an enum value (its case name) as String.",
                wrong: "A host program calls turnstile.data(\"credit\", as: String.self) where credit is an int.",
                right: "It calls turnstile.data(\"credit\", as: Int.self).",
                origin: .unreproducible("it needs a host program"))
        case .replayNotJSONLines:
            return .error(
                "{path}:{line} is not a JSON Lines record", hint: "record the trace with --format jsonl",
                explanation: "--replay compares the run with a trace recorded by spinrun --format jsonl; the file holds something else (such as a text trace).",
                wrong: "spinrun --replay Tests/SpinrunTests/Golden/turnstile.txt Specs/turnstile.yaml",
                right: "spinrun --replay Tests/SpinrunTests/Golden/turnstile.jsonl Specs/turnstile.yaml",
                origin: .command)
        case .replayDiverged:
            return .error(
                "{step}: {difference}",
                explanation: "--replay ran the spec again and a step (or the summary) differs from the recorded trace: the spec, its seed or SpinDSL changed since it was recorded. The message names the members that differ (`state.credit expected 35, got 10`), or shows both lines when one side has none. spinrun exits 5.",
                wrong: "spinrun --replay Tests/SpinrunTests/Golden/levels.jsonl Specs/turnstile.yaml",
                right: "spinrun --replay Tests/SpinrunTests/Golden/turnstile.jsonl Specs/turnstile.yaml",
                origin: .command)
        case .notASpinTrail:
            return .error(
                "{path}:{line} is not a line of a SPIN trail (step:process:transition)",
                hint: "give the .trail file SPIN's ./pan wrote for the spec's model (spinrun --promela), or a JSON Lines trace",
                explanation: "--replay FILE reads FILE as a SPIN trail when its name ends in .trail or its first line is three numbers 'N:N:N', as ./pan writes them (a line '-4:-4:-4' or '-2:N:-2' is SPIN's own); a line of anything else, or a trail without a step, is not one.",
                wrong: "spinrun --replay Tests/SpinrunTests/Fixtures/spin/garbage.trail Specs/gate-bug.yaml",
                right: "spinrun --replay Tests/SpinrunTests/Golden/check/gate-bug.counterexample.jsonl Specs/gate-bug.yaml",
                origin: .command)
        case .trailNotOfSpec:
            return .error(
                "'{path}' is not a trail of this spec's model: {why}",
                hint: "replay a trail with the spec whose model (spinrun --promela SPEC) SPIN checked, unchanged since: the model is written again from the spec",
                explanation: "--replay TRAIL SPEC writes SPEC's Promela model again and has SPIN follow the trail on it (spin -t); each move's d_step prints which move it is, in the spec's terms. SPIN lost the trail (no statement of the model matches a step: the trail is another model's, or the spec changed), or what it printed does not agree with the spec's run.",
                wrong: "spinrun --replay model.pml.trail Specs/microwave-checked.yaml (model.pml.trail: ./pan's trail on spinrun --promela Specs/gate-bug.yaml)",
                right: "spinrun --replay model.pml.trail Specs/gate-bug.yaml",
                origin: .unreproducible("it needs SPIN installed; PromelaTests.trailErrors runs it where SPIN is"))
        case .spinNotFound:
            return .error(
                "SPIN (spin) is not on the PATH: --replay of a SPIN trail runs 'spin -t'",
                hint: "install SPIN 6.5 (apt-get install spin) or put the directory of spin on the PATH",
                explanation: "--replay TRAIL SPEC reads a SPIN trail by having SPIN follow it on the spec's model (spin -t -k TRAIL model.pml), which prints each move in the spec's terms; spinrun looks for the program spin in the directories of PATH. A JSON Lines trace is replayed without SPIN.",
                wrong: "PATH=/nonexistent spinrun --replay model.pml.trail Specs/gate-bug.yaml (model.pml.trail: ./pan's trail on spinrun --promela Specs/gate-bug.yaml)",
                right: "spinrun --replay model.pml.trail Specs/gate-bug.yaml, with SPIN installed",
                origin: .unreproducible("it needs a PATH without SPIN; PromelaTests.trailErrors runs it"))
        case .spinFailed:
            return .error(
                "spin -t could not follow '{path}': {why}",
                hint: "run 'spin -t -k TRAIL model.pml' on the model spinrun --promela writes to see what SPIN says (SPIN needs a C preprocessor: gcc or cpp)",
                explanation: "--replay TRAIL SPEC runs SPIN on the spec's model to follow the trail; SPIN exited with a failure, or did not end within the time spinrun gives it (300 seconds).",
                wrong: "spinrun --replay model.pml.trail Specs/gate-bug.yaml, with a spin on the PATH that fails or hangs",
                right: "spinrun --replay model.pml.trail Specs/gate-bug.yaml, with SPIN 6.5 and gcc installed",
                origin: .unreproducible("it needs a SPIN that fails or hangs"))
        case .graphvizNotFound:
            return .error(
                "Graphviz (dot) is not on the PATH: --html draws the spec's diagram with 'dot -Tsvg'",
                hint: "install Graphviz (apt-get install graphviz) or put the directory of dot on the PATH",
                explanation: "spinrun --html OUT writes a page whose diagram is Graphviz's SVG of the spec's DOT export (spinrun --dot); spinrun looks for the program dot in the directories of PATH before the run starts, so that no run ends without its page.",
                wrong: "PATH=/nonexistent spinrun --html run.html Specs/turnstile.yaml",
                right: "spinrun --html run.html Specs/turnstile.yaml, with Graphviz installed",
                origin: .unreproducible("it needs a PATH without Graphviz; HTMLViewerCommandTests.graphvizNotFound runs it"))
        case .graphvizFailed:
            return .error(
                "dot -Tsvg could not draw the diagram: {why}",
                hint: "run 'spinrun --dot SPEC | dot -Tsvg' to see what Graphviz says",
                explanation: "spinrun --html OUT draws the spec's DOT export with Graphviz (dot -Tsvg) for its page; dot exited with a failure, or did not end within the time spinrun gives it (120 seconds).",
                wrong: "spinrun --html run.html Specs/turnstile.yaml, with a dot on the PATH that fails",
                right: "spinrun --html run.html Specs/turnstile.yaml, with Graphviz 2.43 or later installed",
                origin: .unreproducible("it needs a dot that fails or hangs"))

        // MARK: What spinrun --check finds
        case .payloadWithoutValues:
            return .error(
                "input '{event}' has {type} payload field '{field}' without 'values': --check does not know which payloads to try",
                hint: "write it as '{field}: { type: {name}, values: {example} }'",
                explanation: "spinrun --check sends every input with every payload its fields can take: all the values of a bool or an enum, and the 'values' listed for any other type. An int, double, string or duration field of an input has too many values to try them all.",
                wrong: "spinrun --check Specs/turnstile.yaml",
                right: "spinrun --check Specs/turnstile-checked.yaml",
                origin: .command)
        case .tooManyPayloads:
            return .error(
                "input '{event}' has {count} payloads (its fields' values multiplied), more than the limit of {limit}",
                hint: "give its fields fewer 'values', or raise the limit: spinrun --check --max-payloads N (CheckOptions.maxPayloads)",
                explanation: "spinrun --check sends every input with every payload in every state: an input's payloads are every combination of its fields' values, so three fields of 1,000 values are 10^9 payloads a state. More than --max-payloads (65,536 unless raised) is refused before the search, instead of exhausting memory.",
                wrong: "spinrun --check --max-payloads 1 Specs/turnstile-checked.yaml",
                right: "spinrun --check --max-payloads 2 Specs/turnstile-checked.yaml",
                origin: .command)
        case .deadEnd:
            return .error(
                "dead end: no input and no timer changes anything, and {waiting} not in a final state",
                hint: "the counterexample shows the way there; add a way out, or make the state final",
                explanation: "spinrun --check reached a state in which nothing can happen any more (every input and every timer leaves it as it is) while a spin that must finish has not: a spin with final states, or one with inputs, is expected to be able to go on. A spin with neither (a data-only spin that settles) may stop anywhere.",
                wrong: "spinrun --check Specs/vending-deadend.yaml",
                right: "spinrun --check Specs/turnstile-checked.yaml",
                origin: .command)
        case .neverSettles:
            return .error(
                "the spins do not settle: {how}, with no input and no time passing",
                hint: "the counterexample shows the loop; give the feedbacks a condition that stops it",
                explanation: "After a move (an input, or a timer), spinrun --check lets the spins run until nothing is left to do. Feedbacks, or a statechart's raised events, that keep answering each other never get there: once a move has taken 1,000 steps the checker watches for the spins coming back to a state they were in during the move (a ring, reported with its length), and otherwise gives up after --max-move-steps steps (100,000 by default). A run of this spec would end with status livelock or max-steps.",
                wrong: "spinrun --check Tests/SpinrunTests/Fixtures/check/bounce.yaml",
                right: "spinrun --check Specs/turnstile-checked.yaml",
                origin: .command)
        case .stateNeverReached:
            return .warning(
                "state '{state}' of spin '{spin}' is never reached",
                hint: "no run reaches it from the initial state with these inputs and payloads",
                explanation: "spinrun --check explored every reachable state and none is in this control state: its rows in are never taken with the payloads the inputs have. (The static check of unreachable states only follows rows, not their guards.)",
                wrong: "spinrun --check Tests/SpinrunTests/Fixtures/check/unreached.yaml",
                right: "spinrun --check Specs/turnstile-checked.yaml",
                origin: .command)
        case .rowNeverFires:
            return .warning(
                "this row never fires in any reachable state ({on})", hint: "check its 'from' states and its guard, or remove it",
                explanation: "spinrun --check explored every reachable state and this row was never the one that applied: its 'from' states, its event and its guard never come together (or a row tried before it always wins).",
                wrong: "spinrun --check Specs/levels.yaml",
                right: "spinrun --check Specs/turnstile-checked.yaml",
                origin: .command)
        case .ruleNeverActs:
            return .warning(
                "rule '{rule}' never acts in any reachable state", hint: "check its trigger, or remove it",
                explanation: "spinrun --check explored every reachable state and this rule (or this case of it) never acted: its trigger never held, or a delayed action was always cancelled before it ran.",
                wrong: "spinrun --check Specs/levels.yaml",
                right: "spinrun --check Specs/turnstile-checked.yaml",
                origin: .command)
        case .stateLimit:
            return .error(
                "check stopped by the state limit: {limit} (--max-states); not every reachable state was explored",
                hint: "raise --max-states, bound the data with 'range', or check with SPIN's bitstate search on the --promela export",
                explanation: "spinrun --check stores every state it reaches; at --max-states (default 10,000,000) it stops with status incomplete (exit 4). Data without bounds (a counter that only grows) makes the states endless: give such fields a 'range'.",
                wrong: "spinrun --check --max-states 10 Specs/turnstile-checked.yaml",
                right: "spinrun --check Specs/turnstile-checked.yaml",
                origin: .command)
        case .memoryLimit:
            return .error(
                "check stopped by the memory limit: the states would take more than {limit} (--max-memory) after {states}; not every reachable state was explored",
                hint: "raise --max-memory, bound the data with 'range', or check with SPIN's bitstate search on the --promela export",
                explanation: "spinrun --check stores every state it reaches; with --max-memory it stops with status incomplete (exit 4) before the stored states (their vectors, hash table and tree, an array counted twice while it grows) would take more than the limit, and reports what it found so far.",
                wrong: "spinrun --check --max-memory 1M Benchmarks/Specs/counters.yaml",
                right: "spinrun --check --max-memory 1M Specs/turnstile-checked.yaml",
                origin: .command)
        case .depthLimit:
            return .error(
                "check stopped by the depth limit: {limit} (--max-depth); states deeper than that were not explored",
                hint: "raise --max-depth, or leave it out",
                explanation: "With --max-depth N, spinrun --check explores no further than N moves from the start and ends with status incomplete (exit 4) when something lay beyond.",
                wrong: "spinrun --check --max-depth 2 Specs/turnstile-checked.yaml",
                right: "spinrun --check Specs/turnstile-checked.yaml",
                origin: .command)
        case .moveRunLimit:
            return .error(
                "check stopped by the run limit: one move has more than {limit} (--max-move-runs); not every reachable state was explored",
                hint: "raise --max-move-runs, or give the 'choose' rules and simulated outcomes that act again and again inside one move a narrower 'when' or fewer outcomes",
                explanation: "spinrun --check runs each move of each state once per combination of the outcomes of the choices made on the way ('choose', a simulated effect's outcomes), skipping runs that come back to a state an earlier run was in. A move whose choices go on and on (a rule that chooses on every state it sees, inside a move that takes many steps) has too many: at --max-move-runs (default 10,000) the check stops with status incomplete (exit 4), with what it found so far.",
                wrong: "spinrun --check --max-move-runs 1 Specs/http-retry.yaml",
                right: "spinrun --check Specs/http-retry.yaml",
                origin: .command)
        case .checkOutOfMemory:
            return .error(
                "check stopped: out of memory for the states after {states}",
                hint: "use --max-states, or export the spec with --promela and use SPIN's bitstate search",
                explanation: "The states spinrun --check stores did not fit in memory; it stops with status incomplete (exit 4) and reports what it found so far.",
                wrong: "A spec whose reachable states take more memory than the machine has.",
                right: "The same spec with its data bounded by 'range', or checked with SPIN on its Promela export.",
                origin: .unreproducible("it needs the machine to run out of memory"))
        case .notExportable:
            return .error(
                "{what} cannot be exported to Promela: {why}",
                hint: "check this spec with spinrun --check, or rewrite the construct with what the export supports (docs/checking.md)",
                explanation: "spinrun --promela writes a spec as a Promela model whose states are spinrun --check's. It holds int, bool and enum data, inputs with their payloads, invariants and ranges, statecharts (flattened: a variable for the configuration, the compiled microsteps written out), and in a spec of one spin the feedback rules that emit: level rules, 'becomes' and 'enter' at once or after a fixed delay, and 'every' with a fixed period. Doubles, strings, durations, gears, effects, 'choose' and the other timings are not exported yet; each one the spec uses is reported. A model SPIN would refuse is refused too, at the spin whose step is too long: an inline longer than SPIN reads or a d_step of more statements than SPIN takes (docs/checking.md, \"SPIN's limits\").",
                wrong: "spinrun --promela Specs/thermostat.yaml",
                right: "spinrun --promela Specs/turnstile-checked.yaml",
                origin: .command)
        case .counterexampleNotWritten:
            return .error(
                "cannot write the counterexample to '{path}'", hint: "give a path in a directory that exists and can be written",
                explanation: "--counterexample FILE writes the first finding's counterexample there, as a JSON Lines trace; the file could not be created.",
                wrong: "spinrun --check --counterexample /nonexistent/gate.jsonl Specs/gate-bug.yaml",
                right: "spinrun --check --counterexample /tmp/turnstile.jsonl Specs/turnstile-checked.yaml",
                origin: .command)
        case .htmlNotWritten:
            return .error(
                "cannot write the page to '{path}'", hint: "give a path in a directory that exists and can be written",
                explanation: "--html FILE writes the run's page (with --check, the first finding's counterexample; with --replay, the replayed trace's) there, as one HTML file; the file could not be created.",
                wrong: "spinrun --html /nonexistent/turnstile.html Specs/turnstile.yaml",
                right: "spinrun --html /tmp/turnstile.html Specs/turnstile.yaml",
                origin: .command)
        case .diagnosticsNotShown:
            return .note(
                "{count} more diagnostics not shown ({kinds}), the first of them here",
                hint: "raise the limit of {limit} to see them: spinrun --max-diagnostics N, 0 for all (DiagnosticRenderer.limit)",
                explanation: "A spec produced more diagnostics than the limit on how many are printed (default 100), so the output stays readable and bounded: a generated spec can have tens of thousands of problems on one line. Errors are printed first, then warnings as room remains; the note counts the rest and points to the first of them. spinrun --validate still counts them all in its verdict.",
                wrong: "spinrun --max-diagnostics 1 --validate Specs/invalid/wrong-value-type.yaml",
                right: "spinrun --max-diagnostics 1 --validate Specs/turnstile.yaml",
                origin: .command)
        }
    }
}

/// The small specs the catalog's examples are made of.
private enum Example {
    /// A spin with nested states without diagnostics.
    static let door = """
        spin: Door
        events: [lock, unlock, push, pull]
        inputs: [lock, unlock, push, pull]
        states:
          closed:
            states:
              locked: {}
              unlocked: {}
          open: {}
        transitions:
          - { from: unlocked, on: lock, to: locked }
          - { from: locked, on: unlock, to: unlocked }
          - { from: unlocked, on: push, to: open }
          - { from: open, on: pull, to: closed }
        """

    /// The door with a row on `event` out of `closed` to `open`, and `locked` final within `closed`.
    static func doorDone(_ event: String) -> String {
        door.replacingOccurrences(of: "  closed:\n", with: "  closed:\n    final: [locked]\n") + "\n  - { from: closed, on: \(event), to: open }"
    }

    /// A spin with two parallel regions without diagnostics.
    static let regions = """
        spin: Pair
        events: [flip, reset]
        inputs: [flip, reset]
        states:
          both:
            parallel:
              left: { states: { l1: {}, l2: {} } }
              right: { states: { r1: {}, r2: {} } }
        transitions:
          - { from: l1, on: flip, to: l2 }
          - { from: l2, on: flip, to: l1 }
          - { from: r1, on: flip, to: r2 }
          - { from: r2, on: flip, to: r1 }
        """

    /// `regions` with its parallel state inside a compound state `on` whose `initial` is `initial`.
    static func pairInside(initial: String) -> String {
        var lines: [String] = []
        var inside = false
        for line in regions.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "transitions:" { inside = false }
            if line == "  both:" {
                lines += ["  on:", "    initial: \(initial)", "    states:"]
                inside = true
            }
            lines.append(inside ? "    " + line : String(line))
        }
        return lines.joined(separator: "\n")
    }

    /// A spin whose states nest `depth` levels deep: a chain of compound states, then two leaves.
    static func deeplyNested(_ depth: Int) -> String {
        var text = "spin: Deep\nevents: [go]\ninputs: [go]\nstates:\n"
        for level in 0..<(depth &- 1) {
            let pad = String(repeating: "    ", count: level) + "  "
            text += "\(pad)s\(level):\n\(pad)  states:\n"
        }
        let pad = String(repeating: "    ", count: depth &- 1) + "  "
        text += "\(pad)a: {}\n\(pad)b: {}\ntransitions:\n  - { from: a, on: go, to: b }\n  - { from: b, on: go, to: a }"
        return text
    }

    /// A spin of `count` parallel regions of two states each, each flipped by its own event, with
    /// `rows` rows of the whole spin.
    static func manyRegions(_ count: Int, rows: Int = 0) -> String {
        let events = (0..<count).map { "e\($0)" } + (rows > 0 ? ["poke"] : [])
        var text = "spin: Many\nevents: [\(events.joined(separator: ", "))]\ninputs: [\(events.joined(separator: ", "))]\n"
        if rows > 0 { text += "data:\n  n: 0\n" }
        text += "states:\n  all:\n    parallel:\n"
        for region in 0..<count { text += "      g\(region): { states: { a\(region): {}, b\(region): {} } }\n" }
        text += "transitions:\n"
        for region in 0..<count {
            text += "  - { from: a\(region), on: e\(region), to: b\(region) }\n  - { from: b\(region), on: e\(region), to: a\(region) }\n"
        }
        for row in 0..<rows { text += "  - { on: poke, when: n == \(row), set: { n: n + 1 } }\n" }
        return text
    }

    /// A spin whose `ring` state's entry both raises `rang` and propagates `bell.rang` with `with: {pairs}`.
    static func announcer(_ pairs: String) -> String {
        """
        gears:
          bell:
            events:
              rang: { amount: int }
        spins:
          Listener:
            data:
              heard: 0
            events: [heard]
            transitions:
              - { on: heard, set: { heard: heard + 1 } }
            feedbacks:
              hear: { catch: bell.rang, emit: heard }
          Ringer:
            events:
              press: {}
              rang: { amount: int }
            inputs: [press]
            data:
              total: 0
            states:
              quiet: {}
              ring:
                entry: { emit: rang, propagate: bell.rang, with: { \(pairs) } }
            transitions:
              - { from: quiet, on: press, to: ring }
              - { from: ring, on: rang, to: quiet, set: { total: total + event.amount } }
        """
    }

    /// A spin whose `echo` state's entry runs `raising` (`ping` events), each `ping` entering it
    /// again until `stop` pings were counted.
    /// The door, which defers `lock` while open, opened and then sent `locks` locks, then closed.
    static func deferringDoor(locks: Int) -> String {
        door.replacingOccurrences(of: "  open: {}", with: "  open: { defer: [lock] }") + "\nscript:\n  - { at: 0s, emit: unlock }\n  - { at: 0s, emit: push }\n"
            + (1...max(1, locks)).map { "  - { at: \($0)s, emit: lock }" }.joined(separator: "\n") + "\n  - { at: \(locks &+ 1)s, emit: pull }"
    }

    static func echo(raising actions: String, stop: Int) -> String {
        """
        spin: Echo
        events: [start, ping]
        inputs: [start]
        data:
          pings: 0
        states:
          idle: {}
          echo:
            entry: \(actions)
        transitions:
          - { from: idle, on: start, to: echo }
          - { from: echo, on: ping, when: pings < \(stop), to: echo, set: { pings: pings + 1 } }
          - { from: echo, on: ping, when: pings >= \(stop), to: idle }
        script:
          - { at: 0s, emit: start }
        """
    }

    /// A data-only spin without diagnostics.
    static let counter = """
        spin: Counter
        data:
          count: 0
        events: [tick]
        inputs: [tick]
        transitions:
          - { on: tick, set: { count: count + 1 } }
        """

    /// A spin with two control states without diagnostics.
    static let lamp = """
        spin: Lamp
        states: [off, on]
        events: [toggle]
        inputs: [toggle]
        transitions:
          - { from: off, on: toggle, to: on }
          - { from: on, on: toggle, to: off }
        """

    /// A counter with `count` inputs `i0`, `i1`, … each adding one.
    static func manyInputs(_ count: Int) -> String {
        let names = inputNames(count)
        return "spin: Many\ndata:\n  count: { type: int, initial: 0, range: [0, 1] }\nevents: [\(names)]\ninputs: [\(names)]\ntransitions:\n"
            + (0..<count).map { "  - { on: i\($0), when: count < 1, set: { count: count + 1 } }" }.joined(separator: "\n")
    }

    /// `i0, i1, …` up to `count` names.
    static func inputNames(_ count: Int) -> String {
        (0..<count).map { "i\($0)" }.joined(separator: ", ")
    }

    /// The lamp that turns itself off 5 s after it is turned on, unless turned off before: its
    /// second row cancels the send of id `cancelling`.
    static func lampWithTimeout(cancelling id: String) -> String {
        """
        spin: Lamp
        states: [off, on]
        events: [toggle, timeout]
        inputs: [toggle]
        transitions:
          - { from: off, on: toggle, to: on, send: timeout, delay: 5s, id: autoOff }
          - { from: on, on: toggle, to: off, cancel: \(id) }
          - { from: on, on: timeout, to: off }
        """
    }

    /// The lamp with `old` (a line's text) written as `new`.
    static func lamp(replacing old: String, with new: String) -> String {
        lamp.replacingOccurrences(of: old, with: new)
    }

    /// A counter whose input carries a payload.
    static let payloadCounter = """
        spin: Counter
        data:
          count: 0
        events:
          add: { amount: int }
        inputs: [add]
        transitions:
          - { on: add, set: { count: count + event.amount } }
        """

    /// The counter with its field declared as `count: declaration`.
    static func counter(count declaration: String) -> String {
        counter.replacingOccurrences(of: "  count: 0", with: "  count: \(declaration)")
    }

    /// A spin with an enum field `mode` declared as `declaration`, set to `value` on `tick`.
    static func heater(mode declaration: String, set value: String) -> String {
        "spin: Heater\ndata:\n  mode: \(declaration)\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { mode: \(value) } }"
    }

    /// The counter with a script step at `at`.
    static func counterWithScript(at time: String) -> String {
        counter + "\nscript:\n  - { at: \(time), emit: tick }"
    }

    /// The counter assigning `expression` (as written in YAML) to `count`.
    static func counterSetting(_ expression: String) -> String {
        counter.replacingOccurrences(of: "count: count + 1", with: "count: \(expression)")
    }

    /// The counter with `guard` (as written in YAML) on its row.
    static func counterGuard(_ guardExpression: String) -> String {
        counter.replacingOccurrences(of: "{ on: tick,", with: "{ on: tick, when: \(guardExpression),")
    }

    /// A spin with a string field, assigned `expression`.
    static func labelSetting(_ expression: String) -> String {
        "spin: Label\ndata:\n  label: \"\"\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { label: \(expression) } }"
    }

    /// A spin with a bool field, assigned `expression`.
    static func flagSetting(_ expression: String) -> String {
        "spin: Flag\ndata:\n  done: false\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { done: \(expression) } }"
    }

    /// The counter with `constants:` holding `declaration`, stopping at `limit`.
    static func counterWithConstant(_ declaration: String) -> String {
        "constants:\n  \(declaration)\n" + counter.replacingOccurrences(of: "{ on: tick,", with: "{ on: tick, when: count < limit,")
    }

    /// A vending machine with `types:` holding `declaration`, whose selection is an `Item`.
    static func vending(types declaration: String) -> String {
        "types:\n  \(declaration)\nspin: Vending\ndata:\n  chosen: { type: Item }\nevents:\n  select: { item: Item }\ninputs: [select]\ntransitions:\n  - { on: select, set: { chosen: event.item } }"
    }

    /// A spin with a duration field `delay`, assigned `expression` (as written in YAML).
    static func timer(set expression: String) -> String {
        "spin: Timer\ndata:\n  delay: 1s\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { delay: \(expression) } }"
    }

    /// A spin reduced once by its script: `set` on `data`.
    static func tickOnce(data: String, set: String) -> String {
        "spin: Counter\ndata:\n  \(data)\nevents: [tick]\ninputs: [tick]\ntransitions:\n  - { on: tick, set: { \(set) } }\nscript:\n  - { at: 0s, emit: tick }"
    }

    /// A loader whose effect has `simulate`, or none.
    static func loader(simulate: String?) -> String {
        """
        spin: Loader
        states: [loading, loaded]
        final: loaded
        events: [loaded]
        transitions:
          - { from: loading, on: loaded, to: loaded }
        feedbacks:
          fetch: { enter: loading, effect: fetchPage\(simulate.map { ", simulate: \($0)" } ?? "") }
        """
    }

    /// Two spins and a gear: the sender propagates `propagate` once, the receiver listens with
    /// `listen`.
    static func gears(propagate: String, listen: String = "{ catch: bus.ping, emit: pinged }") -> String {
        """
        gears:
          bus:
            events: [ping]
        spins:
          Receiver:
            data:
              pings: 0
            events: [pinged]
            transitions:
              - { on: pinged, set: { pings: pings + 1 } }
            feedbacks:
              listen: \(listen)
          Sender:
            states: [idle, sent]
            final: sent
            events: [send]
            inputs: [send]
            transitions:
              - { from: idle, on: send, to: sent }
            feedbacks:
              announce: { enter: sent, propagate: \(propagate) }
        """
    }
}

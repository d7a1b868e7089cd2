// The catalog of every diagnostic SpinDSL and spinrun print: each has a stable group name (printed
// at the end of its message line as `[#UnknownEvent]`, taken by `spinrun --explain`), a severity,
// the templates of its message and hint, and an explanation with a wrong and a right example.
// This file is the only place a message or hint template is written; call sites pass the values.
//
// How to add a diagnostic
// 1. Add a case below, in the section of the stage that finds it. Its raw value is the group name
//    users see and search for: PascalCase, saying what is wrong (`UnknownEvent`, `DivisionByZero`),
//    never changed once released (tests and scripts match on it).
// 2. Add its entry to the table of the same stage, in `DiagnosticCatalog+Stage.swift` (a test asks
//    for it: `CatalogTests` checks that every group has exactly one): `.error(…)` or `.warning(…)` with
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
    case notGeneratable = "NotGeneratable"
    case invalidCodegenConfig = "InvalidCodegenConfig"
    case swiftNotWritten = "SwiftNotWritten"

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

    /// What the catalog says about this group: its entry in the table of the stage that reports it.
    public var entry: DiagnosticEntry {
        DiagnosticCatalog.entries[self] ?? DiagnosticCatalog.missing
    }
}
